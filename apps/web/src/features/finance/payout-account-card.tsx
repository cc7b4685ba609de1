import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutAccount } from '@lobby/contracts';
import { Icon, type IconName } from '../../components/ui/icon.tsx';

const TYPE_ICONS: Record<PayoutAccount['withdrawType'], IconName> = {
  1: 'card',
  2: 'wallet',
  3: 'coin',
};

/** What an account is called: the bank, Alipay, or the coin and its chain. */
export function usePayoutAccountTitle(): (account: PayoutAccount) => string {
  const { t } = useTranslation('web');
  return (account) =>
    account.withdrawType === 1
      ? (account.bankName ?? t('account.bankCards.tabs.bank'))
      : account.withdrawType === 2
        ? t('account.bankCards.tabs.alipay')
        : `${account.coinName ?? 'USDT'} · ${account.protocolName ?? ''}`;
}

/**
 * A payout account as a small card in the style of its kind: bank cards in the colour of their
 * bank group (SPEC.md section 9), Alipay and coin addresses in their own. Numbers come masked.
 */
export function PayoutAccountCard({
  account,
  children,
}: {
  account: PayoutAccount;
  children?: ReactNode;
}) {
  const title = usePayoutAccountTitle();
  const kind =
    account.withdrawType === 1
      ? `bank-card--group-${account.group}`
      : account.withdrawType === 2
        ? 'bank-card--alipay'
        : 'bank-card--coin';
  return (
    <div className={`bank-card bank-card--compact ${kind}`} data-account={account.id}>
      <span className="bank-card__bank">
        <Icon name={TYPE_ICONS[account.withdrawType]} size={18} />
        {title(account)}
      </span>
      <span className="bank-card__number">{account.account}</span>
      <span className="bank-card__holder">{account.holderName}</span>
      {children}
    </div>
  );
}
