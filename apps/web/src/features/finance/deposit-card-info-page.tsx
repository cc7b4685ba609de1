import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@lobby/contracts';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { useDateTime } from '../../components/ui/use-business-time.ts';
import { bankGroupIndex } from '../../lib/banks.ts';
import { useDepositOrder } from './api/deposit-order.ts';
import { DepositStatusTag, DetailRow } from './cashier-parts.tsx';

/**
 * /finance/deposit/cardinfo?orderNo=: the card a bank-transfer deposit is paid to, as it was
 * when the order was made, each value with a copy button; then on to the transfer notice.
 */
export function DepositCardInfoPage() {
  const { t } = useTranslation('web');
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() || null;
  const order = useDepositOrder(orderNo);
  return (
    <div className="page">
      <PageHeader
        icon="card"
        title={t('finance.cardInfo.title')}
        subtitle={t('finance.cardInfo.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/finance/deposit">
            <Icon name="chevronLeft" size={16} />
            {t('finance.backToDeposit')}
          </Link>
        }
      />
      {orderNo === null || order.error || (order.data && !order.data.card) ? (
        <Panel>
          <EmptyState
            icon="card"
            title={t('finance.cardInfo.empty')}
            hint={t('finance.cardInfo.emptyHint')}
          >
            <Link className="btn btn--primary btn--sm" to="/finance/deposit">
              {t('finance.backToDeposit')}
            </Link>
          </EmptyState>
        </Panel>
      ) : order.data ? (
        <CardInfo order={order.data} />
      ) : (
        <Panel>
          <div className="skeleton skeleton--block" aria-busy="true" />
        </Panel>
      )}
    </div>
  );
}

function CardInfo({ order }: { order: DepositOrder }) {
  const { t } = useTranslation('web');
  const dateTime = useDateTime();
  const card = order.card;
  if (!card) return null;
  const search = `?orderNo=${encodeURIComponent(order.orderNo)}`;
  return (
    <>
      <Panel
        title={t('finance.cardInfo.details')}
        icon="card"
        extra={<DepositStatusTag status={order.status} />}
      >
        <div className={`bank-card bank-card--group-${bankGroupIndex(card.bankCode)}`}>
          <span className="bank-card__bank">{card.bankName}</span>
          <span className="bank-card__number">{card.cardNumber}</span>
          <span className="bank-card__holder">{card.accountName}</span>
        </div>
        <dl className="detail-list">
          <DetailRow label={t('finance.cardInfo.fields.bank')} copy={card.bankName} name="bank">
            {card.bankName}
          </DetailRow>
          <DetailRow
            label={t('finance.cardInfo.fields.payee')}
            copy={card.accountName}
            name="payee"
          >
            {card.accountName}
          </DetailRow>
          <DetailRow
            label={t('finance.cardInfo.fields.account')}
            copy={card.cardNumber.replace(/\s/g, '')}
            name="account"
          >
            <span className="mono">{card.cardNumber}</span>
          </DetailRow>
          <DetailRow label={t('finance.cardInfo.fields.branch')} copy={card.branch} name="branch">
            {card.branch}
          </DetailRow>
          <DetailRow label={t('finance.cardInfo.fields.amount')} copy={order.amount} name="amount">
            <Amount value={order.amount} className="amount--strong" />
          </DetailRow>
          <DetailRow
            label={t('finance.cardInfo.fields.reference')}
            copy={order.orderNo}
            name="reference"
          >
            <span className="mono">{order.orderNo}</span>
          </DetailRow>
          <DetailRow label={t('finance.order.fields.createdAt')}>
            {dateTime(order.createdAt)}
          </DetailRow>
        </dl>
      </Panel>
      <Panel title={t('finance.cardInfo.howTitle')} icon="info">
        <ol className="guide-steps">
          {(['transfer', 'exact', 'notice'] as const).map((step, index) => (
            <li key={step} className="guide-steps__item">
              <span className="guide-steps__number">{index + 1}</span>
              <div>
                <p>{t(`finance.cardInfo.how.${step}`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="button-row">
          {order.status === 'pending' ? (
            <Link className="btn btn--primary" to={`/finance/deposit/newsletter${search}`}>
              <Icon name="megaphone" size={16} />
              {t('finance.cardInfo.transferred')}
            </Link>
          ) : null}
          <Link className="btn btn--ghost" to={`/finance/deposit${search}`}>
            <Icon name="record" size={16} />
            {t('finance.order.viewStatus')}
          </Link>
        </div>
      </Panel>
    </>
  );
}
