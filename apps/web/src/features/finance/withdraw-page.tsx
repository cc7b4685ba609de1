import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, PasswordInput, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';
import { BalanceFigure, FinanceTabs } from './finance-tabs.tsx';

/** /finance/withdraw: balance, the withdrawal account, amount and withdrawal password. */
export function WithdrawPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="withdraw"
        title={t('finance.withdraw.title')}
        subtitle={t('finance.withdraw.subtitle')}
      />
      <FinanceTabs />
      <div className="figure-row">
        <BalanceFigure label={t('finance.centreWallet')} />
        <BalanceFigure label={t('finance.withdraw.withdrawable')} />
        <BalanceFigure label={t('finance.withdraw.turnoverLeft')} />
      </div>
      <Panel title={t('finance.withdraw.accounts')} icon="card">
        <EmptyState
          icon="card"
          title={t('finance.withdraw.noAccounts')}
          hint={t('finance.withdraw.noAccountsHint')}
        >
          <Link className="btn btn--ghost btn--sm" to="/finance/addBankCard">
            <Icon name="plus" size={16} />
            {t('finance.addBankCard.title')}
          </Link>
          <Link className="btn btn--ghost btn--sm" to="/finance/addAlipay">
            <Icon name="plus" size={16} />
            {t('finance.addAlipay.title')}
          </Link>
          <Link className="btn btn--ghost btn--sm" to="/finance/virtualCoinCard">
            <Icon name="plus" size={16} />
            {t('finance.virtualCoinCard.title')}
          </Link>
        </EmptyState>
      </Panel>
      <Panel title={t('finance.withdraw.form')} icon="withdraw">
        <form className="form form--narrow" onSubmit={(event) => event.preventDefault()}>
          <Field label={t('fields.amount')}>
            {(id) => (
              <TextInput
                id={id}
                icon="coin"
                inputMode="decimal"
                disabled
                placeholder={t('fields.amountPlaceholder')}
              />
            )}
          </Field>
          <Field label={t('fields.withdrawPassword')}>
            {(id) => (
              <PasswordInput
                id={id}
                icon="lock"
                disabled
                autoComplete="off"
                placeholder={t('fields.withdrawPasswordPlaceholder')}
              />
            )}
          </Field>
          <button type="submit" className="btn btn--primary btn--block" disabled>
            {t('finance.withdraw.submit')}
          </button>
          <PendingNote>{t('finance.withdraw.pending')}</PendingNote>
        </form>
      </Panel>
    </div>
  );
}
