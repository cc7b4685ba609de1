import { useLocation, useNavigate } from 'react-router';
import { withoutGame } from './game-rules.ts';
import { GameScreen } from './game-screen.tsx';

/**
 * The game screen over a venue screen (`?platform=<id>&game=<code>`). Its exit shows the venue
 * again in place of the game's entry in the history, so Back does not reopen the game.
 */
export function GameOverlay({ platformId, gameCode }: { platformId: number; gameCode: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const exitTo = withoutGame(pathname, search);
  return (
    <GameScreen
      platformId={platformId}
      gameCode={gameCode}
      exitTo={exitTo}
      variant="overlay"
      onExit={() => void navigate(exitTo, { replace: true })}
    />
  );
}
