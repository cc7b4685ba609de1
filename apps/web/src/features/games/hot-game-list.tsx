import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/page.tsx';
import { useGameList } from './api/game-list.ts';
import { hotGames } from './game-rules.ts';
import { GameGridSkeleton } from './game-grid-skeleton.tsx';
import { GameGrid } from './game-tile.tsx';
import { ListFailed } from './list-state.tsx';
import { useLaunchGame } from './use-launch-game.ts';

/**
 * The hot games of the home screens, taken in turn from the brand's platforms that are not in
 * maintenance. Loaded after the home screen has rendered (its own chunk, with the schemas).
 */
export function HotGameList({ limit, compact = false }: { limit: number; compact?: boolean }) {
  const { t } = useTranslation('web');
  const list = useGameList(0);
  const launch = useLaunchGame();
  if (list.error) return <ListFailed error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <GameGridSkeleton count={limit} compact={compact} />;
  const entries = hotGames(list.data, limit);
  if (entries.length === 0) {
    return (
      <EmptyState
        icon="fire"
        title={t('home.hotGames.empty')}
        hint={t('home.hotGames.emptyHint')}
        compact
      />
    );
  }
  return <GameGrid entries={entries} onLaunch={launch} compact={compact} />;
}
