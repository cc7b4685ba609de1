import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@lobby/contracts';
import { venueCategory } from '../../app/venue-categories.ts';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { useGameList } from '../games/api/game-list.ts';
import { GAME_PARAMS, parsePlatformId } from '../games/game-rules.ts';
import { GameLayer } from '../games/game-layer.tsx';
import { ListFailed } from '../games/list-state.tsx';
import { OpenModeSwitch } from '../games/open-mode-switch.tsx';
import { PlatformCard, PlatformGridSkeleton } from '../games/platform-card.tsx';
import { useLaunchGame } from '../games/use-launch-game.ts';
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
