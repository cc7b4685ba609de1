import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import type { GameEntry } from './game-rules.ts';

/**
 * One game as a tile: its picture, name and platform, a hot mark. A game whose platform is in
 * maintenance says so and cannot be opened.
 */
export function GameTile({
  entry,
  onLaunch,
  showPlatform = true,
}: {
  entry: GameEntry;
  onLaunch(entry: GameEntry): void;
  showPlatform?: boolean;
}) {
  const { t } = useTranslation('web');
  const { game, platform } = entry;
  const maintenance = platform.maintenance;
  return (
    <button
      type="button"
      className={maintenance ? 'game-tile is-maintenance' : 'game-tile'}
      data-game={`${platform.id}:${game.code}`}
      disabled={maintenance}
      title={maintenance ? t('games.maintenance') : game.name}
      onClick={() => onLaunch(entry)}
    >
      <span className="game-tile__art">
        <img src={game.icon} alt="" loading="lazy" width={160} height={160} />
        {game.hot ? (
          <span className="game-tile__hot">
            <Icon name="fire" size={12} />
            {t('games.hot')}
          </span>
        ) : null}
        {maintenance ? (
          <span className="game-tile__maintenance">{t('games.maintenance')}</span>
        ) : (
          <span className="game-tile__play" aria-hidden="true">
            {t('games.enter')}
          </span>
        )}
      </span>
      <span className="game-tile__name">{game.name}</span>
      {showPlatform ? <span className="game-tile__platform">{platform.name}</span> : null}
    </button>
  );
}

/** A grid of game tiles. */
export function GameGrid({
  entries,
  onLaunch,
  showPlatform = true,
  compact = false,
}: {
  entries: readonly GameEntry[];
  onLaunch(entry: GameEntry): void;
  showPlatform?: boolean;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'game-grid game-grid--compact' : 'game-grid'}>
      {entries.map((entry) => (
        <GameTile
          key={`${entry.platform.id}:${entry.game.code}`}
          entry={entry}
          onLaunch={onLaunch}
          showPlatform={showPlatform}
        />
      ))}
    </div>
  );
}
