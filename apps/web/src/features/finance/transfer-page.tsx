import { useTranslation } from 'react-i18next';
import { useBalance } from '../../app/session-store.ts';
import { Field, SelectInput, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';
import { BalanceFigure, FinanceTabs } from './finance-tabs.tsx';

/** /finance/transfer: move money between the centre wallet and the game wallets. */
export function TransferPage() {
  const { t } = useTranslation('web');
  const balance = useBalance();
  return (
    <div className="page">
      <PageHeader
        icon="transfer"
        title={t('finance.transfer.title')}
        subtitle={t('finance.transfer.subtitle')}
      />
      <FinanceTabs />
      <Panel
        title={t('finance.transfer.wallets')}
        icon="wallet"
        extra={
          <button type="button" className="btn btn--ghost btn--sm" disabled>
            <Icon name="refresh" size={16} />
            {t('finance.transfer.recycle')}
          </button>
        }
      >
        <div className="figure-row">
          <BalanceFigure label={t('finance.centreWallet')} value={balance?.balance} />
          <BalanceFigure label={t('finance.transfer.gameWallets')} value={balance?.platforms} />
        </div>
        <EmptyState
          icon="grid"
          title={t('finance.transfer.noWallets')}
          hint={t('finance.transfer.noWalletsHint')}
          compact
        />
      </Panel>
      <Panel title={t('finance.transfer.form')} icon="transfer">
        <form className="form form--narrow" onSubmit={(event) => event.preventDefault()}>
          <Field label={t('finance.transfer.from')}>
            {(id) => (
              <SelectInput
                id={id}
                value="centre"
                disabled
                options={[{ value: 'centre', label: t('finance.centreWallet') }]}
              />
            )}
          </Field>
          <Field label={t('finance.transfer.to')}>
            {(id) => (
              <SelectInput
                id={id}
                value=""
                disabled
                options={[{ value: '', label: t('finance.transfer.chooseWallet') }]}
              />
            )}
          </Field>
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
          <button type="submit" className="btn btn--primary btn--block" disabled>
            {t('finance.transfer.submit')}
          </button>
          <PendingNote>{t('finance.transfer.pending')}</PendingNote>
        </form>
      </Panel>
    </div>
  );
}
