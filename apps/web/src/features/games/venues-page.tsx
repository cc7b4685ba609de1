import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES, type GamePlatform } from '@lobby/contracts';
import { VENUE_CATEGORIES, type VenueCategory } from '../../app/venue-categories.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { useGameList } from './api/game-list.ts';
import { GameLayer } from './game-layer.tsx';
import { GAME_PARAMS, platformSummary, type GameEntry } from './game-rules.ts';
import { ListFailed } from './list-state.tsx';
import { OpenModeSwitch } from './open-mode-switch.tsx';
import { PlatformGridSkeleton } from './platform-card.tsx';
import { useLaunchGame } from './use-launch-game.ts';

/**
 * /venues: every venue category and every platform of the brand in it. A platform opens its
 * lobby game (its hot one first); slot platforms, which have many games, open the electronic
 * games screen on that platform.
 */
export function VenuesPage() {
  const { t } = useTranslation('web');
  const list = useGameList(0);
  const launch = useLaunchGame();
  const navigate = useNavigate();
  const platforms = list.data ?? [];

  const open = (platform: GamePlatform, venue: VenueCategory) => {
    if (platform.category === GAME_CATEGORIES.slot) {
      void navigate(`${venue.path}?${GAME_PARAMS.platform}=${platform.id}`);
      return;
    }
    const game = platform.games.find((item) => item.hot) ?? platform.games[0];
    if (game) launch({ game, platform: platformSummary(platform) } satisfies GameEntry);
  };

  return (
    <div className="container page">
      <PageHeader
        icon="grid"
        title={t('venues.allTitle')}
        subtitle={t('venues.allSubtitle')}
        actions={<OpenModeSwitch />}
      />
      <div className="category-chips">
        {VENUE_CATEGORIES.map((venue) => (
          <Link key={venue.category} to={venue.path} className="category-chip">
            <img src={venue.image} alt="" />
            <span>{t(`venue.${venue.category}.title`)}</span>
            <Icon name="chevronRight" size={16} />
          </Link>
        ))}
      </div>
      {list.error ? (
        <Panel>
          <ListFailed error={list.error} onRetry={() => void list.refetch()} />
        </Panel>
      ) : !list.data ? (
        <Panel>
          <PlatformGridSkeleton />
        </Panel>
      ) : platforms.length === 0 ? (
        <Panel>
          <EmptyState
            icon="grid"
            title={t('venues.noPlatformsAll')}
            hint={t('venues.noPlatformsHint')}
          />
        </Panel>
      ) : (
        VENUE_CATEGORIES.map((venue) => {
          const inVenue = platforms.filter((platform) => platform.category === venue.code);
          if (inVenue.length === 0) return null;
          return (
            <Panel
              key={venue.category}
              title={t(`venue.${venue.category}.title`)}
              icon={venue.icon}
              className="venues-section"
              extra={
                <Link className="section-head__more" to={venue.path}>
                  {t('home.venues.enter')}
                  <Icon name="chevronRight" size={16} />
                </Link>
              }
            >
              <div className="venue-platforms" data-category={venue.category}>
                {inVenue.map((platform) => (
                  <button
                    key={platform.id}
                    type="button"
                    className={
                      platform.maintenance ? 'venue-platform is-maintenance' : 'venue-platform'
                    }
                    data-platform={platform.id}
                    disabled={platform.maintenance}
                    onClick={() => open(platform, venue)}
                  >
                    <img src={platform.icon} alt="" width={40} height={40} loading="lazy" />
                    <span className="venue-platform__text">
                      <strong>{platform.name}</strong>
                      <small>
                        {platform.maintenance
                          ? t('games.maintenance')
                          : t('games.count', { count: platform.games.length })}
                      </small>
                    </span>
                    <Icon name="chevronRight" size={16} className="venue-platform__go" />
                  </button>
                ))}
              </div>
            </Panel>
          );
        })
      )}
      <GameLayer />
    </div>
  );
}
