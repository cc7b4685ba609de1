import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';
import { FinanceTabs } from './finance-tabs.tsx';

const STEPS = ['method', 'amount', 'pay'] as const;

/** /finance/deposit: choose a channel, enter the amount, pay. Channels come from the wallet issue. */
export function DepositPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="deposit"
        title={t('finance.deposit.title')}
        subtitle={t('finance.deposit.subtitle')}
      />
      <FinanceTabs />
      <ol className="steps steps--compact">
        {STEPS.map((step, index) => (
          <li key={step} className={index === 0 ? 'steps__item is-active' : 'steps__item'}>
            <span className="steps__number">{index + 1}</span>
            <span className="steps__label">{t(`finance.deposit.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
      <Panel title={t('finance.deposit.channels')} icon="wallet">
        <EmptyState
          icon="wallet"
          title={t('finance.deposit.noChannels')}
          hint={t('finance.deposit.noChannelsHint')}
        >
          <Link className="btn btn--ghost btn--sm" to="/iframeCustomerService">
            <Icon name="headset" size={16} />
            {t('nav.service')}
          </Link>
        </EmptyState>
      </Panel>
      <Panel title={t('finance.deposit.amount')} icon="coin">
        <form className="form form--narrow" onSubmit={(event) => event.preventDefault()}>
          <Field label={t('fields.amount')} hint={t('finance.deposit.amountHint')}>
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
            {t('finance.deposit.submit')}
          </button>
        </form>
      </Panel>
      <div className="link-cards">
        <Link className="link-card" to="/finance/deposit/newsletter">
          <Icon name="megaphone" size={20} />
          <span>{t('finance.newsletter.title')}</span>
          <Icon name="chevronRight" size={16} />
        </Link>
        <Link className="link-card" to="/finance/deposit/cardinfo">
          <Icon name="card" size={20} />
          <span>{t('finance.cardInfo.title')}</span>
          <Icon name="chevronRight" size={16} />
        </Link>
        <Link className="link-card" to="/finance/deposit/virtualCoinHelp">
          <Icon name="help" size={20} />
          <span>{t('finance.virtualCoinHelp.title')}</span>
          <Icon name="chevronRight" size={16} />
        </Link>
      </div>
      <PendingNote>{t('finance.deposit.pending')}</PendingNote>
    </div>
  );
}
