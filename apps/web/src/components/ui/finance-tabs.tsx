import { useTranslation } from 'react-i18next';
import { Amount } from './amount.tsx';
import { LinkTabs } from './link-tabs.tsx';

/** Deposit, withdraw and transfer side by side. */
export function FinanceTabs() {
  const { t } = useTranslation('web');
  return (
    <LinkTabs
      label={t('member.menu.groups.wallet')}
      items={[
        { to: '/finance/deposit', label: t('member.menu.deposit'), icon: 'deposit' },
        { to: '/finance/withdraw', label: t('member.menu.withdraw'), icon: 'withdraw' },
        { to: '/finance/transfer', label: t('member.menu.transfer'), icon: 'transfer' },
      ]}
    />
  );
}

/** A balance figure: an amount of the brand's currency, or -- while unknown. */
export function BalanceFigure({
  label,
  hint,
  value,
}: {
  label: string;
  hint?: string;
  value?: string | null | undefined;
}) {
  return (
    <div className="balance-figure">
      <span className="balance-figure__label">{label}</span>
      <strong className="balance-figure__value">
        <Amount value={value} />
      </strong>
      {hint ? <span className="balance-figure__hint">{hint}</span> : null}
    </div>
  );
}
