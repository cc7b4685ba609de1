import { describe, expect, it, vi } from 'vitest';
import { LOGIN_STATUS_UNKNOWN } from '@lobby/contracts';
import { createSessionStore, EMPTY_GAME_SELECTION, isLoggedIn } from './session-store.ts';

describe('session store', () => {
  it('starts with the login status unknown and no game selected', () => {
    const store = createSessionStore();
    expect(store.getState()).toEqual({ isLogin: LOGIN_STATUS_UNKNOWN, game: EMPTY_GAME_SELECTION });
    expect(isLoggedIn(store.getState().isLogin)).toBe(false);
  });

  it('clears the game selection to empty and not started', () => {
    const store = createSessionStore();
    store.selectGame({ gameid: 'g7', platform: '12', startGame: true });
    expect(store.getState().game).toEqual({ gameid: 'g7', platform: '12', startGame: true });
    store.clearGameSelection();
    expect(store.getState().game).toEqual({ gameid: '', platform: '', startGame: false });
  });

  it('makes the member a guest again when the member state is cleared', () => {
    const store = createSessionStore();
    store.setLoginStatus(true);
    store.selectGame({ gameid: 'g7', platform: '12', startGame: true });
    store.clearMember();
    expect(store.getState()).toEqual({ isLogin: false, game: EMPTY_GAME_SELECTION });
  });

  it('notifies subscribers of changes only', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.clearGameSelection();
    store.setLoginStatus(LOGIN_STATUS_UNKNOWN);
    expect(listener).not.toHaveBeenCalled();
    store.setLoginStatus(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setLoginStatus(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
