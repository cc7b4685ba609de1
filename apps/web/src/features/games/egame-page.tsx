import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@lobby/contracts';
import { TextInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useGameList } from './api/game-list.ts';
import { GameGridSkeleton } from './game-grid-skeleton.tsx';
import { GameLayer } from './game-layer.tsx';
import { filterGames, flattenGames, GAME_PARAMS, parsePlatformId } from './game-rules.ts';
import { GameGrid } from './game-tile.tsx';
import { ListFailed } from './list-state.tsx';
import { OpenModeSwitch } from './open-mode-switch.tsx';
import { useLaunchGame } from './use-launch-game.ts';
import { VenueBanner } from './venue-banner.tsx';

const ALL = 'all';

/**
 * /game/egame: the slot games of every slot platform, with a search box, a platform filter
 * (kept in the address as `?platform=`, so leaving a game comes back to it) and a hot filter.
 */
export function EgamePage() {
  const { t } = useTranslation('web');
  const list = useGameList(GAME_CATEGORIES.slot);
  const launch = useLaunchGame();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const [hotOnly, setHotOnly] = useState(false);
  const platforms = useMemo(() => list.data ?? [], [list.data]);
  const requested = parsePlatformId(params.get(GAME_PARAMS.platform));
  const platformId = platforms.some((platform) => platform.id === requested) ? requested : null;
  const entries = useMemo(() => flattenGames(platforms), [platforms]);
  const shown = filterGames(entries, { query, platformId, hotOnly });

  const choosePlatform = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL) next.delete(GAME_PARAMS.platform);
    else next.set(GAME_PARAMS.platform, value);
    setParams(next, { replace: true });
  };

  return (
    <div className="feature-page">
      <VenueBanner category="slot" />
      <div className="container page">
        <Panel className="egame-panel">
          <div className="filter-bar egame-filters">
            <Tabs
              label={t('venues.platformTabs')}
              value={platformId === null ? ALL : String(platformId)}
              onChange={choosePlatform}
              variant="pill"
              items={[
                { value: ALL, label: t('venues.allPlatforms') },
                ...platforms.map((platform) => ({
                  value: String(platform.id),
                  label: platform.name,
                })),
              ]}
            />
            <div className="egame-filters__row">
              <div className="filter-bar__search">
                <TextInput
                  icon="search"
                  type="search"
                  name="gameSearch"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder={t('venues.searchGames')}
                  aria-label={t('venues.searchGames')}
                />
              </div>
              <button
                type="button"
                className={hotOnly ? 'chip is-active' : 'chip'}
                aria-pressed={hotOnly}
                onClick={() => setHotOnly((value) => !value)}
              >
                <Icon name="fire" size={14} />
                {t('games.hotOnly')}
              </button>
              <OpenModeSwitch />
            </div>
          </div>
          {list.error ? (
            <ListFailed error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <GameGridSkeleton count={12} />
          ) : shown.length === 0 ? (
            <EmptyState
              icon="slot"
              title={t('venues.noGames')}
              hint={entries.length === 0 ? t('venues.noGamesHint') : t('venues.noMatchHint')}
            />
          ) : (
            <>
              <p className="egame-count" role="status">
                {t('games.count', { count: shown.length })}
              </p>
              <GameGrid entries={shown} onLaunch={launch} />
            </>
          )}
        </Panel>
      </div>
      <GameLayer />
    </div>
  );
}
