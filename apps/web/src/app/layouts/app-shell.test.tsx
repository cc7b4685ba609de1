import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_GAME_SELECTION, sessionStore } from '../session-store.ts';
import { AppShell } from './app-shell.tsx';

/** A game screen: it selects its game as it opens (as the game screen does). */
function GameScreenStandIn({ platform }: { platform: string }) {
  useEffect(() => {
    sessionStore.selectGame({ gameid: 'sportsbook', platform, startGame: true });
  }, [platform]);
  return <p>game</p>;
}

afterEach(() => {
  sessionStore.clearMember();
});

describe('the game selection on route changes (SPEC.md sections 2 and 4)', () => {
  it('keeps the game a new screen selects as it opens, clears it when a screen is left', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const trackPageView = vi.fn();
    const router = createMemoryRouter(
      [
        {
          element: <AppShell trackPageView={trackPageView} sendHeartbeat={undefined} />,
          children: [
            { path: '/venue/sports', element: <p>venue</p> },
            { path: '/sports', element: <GameScreenStandIn platform="1" /> },
            { path: '/home', element: <p>home</p> },
            { path: '/venues', element: <p>venues</p> },
          ],
        },
      ],
      { initialEntries: ['/venue/sports'] },
    );
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<RouterProvider router={router} />));

    // Leaving /venue/sports for the sports screen: the screen's game is not cleared by it.
    await act(() => router.navigate('/sports?platform=1'));
    expect(sessionStore.getState().game).toEqual({
      gameid: 'sportsbook',
      platform: '1',
      startGame: true,
    });
    // Leaving /sports keeps it (SPEC.md section 2), so does a query change.
    await act(() => router.navigate('/venues'));
    expect(sessionStore.getState().game.gameid).toBe('sportsbook');
    // Leaving /venues keeps it too; leaving any other route clears it.
    await act(() => router.navigate('/home'));
    expect(sessionStore.getState().game.gameid).toBe('sportsbook');
    await act(() => router.navigate('/venue/sports'));
    expect(sessionStore.getState().game).toEqual(EMPTY_GAME_SELECTION);
    expect(trackPageView).toHaveBeenLastCalledWith('/venue/sports');
    act(() => root.unmount());
  });
});
