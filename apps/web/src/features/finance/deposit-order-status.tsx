import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { DepositOrder } from '@lobby/contracts';
import { useMemberSession } from '../../app/member-session.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { useDateTime } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { depositProgress } from '../../lib/deposit-progress.ts';
import { useDepositOrder } from './api/deposit-order.ts';
import { FINANCE_QUERY_KEYS } from './api/query-keys.ts';
import { DepositStatusTag, DetailRow } from './cashier-parts.tsx';

/**
 * One deposit order and how far it has come, asked again every few seconds until it is final;
 * when it is credited the balance is refreshed at once. Shown on the deposit screen with
 * `?orderNo=`, where the payment gateway sends the member back.
 */
export function DepositOrderStatus({ orderNo, onDone }: { orderNo: string; onDone(): void }) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const order = useDepositOrder(orderNo);

  if (order.isPending) {
    return (
      <Panel title={t('finance.order.title')} icon="record">
        <div className="skeleton skeleton--block" aria-busy="true" />
      </Panel>
    );
  }
  if (order.error || !order.data) {
    return (
      <Panel title={t('finance.order.title')} icon="record">
        <EmptyState icon="search" title={t('finance.order.notFound')} hint={errorText(order.error)}>
          <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
            {t('finance.order.newDeposit')}
          </button>
        </EmptyState>
      </Panel>
    );
  }
  return <OrderDetails order={order.data} onDone={onDone} />;
}

function OrderDetails({ order, onDone }: { order: DepositOrder; onDone(): void }) {
  const { t } = useTranslation('web');
  const dateTime = useDateTime();
  const session = useMemberSession();
  const queryClient = useQueryClient();
  const progress = depositProgress(order.channelType, order.status);

  // A money action: once credited, the balance and the lists are asked for again at once.
  const creditedSeen = useRef<string | null>(null);
  useEffect(() => {
    if (order.status !== 'confirmed' || creditedSeen.current === order.orderNo) return;
    creditedSeen.current = order.orderNo;
    void session.refreshBalance({ force: true });
    void queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.depositOrders });
    void queryClient.invalidateQueries({ queryKey: FINANCE_QUERY_KEYS.transactionRecords });
  }, [order.orderNo, order.status, queryClient, session]);

  const search = `?orderNo=${encodeURIComponent(order.orderNo)}`;
  return (
    <Panel
      title={t('finance.order.title')}
      icon="record"
      className={`order-status order-status--${progress.outcome}`}
      extra={<DepositStatusTag status={order.status} />}
    >
      <div className="order-status__head" aria-live="polite">
        <span className="order-status__icon">
          <Icon
            name={
              progress.outcome === 'done'
                ? 'check'
                : progress.outcome === 'failed'
                  ? 'close'
                  : 'refresh'
            }
            size={26}
            className={progress.outcome === 'waiting' ? 'is-spinning-slow' : undefined}
          />
        </span>
        <div>
          <p className="order-status__title" data-testid="deposit-status-title">
            {t(`finance.order.headline.${order.status}`)}
          </p>
          <p className="order-status__hint">
            {t(`finance.order.hint.${order.channelType}.${order.status}`)}
          </p>
        </div>
      </div>
      <ol className="progress-steps" aria-label={t('finance.order.progress')}>
        {progress.steps.map((step, index) => {
          const state =
            index < progress.current || progress.outcome === 'done'
              ? 'done'
              : index === progress.current
                ? progress.outcome === 'failed'
                  ? 'failed'
                  : 'current'
                : 'todo';
          return (
            <li key={step} className={`progress-steps__item is-${state}`}>
              <span className="progress-steps__dot">
                {state === 'done' ? <Icon name="check" size={14} /> : index + 1}
              </span>
              <span className="progress-steps__label">{t(`finance.order.steps.${step}`)}</span>
            </li>
          );
        })}
      </ol>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-label={t('finance.order.progress')}
      >
        <span className="progress__bar" style={{ width: `${progress.percent}%` }} />
      </div>

      <dl className="detail-list order-status__details">
        <DetailRow label={t('finance.order.fields.orderNo')} copy={order.orderNo} name="orderNo">
          {order.orderNo}
        </DetailRow>
        <DetailRow label={t('finance.order.fields.channel')}>{order.channelName}</DetailRow>
        <DetailRow label={t('finance.order.fields.amount')} name="amount">
          <Amount value={order.amount} />
        </DetailRow>
        <DetailRow label={t('finance.order.fields.createdAt')}>
          {dateTime(order.createdAt)}
        </DetailRow>
        {order.decidedAt ? (
          <DetailRow label={t('finance.order.fields.decidedAt')}>
            {dateTime(order.decidedAt)}
          </DetailRow>
        ) : null}
        {order.coin ? (
          <>
            <DetailRow label={t('fields.protocol')}>USDT · {order.coin.protocolName}</DetailRow>
            <DetailRow
              label={t('finance.order.fields.coinAmount')}
              copy={order.coin.amount}
              name="coinAmount"
            >
              <strong className="coin-figure">
                {order.coin.amount} {order.coin.currency}
              </strong>
            </DetailRow>
            <DetailRow
              label={t('finance.order.fields.address')}
              copy={order.coin.address}
              name="address"
            >
              <code className="coin-address">{order.coin.address}</code>
            </DetailRow>
            <DetailRow label={t('finance.order.fields.rate')}>
              <span className="rate">
                1 {order.coin.currency} = <Amount value={order.coin.rate} />
              </span>
            </DetailRow>
            {order.coin.txHash ? (
              <DetailRow label={t('finance.order.fields.txHash')}>
                <code className="coin-address">{order.coin.txHash}</code>
              </DetailRow>
            ) : null}
          </>
        ) : null}
      </dl>

      {order.channelType === 'usdt' && order.status === 'pending' ? (
        <p className="callout" role="note">
          <Icon name="shield" size={18} />
          <span>{t('finance.order.usdtWarning')}</span>
        </p>
      ) : null}

      <div className="button-row order-status__actions">
        {order.channelType === 'online' && order.status === 'pending' && order.payUrl ? (
          <a className="btn btn--primary" href={order.payUrl}>
            <Icon name="external" size={16} />
            {t('finance.order.payNow')}
          </a>
        ) : null}
        {order.channelType === 'bank' && order.status === 'pending' ? (
          <>
            <Link className="btn btn--primary" to={`/finance/deposit/cardinfo${search}`}>
              <Icon name="card" size={16} />
              {t('finance.cardInfo.title')}
            </Link>
            <Link className="btn btn--ghost" to={`/finance/deposit/newsletter${search}`}>
              <Icon name="megaphone" size={16} />
              {t('finance.newsletter.title')}
            </Link>
          </>
        ) : null}
        {order.channelType === 'usdt' ? (
          <Link className="btn btn--ghost" to="/finance/deposit/virtualCoinHelp">
            <Icon name="help" size={16} />
            {t('finance.virtualCoinHelp.title')}
          </Link>
        ) : null}
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          <Icon name="plus" size={16} />
          {t('finance.order.newDeposit')}
        </button>
      </div>
    </Panel>
  );
}
