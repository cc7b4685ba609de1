import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasTurnoverLeft, withdrawableAmount } from '../../lib/withdrawable.ts';
import { WITHDRAW_PASSWORD_RULE, type PayoutAccount, type WithdrawalOrder } from '@lobby/contracts';
import { formatDecimal } from '@lobby/money';
import { useMemberSession } from '../../app/member-session.ts';
import { useBalance } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { FinanceTabs } from '../../components/ui/finance-tabs.tsx';
import { Field, FormAlert, PasswordInput, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useDateTime, useZonedHeading } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { filterAmountInput } from '../../lib/amount-filter.ts';
import { groupDigits } from '../../lib/amount-format.ts';
import { amountProblem, smallerAmount, wireAmount } from '../../lib/amount-rules.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { useWithdrawPasswordConfig } from '../../lib/api/withdraw-password-config.ts';
import { useBrand } from '../../lib/brand-context.tsx';
import { currencyScale } from '../../lib/currency-scale.ts';
import { createAttemptKeys } from '../../lib/idempotency-key.ts';
import { withdrawPasswordProblem } from '../../lib/member-rules.ts';
import { useAllPayoutAccounts } from './api/payout-accounts.ts';
import { useWithdrawOrders } from './api/withdraw-orders.ts';
import { useWithdraw } from './api/withdraw.ts';
import { WithdrawalStatusTag } from './cashier-parts.tsx';
import { WithdrawPasswordRequired } from './password-required.tsx';
import { PayoutAccountCard, usePayoutAccountTitle } from './payout-account-card.tsx';

const ADD_LINKS = [
  { to: '/finance/addBankCard', key: 'finance.addBankCard.title' },
  { to: '/finance/addAlipay', key: 'finance.addAlipay.title' },
  { to: '/finance/virtualCoinCard', key: 'finance.virtualCoinCard.title' },
] as const;

/** The brand's withdrawal rules (minor units in the config) as decimal strings. */
function useWithdrawRules() {
  const brand = useBrand();
  const scale = currencyScale(brand.currencyCode);
  const wallet = brand.settings.wallet;
  return {
    scale,
    min: formatDecimal(BigInt(wallet.withdrawMinMinor), scale),
    max: formatDecimal(BigInt(wallet.withdrawMaxMinor), scale),
    dailyCount: wallet.withdrawDailyCount,
  };
}

/**
 * /finance/withdraw: the centre balance and what can be withdrawn, the payout account, the
 * amount and the withdrawal password (RSA-encrypted), submitted with an idempotency key; and
 * the member's withdrawals with their status. The figures are asked for afresh on opening and
 * after a refusal. Without a withdrawal password the spec's message sends the member to set one
 * first.
 */
export function WithdrawPage() {
  const { t } = useTranslation('web');
  const session = useMemberSession();
  const balance = useBalance();
  // What may be withdrawn decides here: the balance and the turnover still owed are asked for
  // afresh on opening, not taken from a refresh up to 30 s old (bets settle in between).
  useEffect(() => {
    void session.refreshBalance({ force: true });
  }, [session]);
  const passwordConfig = useWithdrawPasswordConfig();
  const config = passwordConfig.data;
  return (
    <div className="page">
      <PageHeader
        icon="withdraw"
        title={t('finance.withdraw.title')}
        subtitle={t('finance.withdraw.subtitle')}
      />
      <FinanceTabs />
      <div className="figure-row">
        <Figure label={t('finance.centreWallet')} value={balance?.balance} name="balance" />
        <Figure
          label={t('finance.withdraw.withdrawable')}
          value={balance ? withdrawableAmount(balance) : undefined}
          name="withdrawable"
        />
        {balance && hasTurnoverLeft(balance) ? (
          <Figure
            label={t('finance.withdraw.turnoverLeft')}
            value={balance.turnover}
            name="turnover"
            hint={t('finance.withdraw.turnoverLeftHint')}
          />
        ) : null}
        <Figure
          label={t('finance.withdraw.inReview')}
          value={balance?.locked}
          name="locked"
          hint={t('finance.withdraw.inReviewHint')}
        />
      </div>
      {config?.isToSet ? (
        <Panel>
          <WithdrawPasswordRequired />
        </Panel>
      ) : config ? (
        <WithdrawForm passwordEnabled={config.enable} />
      ) : passwordConfig.error ? (
        <Panel>
          <EmptyState icon="info" title={t('finance.withdraw.configFailed')}>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => passwordConfig.refetch()}
            >
              {t('common.retry')}
            </button>
          </EmptyState>
        </Panel>
      ) : (
        <Panel>
          <div className="skeleton skeleton--block" aria-busy="true" />
        </Panel>
      )}
      <RecentWithdrawals />
    </div>
  );
}

function Figure({
  label,
  value,
  hint,
  name,
}: {
  label: string;
  value: string | undefined;
  hint?: string;
  name: string;
}) {
  return (
    <div className="balance-figure" data-figure={name}>
      <span className="balance-figure__label">{label}</span>
      <strong className="balance-figure__value">
        <Amount value={value} />
      </strong>
      {hint ? <span className="balance-figure__hint">{hint}</span> : null}
    </div>
  );
}

function WithdrawForm({ passwordEnabled }: { passwordEnabled: boolean }) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const balance = useBalance();
  const rules = useWithdrawRules();
  const accounts = useAllPayoutAccounts();
  const withdraw = useWithdraw();
  const [attempts] = useState(() => createAttemptKeys());
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<WithdrawalOrder | null>(null);
  const account = accounts.accounts.find((item) => item.id === chosen) ?? accounts.accounts[0];
  const available = balance?.balance;
  const form = useForm(
    { amount: '', withdrawPassword: '' },
    {
      amount: (value) =>
        amountProblem(value, { scale: rules.scale, min: rules.min, max: rules.max, available }),
      withdrawPassword: passwordEnabled ? withdrawPasswordProblem : undefined,
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    if (!form.check(event.currentTarget) || !account) return;
    const request = { amount: wireAmount(form.values.amount, rules.scale), accountId: account.id };
    withdraw.mutate(
      {
        ...request,
        ...(passwordEnabled ? { withdrawPassword: form.values.withdrawPassword } : {}),
        // The password is not part of the attempt: a retry with it typed again is the same one.
        idempotencyKey: attempts.keyFor(request),
      },
      {
        onSuccess: (order) => {
          attempts.settle();
          setDone(order);
          form.clear(['amount', 'withdrawPassword']);
        },
        onError: (error) => {
          setFailure(errorText(error));
          form.clear(['withdrawPassword']);
          if (error instanceof ApiError) form.markRefused(error.fields);
        },
      },
    );
  };

  return (
    <>
      <Panel
        title={t('finance.withdraw.accounts')}
        icon="card"
        extra={
          accounts.accounts.length > 0 ? (
            <Link className="section-head__more" to="/user/bankCardsManage">
              {t('member.menu.bankCards')}
              <Icon name="chevronRight" size={16} />
            </Link>
          ) : null
        }
      >
        {accounts.isPending ? (
          <div className="skeleton skeleton--block" aria-busy="true" />
        ) : accounts.accounts.length === 0 ? (
          <EmptyState
            icon="card"
            title={t('finance.withdraw.noAccounts')}
            hint={t('finance.withdraw.noAccountsHint')}
          >
            <AddAccountLinks />
          </EmptyState>
        ) : (
          <>
            <div
              className="account-choice"
              role="radiogroup"
              aria-label={t('finance.withdraw.accounts')}
            >
              {accounts.accounts.map((item) => (
                <AccountOption
                  key={item.id}
                  account={item}
                  checked={item.id === account?.id}
                  onChoose={() => setChosen(item.id)}
                />
              ))}
            </div>
            <div className="account-choice__add">
              <AddAccountLinks />
            </div>
          </>
        )}
      </Panel>
      <Panel title={t('finance.withdraw.form')} icon="withdraw">
        <form className="form form--narrow" onSubmit={submit} noValidate>
          <Field
            label={t('fields.amount')}
            required
            error={form.error('amount')}
            hint={t('finance.withdraw.limits', {
              min: groupDigits(rules.min),
              max: groupDigits(rules.max),
              count: rules.dailyCount,
            })}
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
                onChange={(event) => form.set('amount', filterAmountInput(event.target.value))}
                suffix={
                  <button
                    type="button"
                    className="input__action"
                    disabled={!available}
                    onClick={() => {
                      const all = available && smallerAmount(available, rules.max, rules.scale);
                      if (all) form.set('amount', all);
                    }}
                  >
                    {t('finance.withdraw.all')}
                  </button>
                }
              />
            )}
          </Field>
          {passwordEnabled ? (
            <Field
              label={t('fields.withdrawPassword')}
              required
              error={form.error('withdrawPassword')}
            >
              {(id, description) => (
                <PasswordInput
                  id={id}
                  icon="lock"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={WITHDRAW_PASSWORD_RULE.length}
                  placeholder={t('fields.withdrawPasswordDigitsPlaceholder', {
                    length: WITHDRAW_PASSWORD_RULE.length,
                  })}
                  {...description}
                  {...form.input('withdrawPassword')}
                />
              )}
            </Field>
          ) : null}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          {done ? (
            <FormAlert tone="success">
              {t('finance.withdraw.submitted', { orderNo: done.orderNo })}
            </FormAlert>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={withdraw.isPending || !account}
          >
            {withdraw.isPending ? t('common.submitting') : t('finance.withdraw.submit')}
          </button>
          <p className="form__aside">{t('finance.withdraw.reviewNote')}</p>
        </form>
      </Panel>
    </>
  );
}

function AccountOption({
  account,
  checked,
  onChoose,
}: {
  account: PayoutAccount;
  checked: boolean;
  onChoose(): void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      className={checked ? 'account-choice__item is-active' : 'account-choice__item'}
      onClick={onChoose}
    >
      <PayoutAccountCard account={account}>
        {checked ? <Icon name="check" size={18} className="bank-card__check" /> : null}
      </PayoutAccountCard>
    </button>
  );
}

function AddAccountLinks() {
  const { t } = useTranslation('web');
  return (
    <>
      {ADD_LINKS.map((link) => (
        <Link
          key={link.to}
          className="btn btn--ghost btn--sm"
          to={link.to}
          state={{ from: '/finance/withdraw' }}
        >
          <Icon name="plus" size={16} />
          {t(link.key)}
        </Link>
      ))}
    </>
  );
}

const PAGE_SIZE = 5;

function RecentWithdrawals() {
  const { t } = useTranslation('web');
  const dateTime = useDateTime();
  const zoned = useZonedHeading();
  const title = usePayoutAccountTitle();
  const [page, setPage] = useState(1);
  const orders = useWithdrawOrders(page, PAGE_SIZE);
  const rows = (orders.data?.items ?? []).map((order) => ({
    id: order.orderNo,
    time: dateTime(order.createdAt),
    orderNo: <span className="mono">{order.orderNo}</span>,
    account: (
      <span className="account-cell">
        {title(order.account)}
        <small>{order.account.account}</small>
      </span>
    ),
    amount: <Amount value={order.amount} />,
    status: (
      <span className="status-cell">
        <WithdrawalStatusTag status={order.status} />
        {order.reason ? <small>{order.reason}</small> : null}
      </span>
    ),
  }));
  return (
    <Panel title={t('finance.withdraw.recent')} icon="record" className="recent-orders">
      <DataTable
        stack
        columns={[
          { key: 'time', label: zoned(t('finance.order.fields.createdAt')) },
          { key: 'orderNo', label: t('finance.order.fields.orderNo') },
          { key: 'account', label: t('finance.withdraw.account') },
          { key: 'amount', label: t('finance.order.fields.amount'), align: 'end' },
          { key: 'status', label: t('finance.order.fields.status'), align: 'center' },
        ]}
        rows={rows}
        loading={orders.isPending}
        emptyIcon="withdraw"
        emptyTitle={t('finance.withdraw.noOrders')}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={orders.data?.total ?? 0} onChange={setPage} />
    </Panel>
  );
}
