import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/brand-context.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, Panel, PendingNote } from '../../components/ui/page.tsx';

const STEPS: readonly { key: string; icon: IconName }[] = [
  { key: 'register', icon: 'user' },
  { key: 'apply', icon: 'record' },
  { key: 'share', icon: 'megaphone' },
  { key: 'earn', icon: 'coin' },
];

/** /agent: the partnership programme. Its rules and application come from a later issue. */
export function AgentPage() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  return (
    <div className="feature-page">
      <section className="feature-hero feature-hero--agent">
        <div className="container feature-hero__inner">
          <p className="hero__eyebrow">
            <Icon name="agent" size={16} />
            {t('agent.eyebrow', { siteName: brand.siteName })}
          </p>
          <h1 className="feature-hero__title">{t('agent.title')}</h1>
          <p className="feature-hero__subtitle">
            {t('agent.subtitle', {
              rate: brand.settings.maxRebateRatePercent,
              siteName: brand.siteName,
            })}
          </p>
          <div className="feature-hero__stat">
            <strong>{brand.settings.maxRebateRatePercent}%</strong>
            <span>{t('agent.maxRate')}</span>
          </div>
        </div>
      </section>
      <div className="container page">
        <ol className="step-cards">
          {STEPS.map((step, index) => (
            <li key={step.key} className="step-card">
              <span className="step-card__number">{index + 1}</span>
              <Icon name={step.icon} size={26} />
              <strong>{t(`agent.steps.${step.key}.title`)}</strong>
              <small>{t(`agent.steps.${step.key}.body`)}</small>
            </li>
          ))}
        </ol>
        <div className="two-columns">
          <Panel title={t('agent.rules')} icon="record">
            <EmptyState
              icon="record"
              title={t('agent.rulesEmpty')}
              hint={t('agent.rulesEmptyHint')}
              compact
            />
          </Panel>
          <Panel title={t('agent.apply')} icon="agent">
            <p className="panel__text">{t('agent.applyBody')}</p>
            <div className="button-row">
              <button type="button" className="btn btn--primary" disabled>
                {t('agent.applyButton')}
              </button>
              <Link className="btn btn--ghost" to="/iframeCustomerService">
                <Icon name="headset" size={16} />
                {t('nav.service')}
              </Link>
            </div>
            <PendingNote>{t('agent.pending')}</PendingNote>
          </Panel>
        </div>
      </div>
    </div>
  );
}
