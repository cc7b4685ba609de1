import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VENUE_CATEGORIES } from '../../app/venue-categories.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

/** /venues: every venue category and, with the games issue, every platform in it. */
export function VenuesPage() {
  const { t } = useTranslation('web');
  return (
    <div className="container page">
      <PageHeader icon="grid" title={t('venues.allTitle')} subtitle={t('venues.allSubtitle')} />
      <div className="category-chips">
        {VENUE_CATEGORIES.map((venue) => (
          <Link key={venue.category} to={venue.path} className="category-chip">
            <img src={venue.image} alt="" />
            <span>{t(`venue.${venue.category}.title`)}</span>
            <Icon name="chevronRight" size={16} />
          </Link>
        ))}
      </div>
      <Panel title={t('venues.allPlatforms')} icon="grid">
        <EmptyState
          icon="grid"
          title={t('venues.noPlatformsAll')}
          hint={t('venues.noPlatformsHint')}
        />
      </Panel>
    </div>
  );
}
