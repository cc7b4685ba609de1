import { describe, expect, it, vi } from 'vitest';
import { LOGIN_STATUS_UNKNOWN, type MemberInfo } from '@lobby/contracts';
import { createSessionStore, EMPTY_GAME_SELECTION, isLoggedIn } from './session-store.ts';

const BALANCE = {
  currency: 'CNY',
  balance: '12.50',
  locked: '0.00',
  platforms: '0.00',
  total: '12.50',
  turnover: '0.00',
};

describe('session store', () => {
  it('starts with the login status unknown and no game selected', () => {
    const store = createSessionStore();
    expect(store.getState()).toEqual({
      isLogin: LOGIN_STATUS_UNKNOWN,
      member: null,
      balance: null,
      unreadMessages: null,
      game: EMPTY_GAME_SELECTION,
    });
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
    store.setBalance(BALANCE);
    store.clearMember();
    expect(store.getState()).toEqual({
      isLogin: false,
      member: null,
      balance: null,
      unreadMessages: null,
      game: EMPTY_GAME_SELECTION,
    });
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

describe('session store member info', () => {
  const info = {
    username: 'player1',
    qq: '',
    realName: null,
    areaCode: null,
    phone: null,
    email: null,
    phoneBound: false,
    emailBound: false,
    realNameSet: false,
    withdrawPasswordSet: false,
    inviteCode: 'QK7A',
    lastLoginAt: null,
    lastLoginIp: null,
    vipLevel: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('signs in with member info and updates it while logged in only', () => {
    const store = createSessionStore();
    store.updateMember(info);
    expect(store.getState().member).toBeNull();
    store.signIn(info);
    expect(store.getState()).toMatchObject({ isLogin: true, member: info });
    store.updateMember({ ...info, emailBound: true });
    expect(store.getState().member?.emailBound).toBe(true);
    store.clearMember();
    expect(store.getState().member).toBeNull();
  });

  it('keeps a balance only for a signed-in member, and drops it for another member', () => {
    const store = createSessionStore();
    store.setBalance(BALANCE);
    expect(store.getState().balance).toBeNull();
    store.setLoginStatus(true);
    store.setBalance(BALANCE);
    expect(store.getState().balance).toEqual(BALANCE);
    const someone = (username: string) => ({ username }) as MemberInfo;
    store.signIn(someone('alice'));
    store.setBalance(BALANCE);
    store.signIn(someone('alice'));
    expect(store.getState().balance).toEqual(BALANCE);
    store.signIn(someone('bob'));
    expect(store.getState().balance).toBeNull();
  });
});
