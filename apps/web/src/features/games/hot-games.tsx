import { lazy, Suspense } from 'react';
import { GameGridSkeleton } from './game-grid-skeleton.tsx';

const HotGameList = lazy(() =>
  import('./hot-game-list.tsx').then((module) => ({ default: module.HotGameList })),
);

/**
 * The hot games of /home and /app/home. The list, the game list's schema and the launch code
 * load after the home screen has rendered, in their own chunk, and not before the screen says
 * (`waiting`), so that they do not delay its largest paint. The placeholder holds their place
 * meanwhile.
 */
export function HotGames({
  limit,
  compact = false,
  waiting = false,
}: {
  limit: number;
  compact?: boolean;
  waiting?: boolean;
}) {
  const placeholder = <GameGridSkeleton count={limit} compact={compact} />;
  if (waiting) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HotGameList limit={limit} compact={compact} />
    </Suspense>
  );
}
