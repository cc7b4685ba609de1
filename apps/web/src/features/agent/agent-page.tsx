import { useTranslation } from 'react-i18next';
import type { AgentTier } from '@lobby/contracts';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import { useAgentInfo } from './api/agent-info.ts';
import { AgentDashboard } from './components/agent-dashboard.tsx';
import { JoinPanel } from './components/join-panel.tsx';
import { formatShare } from './components/share.ts';
import './agent.css';

const STEPS: readonly { key: string; icon: IconName }[] = [
  { key: 'register', icon: 'user' },
  { key: 'apply', icon: 'record' },
  { key: 'share', icon: 'megaphone' },
  { key: 'earn', icon: 'coin' },
];

/**
 * /agent: the partnership programme. Everyone sees the rules (the brand's commission tiers and
 * how a month is settled) and the sponsor area; a member applies ("join us") and follows the
 * application; an agent gets the invite code, link and QR code, the downline in aggregate and
 * the monthly commission statements.
 */
export function AgentPage() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const info = useAgentInfo();
  const tiers = info.data?.rules.tiers ?? [];
  const best = tiers.reduce((max, tier) => Math.max(max, tier.shareBp), 0);
  return (
    <div className="feature-page agent-page">
      <section className="feature-hero feature-hero--agent">
        <div className="container feature-hero__inner">
          <p className="hero__eyebrow">
            <Icon name="agent" size={16} />
            {t('agent.eyebrow', { siteName: brand.siteName })}
          </p>
          <h1 className="feature-hero__title">{t('agent.title')}</h1>
          <p className="feature-hero__subtitle">
            {t('agent.subtitle', { rate: formatShare(best), siteName: brand.siteName })}
          </p>
          <div className="feature-hero__stat">
            <strong>{formatShare(best)}</strong>
            <span>{t('agent.maxRate')}</span>
          </div>
        </div>
      </section>
      <div className="container page">
        {info.data?.agent ? (
          <AgentDashboard info={info.data} />
        ) : (
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
        )}
        <div className="two-columns agent-columns">
          <Panel title={t('agent.rules')} icon="record">
            <RulesTable tiers={tiers} loading={info.isPending} />
            {info.data ? (
              <ol className="agent-rules">
                {info.data.rules.explanation.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            ) : null}
          </Panel>
          <JoinPanel info={info.data} loading={info.isPending} />
        </div>
        <SponsorArea sponsors={info.data?.sponsors ?? []} />
      </div>
    </div>
  );
}

function RulesTable({ tiers, loading }: { tiers: readonly AgentTier[]; loading: boolean }) {
  const { t } = useTranslation('web');
  if (!loading && tiers.length === 0) {
    return <EmptyState icon="record" title={t('agent.rulesEmpty')} compact />;
  }
  return (
    <div className="agent-tiers" role="table" aria-label={t('agent.tiersLabel')}>
      <div className="agent-tiers__row agent-tiers__head" role="row">
        <span role="columnheader">{t('agent.tierLevel')}</span>
        <span role="columnheader">{t('agent.tierActive')}</span>
        <span role="columnheader">{t('agent.tierRevenue')}</span>
        <span role="columnheader">{t('agent.tierShare')}</span>
      </div>
      {tiers.map((tier, index) => (
        <div
          className="agent-tiers__row"
          role="row"
          key={`${tier.minActiveMembers}:${tier.minNetRevenue}`}
        >
          <span role="cell">{t('agent.tierName', { level: index + 1 })}</span>
          <span role="cell">{t('agent.tierActiveValue', { count: tier.minActiveMembers })}</span>
          <span role="cell">
            ≥ <Amount value={tier.minNetRevenue} />
          </span>
          <strong role="cell" className="agent-tiers__share">
            {formatShare(tier.shareBp)}
          </strong>
        </div>
      ))}
    </div>
  );
}

function SponsorArea({
  sponsors,
}: {
  sponsors: readonly {
    id: string;
    name: string;
    role: string;
    description: string;
    period: string;
  }[];
}) {
  const { t } = useTranslation('web');
  if (sponsors.length === 0) return null;
  return (
    <section className="agent-sponsors" aria-labelledby="agent-sponsors-title">
      <header className="agent-sponsors__header">
        <h2 id="agent-sponsors-title">
          <Icon name="trophy" size={20} />
          {t('agent.sponsorsTitle')}
        </h2>
        <p>{t('agent.sponsorsSubtitle')}</p>
      </header>
      <ul className="agent-sponsors__list">
        {sponsors.map((sponsor) => (
          <li key={sponsor.id} className="agent-sponsor" data-sponsor={sponsor.id}>
            <span className="agent-sponsor__badge">
              <Icon name={sponsor.id === 'ambassador' ? 'star' : 'trophy'} size={26} />
            </span>
            <strong>{sponsor.name}</strong>
            <span className="agent-sponsor__role">{sponsor.role}</span>
            <p>{sponsor.description}</p>
            <small>{sponsor.period}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
