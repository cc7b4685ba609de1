import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@lobby/contracts';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { VenueBanner } from './venue-banner.tsx';

/** /venue/*: the platforms of one category. The list comes from the games issue. */
export function VenuePage({ category }: { category: GameCategory }) {
  const { t } = useTranslation('web');
  const name = t(`venue.${category}.name`);
  return (
    <div className="feature-page">
      <VenueBanner category={category} />
      <div className="container page">
        <Panel title={t('venues.platforms', { name })} icon="grid">
          <EmptyState
            icon="grid"
            title={t('venues.noPlatforms', { name })}
            hint={t('venues.noPlatformsHint')}
          />
        </Panel>
      </div>
    </div>
  );
}
