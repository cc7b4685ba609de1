import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { readGameParams } from './game-rules.ts';

const GameOverlay = lazy(() =>
  import('./game-overlay.tsx').then((module) => ({ default: module.GameOverlay })),
);

/**
 * Opens the game screen over a venue screen when its address names a game
 * (`?platform=<id>&game=<code>`, see gameScreenPath). The screen's code loads only then. Every
 * venue screen a game can open over renders one.
 */
export function GameLayer() {
  const { search } = useLocation();
  const game = readGameParams(search);
  if (!game) return null;
  return (
    <Suspense fallback={<div className="game-screen game-screen--overlay" aria-busy="true" />}>
      <GameOverlay
        key={`${game.platformId}:${game.gameCode}`}
        platformId={game.platformId}
        gameCode={game.gameCode}
      />
    </Suspense>
  );
}
