import { lazy, Suspense } from 'react';
import { GameGridSkeleton } from './game-grid-skeleton.tsx';

const HotGameList = lazy(() =>
  import('./hot-game-list.tsx').then((module) => ({ default: module.HotGameList })),
);

/**
 * The hot games of /home and /app/home. The list, the game list's schema and the launch code
 * load after the home screen has rendered, in their own chunk, so they stay out of /home's
 * first load (the bundle budget).
 */
export function HotGames({ limit, compact = false }: { limit: number; compact?: boolean }) {
  return (
    <Suspense fallback={<GameGridSkeleton count={limit} compact={compact} />}>
      <HotGameList limit={limit} compact={compact} />
    </Suspense>
  );
}
