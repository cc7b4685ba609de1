import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@lobby/contracts';
import { venueCategory } from '../../app/venue-categories.ts';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { useGameList } from './api/game-list.ts';
import { GameLayer } from './game-layer.tsx';
import { GAME_PARAMS, parsePlatformId } from './game-rules.ts';
import { ListFailed } from './list-state.tsx';
import { OpenModeSwitch } from './open-mode-switch.tsx';
import { PlatformCard, PlatformGridSkeleton } from './platform-card.tsx';
import { useLaunchGame } from './use-launch-game.ts';
import { VenueBanner } from './venue-banner.tsx';

/**
 * /venue/*: the platforms of one category (game list with show=<category>) with their games.
 * A click on a game opens it (guests log in first); a platform in maintenance opens nothing.
 * The platform of `?platform=` (the game just left) is marked.
 */
export function VenuePage({ category }: { category: GameCategory }) {
  const { t } = useTranslation('web');
  const venue = venueCategory(category);
  const name = t(`venue.${category}.name`);
  const list = useGameList(venue.code);
  const launch = useLaunchGame();
  const [params] = useSearchParams();
  const marked = parsePlatformId(params.get(GAME_PARAMS.platform));
  return (
    <div className="feature-page">
      <VenueBanner category={category} />
      <div className="container page">
        <Panel
          title={t('venues.platforms', { name })}
          icon="grid"
          className="venue-panel"
          extra={<OpenModeSwitch />}
        >
          {list.error ? (
            <ListFailed error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <PlatformGridSkeleton />
          ) : list.data.length === 0 ? (
            <EmptyState
              icon="grid"
              title={t('venues.noPlatforms', { name })}
              hint={t('venues.noPlatformsHint')}
            />
          ) : (
            <div className="platform-grid">
              {list.data.map((platform) => (
                <PlatformCard
                  key={platform.id}
                  platform={platform}
                  onLaunch={launch}
                  highlighted={platform.id === marked}
                />
              ))}
            </div>
          )}
        </Panel>
      </div>
      <GameLayer />
    </div>
  );
}
