import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_TYPES, type PayoutAccount, type PayoutAccountType } from '@lobby/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useDateTime } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useWithdrawPasswordConfig } from '../../lib/api/withdraw-password-config.ts';
import { useDeletePayoutAccount } from './api/delete-payout-account.ts';
import { PAYOUT_TYPES, usePayoutAccounts } from './api/payout-accounts.ts';
import { WithdrawPasswordRequired } from './password-required.tsx';
import { PayoutAccountCard, usePayoutAccountTitle } from './payout-account-card.tsx';

const KINDS: Record<PayoutAccountType, { add: string; icon: IconName; addKey: string }> = {
  bank: { add: '/finance/addBankCard', icon: 'card', addKey: 'finance.addBankCard.title' },
  alipay: { add: '/finance/addAlipay', icon: 'wallet', addKey: 'finance.addAlipay.title' },
  virtual: {
    add: '/finance/virtualCoinCard',
    icon: 'coin',
    addKey: 'finance.virtualCoinCard.title',
  },
};

function isPayoutType(value: string | null): value is PayoutAccountType {
  return value !== null && Object.hasOwn(WITHDRAW_TYPES, value);
}

/**
 * /user/bankCardsManage: the member's payout accounts by type (bank cards, Alipay, coin
 * addresses), numbers masked; adding one (after the withdrawal password) and deleting one after
 * "确认删除？".
 */
export function BankCardsManagePage() {
  const { t } = useTranslation('web');
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const kind: PayoutAccountType = isPayoutType(typeParam) ? typeParam : 'bank';
  const accounts = usePayoutAccounts(kind);
  const passwordConfig = useWithdrawPasswordConfig();
  const errorText = useErrorText();
  const current = KINDS[kind];
  const list = accounts.data ?? [];
  const mustSetPassword = passwordConfig.data?.isToSet === true;
  return (
    <div className="page">
      <PageHeader
        icon="card"
        title={t('account.bankCards.title')}
        subtitle={t('account.bankCards.subtitle')}
      />
      <Panel>
        <Tabs
          label={t('account.bankCards.title')}
          value={kind}
          onChange={(next) => setParams({ type: next }, { replace: true })}
          items={PAYOUT_TYPES.map((type) => ({
            value: type,
            label: t(`account.bankCards.tabs.${type}`),
          }))}
        />
        {mustSetPassword ? <WithdrawPasswordRequired /> : null}
        {accounts.isPending ? (
          <div className="skeleton skeleton--block" aria-busy="true" />
        ) : accounts.error ? (
          <FormAlert>{errorText(accounts.error)}</FormAlert>
        ) : list.length === 0 ? (
          <EmptyState
            icon={current.icon}
            title={t(`account.bankCards.empty.${kind}`)}
            hint={t('account.bankCards.emptyHint')}
          >
            {mustSetPassword ? null : (
              <Link className="btn btn--primary btn--sm" to={current.add}>
                <Icon name="plus" size={16} />
                {t(current.addKey)}
              </Link>
            )}
          </EmptyState>
        ) : (
          <>
            <ul className="account-list">
              {list.map((account) => (
                <AccountItem key={account.id} account={account} />
              ))}
            </ul>
            {mustSetPassword ? null : (
              <Link className="account-list__add" to={current.add}>
                <Icon name="plus" size={20} />
                {t(current.addKey)}
              </Link>
            )}
          </>
        )}
      </Panel>
    </div>
  );
}

function AccountItem({ account }: { account: PayoutAccount }) {
  const { t } = useTranslation('web');
  const title = usePayoutAccountTitle();
  const dateTime = useDateTime();
  const errorText = useErrorText();
  const remove = useDeletePayoutAccount();
  const [asking, setAsking] = useState(false);
  return (
    <li className="account-list__item">
      <PayoutAccountCard account={account} />
      <div className="account-list__meta">
        <span>{t('account.bankCards.addedAt', { time: dateTime(account.createdAt) })}</span>
        <button
          type="button"
          className="btn btn--ghost btn--sm account-list__delete"
          onClick={() => setAsking(true)}
          aria-label={t('account.bankCards.deleteWhat', { what: title(account) })}
        >
          <Icon name="close" size={16} />
          {t('account.bankCards.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('account.bankCards.confirmDelete')}
        confirmLabel={t('account.bankCards.delete')}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(account, {
            onSuccess: () => {
              setAsking(false);
              showToast(t('account.bankCards.deleted'));
            },
            onError: (error) => {
              setAsking(false);
              showToast(errorText(error), 'info');
            },
          })
        }
      >
        <p>
          {title(account)} {account.account}
        </p>
      </ConfirmDialog>
    </li>
  );
}
