import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TransferOrder, WalletPlatform } from '@lobby/contracts';
import { useMemberSession } from '../../app/member-session.ts';
import { useBalance } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { BalanceFigure, FinanceTabs } from '../../components/ui/finance-tabs.tsx';
import { Field, FormAlert, SelectInput, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useDateTime, useZonedHeading } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { filterAmountInput } from '../../lib/amount-filter.ts';
import { amountSign, groupDigits } from '../../lib/amount-format.ts';
import { amountProblem, wireAmount } from '../../lib/amount-rules.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { useBrand } from '../../lib/brand-context.tsx';
import { currencyScale } from '../../lib/currency-scale.ts';
import { createAttemptKeys } from '../../lib/idempotency-key.ts';
import { useRecycle, type RecycleAnswer } from './api/recycle.ts';
import { useTransferOrders } from './api/transfer-orders.ts';
import { useTransfer } from './api/transfer.ts';
import { useWalletList } from './api/wallet-list.ts';
import { ListFailed } from './list-state.tsx';
import { RecycleResultTag, TransferStatusTag } from './transfer-parts.tsx';

type Direction = 'in' | 'out';
type Choice = { platform: number | null; direction: Direction };

/**
 * /finance/transfer: the centre wallet and what each transfer-wallet platform holds (stale
 * balances and transfers being confirmed marked), a transfer in or out (amount filtered as
 * typed, one idempotency key per submission, kept when the same submission is sent again), the
 * one-click recycle with its result per platform, and the member's transfers, those in transit
 * asked again until they are final.
 */
export function TransferPage() {
  const { t } = useTranslation('web');
  const balance = useBalance();
  const session = useMemberSession();
  const wallets = useWalletList();
  const [choice, setChoice] = useState<Choice>({ platform: null, direction: 'in' });
  const formPanel = useRef<HTMLDivElement>(null);
  const [refreshing, setRefreshing] = useState(false);

  const choose = (next: Choice) => {
    setChoice(next);
    formPanel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="page transfer-page">
      <PageHeader
        icon="transfer"
        title={t('finance.transfer.title')}
        subtitle={t('finance.transfer.subtitle')}
      />
      <FinanceTabs />
      <div className="figure-row">
        <div data-figure="centre">
          <BalanceFigure label={t('finance.centreWallet')} value={balance?.balance} />
        </div>
        <div data-figure="platforms">
          <BalanceFigure
            label={t('finance.transfer.gameWallets')}
            value={balance?.platforms}
            hint={t('finance.transfer.gameWalletsHint')}
          />
        </div>
      </div>
      <div ref={formPanel}>
        <TransferForm wallets={wallets.data ?? []} choice={choice} onChoice={setChoice} />
      </div>
      <Panel
        title={t('finance.transfer.wallets')}
        icon="wallet"
        className="wallets-panel"
        extra={
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={wallets.isFetching || refreshing}
            onClick={() => {
              setRefreshing(true);
              void Promise.all([
                wallets.refetch(),
                session.refreshBalance({ force: true }),
              ]).finally(() => setRefreshing(false));
            }}
          >
            <Icon
              name="refresh"
              size={16}
              className={wallets.isFetching || refreshing ? 'is-spinning' : undefined}
            />
            {t('finance.transfer.refresh')}
          </button>
        }
      >
        <Recycle />
        {wallets.error ? (
          <ListFailed
            title={t('finance.transfer.walletsFailed')}
            error={wallets.error}
            onRetry={() => void wallets.refetch()}
          />
        ) : !wallets.data ? (
          <div className="skeleton skeleton--block" aria-busy="true" />
        ) : wallets.data.length === 0 ? (
          <EmptyState
            icon="grid"
            title={t('finance.transfer.noWallets')}
            hint={t('finance.transfer.noWalletsHint')}
            compact
          />
        ) : (
          <WalletGrid wallets={wallets.data} onChoose={choose} />
        )}
      </Panel>
      <TransferOrders />
    </div>
  );
}

function WalletGrid({
  wallets,
  onChoose,
}: {
  wallets: readonly WalletPlatform[];
  onChoose(choice: Choice): void;
}) {
  const { t } = useTranslation('web');
  const [withMoneyOnly, setWithMoneyOnly] = useState(false);
  const shown = withMoneyOnly
    ? wallets.filter((wallet) => amountSign(wallet.balance ?? '0') === 'in' || wallet.inTransit)
    : wallets;
  return (
    <>
      <div className="wallet-grid__filter">
        <span>{t('finance.transfer.walletCount', { count: wallets.length })}</span>
        <button
          type="button"
          className={withMoneyOnly ? 'chip is-active' : 'chip'}
          aria-pressed={withMoneyOnly}
          onClick={() => setWithMoneyOnly((value) => !value)}
        >
          {t('finance.transfer.withMoneyOnly')}
        </button>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon="wallet" title={t('finance.transfer.allEmpty')} compact />
      ) : (
        <ul className="wallet-grid">
          {shown.map((wallet) => (
            <li
              key={wallet.id}
              className={wallet.inTransit ? 'wallet-card is-in-transit' : 'wallet-card'}
              data-wallet={wallet.id}
            >
              <div className="wallet-card__head">
                <span className="wallet-card__name">{wallet.name}</span>
                {wallet.maintenance ? (
                  <span className="status-tag status-tag--todo">{t('games.maintenance')}</span>
                ) : wallet.inTransit ? (
                  <span className="status-tag status-tag--wait">
                    <span className="status-tag__pulse" aria-hidden="true" />
                    {t('games.inTransit')}
                  </span>
                ) : wallet.stale ? (
                  <span className="status-tag status-tag--todo" title={t('games.staleHint')}>
                    {t('games.stale')}
                  </span>
                ) : null}
              </div>
              <strong className="wallet-card__balance" data-testid="wallet-balance">
                <Amount value={wallet.balance} />
              </strong>
              <div className="wallet-card__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--xs"
                  onClick={() => onChoose({ platform: wallet.id, direction: 'in' })}
                >
                  {t('finance.transfer.directions.in')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--xs"
                  onClick={() => onChoose({ platform: wallet.id, direction: 'out' })}
                >
                  {t('finance.transfer.directions.out')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Outcome = { tone: 'success' | 'info' | 'error'; text: string };

function orderOutcome(order: TransferOrder, t: TFunction<'web'>): Outcome {
  switch (order.status) {
    case 'success':
      return {
        tone: 'success',
        text: t(`finance.transfer.done.${order.direction}`, {
          amount: groupDigits(order.amount),
          platform: order.platformName,
          orderNo: order.orderNo,
        }),
      };
    case 'in_transit':
      return {
        tone: 'info',
        text: t('finance.transfer.inTransit', { orderNo: order.orderNo }),
      };
    case 'failed':
      return {
        tone: 'error',
        text: order.reasonText ?? t('games.transferStatus.failed'),
      };
  }
}

function TransferForm({
  wallets,
  choice,
  onChoice,
}: {
  wallets: readonly WalletPlatform[];
  choice: Choice;
  onChoice(choice: Choice): void;
}) {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const scale = currencyScale(brand.currencyCode);
  const errorText = useErrorText();
  const balance = useBalance();
  const transfer = useTransfer();
  const [attempts] = useState(() => createAttemptKeys());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const wallet = wallets.find((item) => item.id === choice.platform);
  const available = choice.direction === 'in' ? balance?.balance : (wallet?.balance ?? undefined);
  const form = useForm(
    { amount: '' },
    { amount: (value) => amountProblem(value, { scale, available }) },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    if (!wallet) {
      setOutcome({ tone: 'error', text: t('finance.transfer.chooseWallet') });
      return;
    }
    if (!form.check(event.currentTarget)) return;
    const request = {
      platform: wallet.id,
      type: choice.direction,
      amount: wireAmount(form.values.amount, scale),
    };
    transfer.mutate(
      { ...request, idempotencyKey: attempts.keyFor(request) },
      {
        onSuccess: ({ order }) => {
          attempts.settle();
          setOutcome(orderOutcome(order, t));
          if (order.status !== 'failed') form.clear(['amount']);
        },
        onError: (error) => {
          // A refusal is final and moved nothing, so the next submission is a new one. A lost
          // answer (timeout, network) keeps the key: sending the same again is the same order.
          if (error instanceof ApiError) attempts.settle();
          setOutcome({ tone: 'error', text: errorText(error) });
        },
      },
    );
  };

  return (
    <Panel title={t('finance.transfer.form')} icon="transfer">
      <form className="form form--narrow transfer-form" onSubmit={submit} noValidate>
        <Tabs
          label={t('finance.transfer.direction')}
          variant="pill"
          value={choice.direction}
          onChange={(direction) => {
            onChoice({ ...choice, direction });
            setOutcome(null);
          }}
          items={[
            { value: 'in', label: t('finance.transfer.directions.inLong') },
            { value: 'out', label: t('finance.transfer.directions.outLong') },
          ]}
        />
        <Field label={t('finance.transfer.platform')} required>
          {(id, description) => (
            <SelectInput
              id={id}
              name="platform"
              value={choice.platform === null ? '' : String(choice.platform)}
              onChange={(value) => {
                onChoice({ ...choice, platform: value === '' ? null : Number(value) });
                setOutcome(null);
              }}
              options={[
                { value: '', label: t('finance.transfer.chooseWallet') },
                ...wallets.map((item) => ({
                  value: String(item.id),
                  label: item.maintenance ? `${item.name}（${t('games.maintenance')}）` : item.name,
                })),
              ]}
              {...description}
            />
          )}
        </Field>
        <div className="transfer-route" aria-live="polite">
          <span>
            {choice.direction === 'in' ? t('finance.centreWallet') : (wallet?.name ?? '--')}
          </span>
          <Icon name="chevronRight" size={16} />
          <span>
            {choice.direction === 'in' ? (wallet?.name ?? '--') : t('finance.centreWallet')}
          </span>
        </div>
        <Field
          label={t('fields.amount')}
          required
          error={form.error('amount')}
          hint={
            <span className="transfer-available">
              {t('finance.transfer.available')} <Amount value={available ?? null} />
            </span>
          }
        >
          {(id, description) => (
            <TextInput
              id={id}
              icon="coin"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('fields.amountPlaceholder')}
              {...description}
              {...form.input('amount')}
              onChange={(event) => form.set('amount', filterAmountInput(event.target.value, scale))}
              suffix={
                <button
                  type="button"
                  className="input__action"
                  disabled={!available || amountSign(available) !== 'in'}
                  onClick={() => available && form.set('amount', available)}
                >
                  {t('finance.withdraw.all')}
                </button>
              }
            />
          )}
        </Field>
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={transfer.isPending || wallets.length === 0}
        >
          {transfer.isPending ? t('common.submitting') : t('finance.transfer.submit')}
        </button>
      </form>
    </Panel>
  );
}

function Recycle() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const recycle = useRecycle();
  const [attempts] = useState(() => createAttemptKeys());
  const [answer, setAnswer] = useState<RecycleAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = () => {
    setFailure(null);
    recycle.mutate(attempts.keyFor('recycle'), {
      onSuccess: (result) => {
        attempts.settle();
        setAnswer(result);
      },
      onError: (error) => {
        if (error instanceof ApiError) attempts.settle();
        setFailure(errorText(error));
      },
    });
  };

  const moved = answer?.results.filter((result) => result.result !== 'empty') ?? [];
  const empty = answer?.results.filter((result) => result.result === 'empty') ?? [];

  return (
    <div className="recycle">
      <div className="recycle__bar">
        <p className="recycle__hint">{t('finance.transfer.recycleHint')}</p>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={recycle.isPending}
          onClick={run}
        >
          <Icon
            name="refresh"
            size={16}
            className={recycle.isPending ? 'is-spinning' : undefined}
          />
          {recycle.isPending ? t('finance.transfer.recycling') : t('finance.transfer.recycle')}
        </button>
      </div>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {answer ? (
        <section className="recycle-results" data-testid="recycle-results" aria-live="polite">
          <p className="recycle-results__summary">
            {t('finance.transfer.recycled')} <Amount value={answer.recycled} />
            <span className="recycle-results__sep" aria-hidden="true">
              ·
            </span>
            {t('finance.centreWallet')} <Amount value={answer.balance} />
          </p>
          {moved.length > 0 ? (
            <ul className="recycle-results__list">
              {moved.map((result) => (
                <li key={result.platformId} data-platform={result.platformId}>
                  <span className="recycle-results__name">{result.platformName}</span>
                  <RecycleResultTag result={result.result} />
                  {amountSign(result.amount) === 'in' ? <Amount value={result.amount} /> : null}
                  {result.reasonText ? (
                    <small className="recycle-results__reason">{result.reasonText}</small>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {empty.length > 0 ? (
            <details className="recycle-results__empty">
              <summary>{t('finance.transfer.emptyWallets', { count: empty.length })}</summary>
              <ul className="recycle-results__list">
                {empty.map((result) => (
                  <li key={result.platformId} data-platform={result.platformId}>
                    <span className="recycle-results__name">{result.platformName}</span>
                    <RecycleResultTag result={result.result} />
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

const PAGE_SIZE = 5;

function TransferOrders() {
  const { t } = useTranslation('web');
  const dateTime = useDateTime();
  const zoned = useZonedHeading();
  const [page, setPage] = useState(1);
  const orders = useTransferOrders(page, PAGE_SIZE);
  const rows = (orders.data?.items ?? []).map((order) => ({
    id: order.orderNo,
    time: dateTime(order.createdAt),
    orderNo: <span className="mono">{order.orderNo}</span>,
    route: (
      <span className="account-cell">
        {t(`finance.transfer.directions.${order.direction}`)}
        <small>{order.platformName}</small>
      </span>
    ),
    amount: <Amount value={order.amount} />,
    status: (
      <span className="status-cell">
        <TransferStatusTag status={order.status} />
        {order.reasonText ? <small>{order.reasonText}</small> : null}
      </span>
    ),
  }));
  return (
    <Panel title={t('finance.transfer.recent')} icon="record" className="recent-orders">
      <DataTable
        stack
        columns={[
          { key: 'time', label: zoned(t('finance.order.fields.createdAt')) },
          { key: 'orderNo', label: t('finance.order.fields.orderNo') },
          { key: 'route', label: t('finance.transfer.route') },
          { key: 'amount', label: t('finance.order.fields.amount'), align: 'end' },
          { key: 'status', label: t('finance.order.fields.status'), align: 'center' },
        ]}
        rows={rows}
        loading={orders.isPending}
        emptyIcon="transfer"
        emptyTitle={t('finance.transfer.noOrders')}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={orders.data?.total ?? 0} onChange={setPage} />
    </Panel>
  );
}
