import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

const FIGURES = ['turnover', 'points', 'exchanged'] as const;

/** /activity/enjoyLuxuryGifts: exchange turnover for gifts. */
export function LuxuryGiftsPage() {
  const { t } = useTranslation('web');
  return (
    <div className="container page">
      <PageHeader
        icon="gift"
        title={t('activity.gifts.title')}
        subtitle={t('activity.gifts.subtitle')}
      />
      <div className="summary-row summary-row--cards">
        {FIGURES.map((figure) => (
          <div key={figure} className="summary-row__item">
            <span>{t(`activity.gifts.figures.${figure}`)}</span>
            <strong>--</strong>
          </div>
        ))}
      </div>
      <div className="two-columns two-columns--wide-left">
        <Panel title={t('activity.gifts.catalogue')} icon="gift">
          <EmptyState
            icon="gift"
            title={t('activity.gifts.empty')}
            hint={t('activity.gifts.emptyHint')}
          />
        </Panel>
        <Panel title={t('activity.rules')} icon="record">
          <EmptyState icon="record" title={t('activity.rulesEmpty')} compact />
        </Panel>
      </div>
    </div>
  );
}
