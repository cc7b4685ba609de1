import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';

const STEPS = ['buy', 'choose', 'send', 'confirm'] as const;
const WARNINGS = ['protocol', 'address', 'confirmations'] as const;

/** /finance/deposit/virtualCoinHelp: how a virtual-currency deposit works. */
export function VirtualCoinHelpPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="coin"
        title={t('finance.virtualCoinHelp.title')}
        subtitle={t('finance.virtualCoinHelp.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/finance/deposit">
            <Icon name="chevronLeft" size={16} />
            {t('finance.backToDeposit')}
          </Link>
        }
      />
      <Panel title={t('finance.virtualCoinHelp.stepsTitle')} icon="record">
        <ol className="guide-steps">
          {STEPS.map((step, index) => (
            <li key={step} className="guide-steps__item">
              <span className="guide-steps__number">{index + 1}</span>
              <div>
                <strong>{t(`finance.virtualCoinHelp.steps.${step}.title`)}</strong>
                <p>{t(`finance.virtualCoinHelp.steps.${step}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title={t('finance.virtualCoinHelp.warningsTitle')} icon="shield">
        <ul className="bullet-list">
          {WARNINGS.map((warning) => (
            <li key={warning}>{t(`finance.virtualCoinHelp.warnings.${warning}`)}</li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
