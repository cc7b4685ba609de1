import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@lobby/contracts';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { useGameList } from './api/game-list.ts';
import { GAME_PARAMS, parsePlatformId } from './game-rules.ts';
import { GameScreen } from './game-screen.tsx';
import { ListFailed } from './list-state.tsx';
import { OpenModeSwitch } from './open-mode-switch.tsx';
import { PlatformCard, PlatformGridSkeleton } from './platform-card.tsx';
import { useLaunchGame } from './use-launch-game.ts';

const SPORTS_VENUE_PATH = '/venue/sports';

/**
 * /sports: where a sports platform opens inside the site (`?platform=<id>`), with the other
 * sports platforms one tap away; without one, the sports platforms to choose from. The game
 * selection survives leaving this screen (SPEC.md section 2).
 */
export function SportsPage() {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const list = useGameList(GAME_CATEGORIES.sports);
  const launch = useLaunchGame();
  const [params, setParams] = useSearchParams();
  const platformId = parsePlatformId(params.get(GAME_PARAMS.platform));
  const platforms = list.data ?? [];
  const selected = platforms.find((platform) => platform.id === platformId);
  const game = selected?.games[0];

  if (list.data && selected && game) {
    return (
      <div className="sports-screen">
        <nav className="sports-screen__platforms" aria-label={t('venues.platformTabs')}>
          {platforms.map((platform) => (
            <button
              key={platform.id}
              type="button"
              className={platform.id === selected.id ? 'chip is-active' : 'chip'}
              aria-pressed={platform.id === selected.id}
              disabled={platform.maintenance}
              title={platform.maintenance ? t('games.maintenance') : platform.name}
              onClick={() =>
                setParams({ [GAME_PARAMS.platform]: String(platform.id) }, { replace: true })
              }
            >
              {platform.name}
              {platform.maintenance ? <small>{t('games.maintenance')}</small> : null}
            </button>
          ))}
        </nav>
        {selected.maintenance ? (
          <div className="container page">
            <Panel>
              <EmptyState
                icon="sports"
                title={t('games.maintenance')}
                hint={t('games.maintenanceHint')}
              />
            </Panel>
          </div>
        ) : (
          <GameScreen
            key={selected.id}
            platformId={selected.id}
            gameCode={game.code}
            exitTo={SPORTS_VENUE_PATH}
            variant="inline"
            onExit={() => void navigate(SPORTS_VENUE_PATH)}
          />
        )}
      </div>
    );
  }

  return (
    <div className="container page">
      <PageHeader
        icon="sports"
        title={t('venues.sportsFrame.title')}
        subtitle={t('venues.sportsFrame.hint')}
        actions={<OpenModeSwitch />}
      />
      <Panel title={t('venue.sports.title')} icon="sports">
        {list.error ? (
          <ListFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <PlatformGridSkeleton count={4} />
        ) : platforms.length === 0 ? (
          <EmptyState
            icon="sports"
            title={t('venues.noPlatforms', { name: t('venue.sports.name') })}
            hint={t('venues.noPlatformsHint')}
          />
        ) : (
          <div className="platform-grid">
            {platforms.map((platform) => (
              <PlatformCard key={platform.id} platform={platform} onLaunch={launch} />
            ))}
          </div>
        )}
        {platformId !== null && list.data && !selected ? (
          <p className="form__aside">
            <Icon name="info" size={14} /> {t('games.platformUnknown')}
          </p>
        ) : null}
      </Panel>
    </div>
  );
}
