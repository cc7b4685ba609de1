import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_STATUS_UNKNOWN,
  REFRESH_THROTTLE_MS,
  type MemberBalance,
  type MemberInfo,
} from '@lobby/contracts';
import { createMemberSession } from './member-session.ts';
import { createSessionStore } from './session-store.ts';

const member = (overrides: Partial<MemberInfo> = {}): MemberInfo => ({
  username: 'player1',
  qq: '/uploads/a.png',
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
  ...overrides,
});

const balance = (amount = '100.00'): MemberBalance => ({
  currency: 'CNY',
  balance: amount,
  locked: '0.00',
  platforms: '0.00',
  total: amount,
  turnover: '0.00',
});

function setup(options: { token?: boolean; load?: () => Promise<MemberInfo> } = {}) {
  let clock = 1_000_000;
  const store = createSessionStore();
  const loadMember = vi.fn(options.load ?? (() => Promise.resolve(member())));
  const loadBalance = vi.fn(() => Promise.resolve(balance()));
  const loadUnreadMessages = vi.fn(() => Promise.resolve({ unread: 3 }));
  const dropMemberData = vi.fn();
  const session = createMemberSession({
    store,
    loadMember,
    loadBalance,
    loadUnreadMessages,
    hasToken: () => options.token ?? true,
    dropMemberData,
    now: () => clock,
  });
  return {
    store,
    session,
    loadMember,
    loadBalance,
    loadUnreadMessages,
    dropMemberData,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('member session start', () => {
  it('makes a visitor without a token a guest at once, asking nothing', async () => {
    const { store, session, loadMember } = setup({ token: false });
    expect(store.getState().isLogin).toBe(LOGIN_STATUS_UNKNOWN);
    await session.start();
    expect(store.getState()).toMatchObject({ isLogin: false, member: null });
    expect(loadMember).not.toHaveBeenCalled();
  });

  it('asks the server about a stored token and logs the member in with the answer', async () => {
    const { store, session, loadMember } = setup();
    await session.start();
    expect(loadMember).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ isLogin: true, member: { username: 'player1' } });
  });

  it('leaves a guest when the check fails, logging only a warning', async () => {
    const { store, session } = setup({ load: () => Promise.reject(new Error('offline')) });
    await session.start();
    expect(store.getState()).toMatchObject({ isLogin: false, member: null });
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('member info refresh', () => {
  it('refreshes at most once per 30 s window unless forced', async () => {
    const { store, session, loadMember, advance } = setup();
    await session.start();
    loadMember.mockResolvedValue(member({ vipLevel: 3 }));

    await session.refresh();
    expect(loadMember).toHaveBeenCalledTimes(1);
    advance(REFRESH_THROTTLE_MS - 1);
    await session.refresh();
    expect(loadMember).toHaveBeenCalledTimes(1);

    await session.refresh({ force: true });
    expect(loadMember).toHaveBeenCalledTimes(2);
    expect(store.getState().member?.vipLevel).toBe(3);

    advance(REFRESH_THROTTLE_MS);
    await session.refresh();
    expect(loadMember).toHaveBeenCalledTimes(3);
  });

  it('keeps what it shows when a refresh fails', async () => {
    const { store, session, loadMember } = setup();
    await session.start();
    loadMember.mockRejectedValue(new Error('timeout'));
    await session.refresh({ force: true });
    expect(store.getState()).toMatchObject({ isLogin: true, member: { username: 'player1' } });
    expect(console.warn).toHaveBeenCalled();
  });

  it('asks nothing for a guest', async () => {
    const { session, loadMember } = setup({ token: false });
    await session.start();
    await session.refresh({ force: true });
    expect(loadMember).not.toHaveBeenCalled();
  });
});

describe('balance refresh', () => {
  it('loads the balance at most once per 30 s window unless forced, apart from member info', async () => {
    const { store, session, loadMember, loadBalance, advance } = setup();
    await session.start();
    await session.refreshBalance();
    expect(loadBalance).toHaveBeenCalledTimes(1);
    expect(store.getState().balance?.balance).toBe('100.00');

    loadBalance.mockResolvedValue(balance('250.00'));
    advance(REFRESH_THROTTLE_MS - 1);
    await session.refreshBalance();
    expect(loadBalance).toHaveBeenCalledTimes(1);
    // A money action forces it.
    await session.refreshBalance({ force: true });
    expect(loadBalance).toHaveBeenCalledTimes(2);
    expect(store.getState().balance?.balance).toBe('250.00');
    advance(REFRESH_THROTTLE_MS);
    await session.refreshBalance();
    expect(loadBalance).toHaveBeenCalledTimes(3);
    expect(loadMember).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed balance call and keeps the last balance', async () => {
    const { store, session, loadBalance } = setup();
    await session.start();
    await session.refreshBalance();
    loadBalance.mockRejectedValue(new Error('Network Error'));
    await session.refreshBalance({ force: true });
    expect(store.getState().balance?.balance).toBe('100.00');
    expect(console.warn).toHaveBeenCalledWith('balance could not be loaded', expect.any(Error));
  });

  it('asks nothing for a guest, and a new member starts a fresh window', async () => {
    const { store, session, loadBalance } = setup({ token: false });
    await session.start();
    await session.refreshBalance({ force: true });
    expect(loadBalance).not.toHaveBeenCalled();
    session.signIn(member());
    await session.refreshBalance();
    session.clear();
    expect(store.getState().balance).toBeNull();
    session.signIn(member({ username: 'other' }));
    await session.refreshBalance();
    expect(loadBalance).toHaveBeenCalledTimes(2);
  });

  it('drops a late balance of the member who has left', async () => {
    let answer: (value: MemberBalance) => void = () => undefined;
    const { store, session, loadBalance } = setup();
    await session.start();
    loadBalance.mockImplementation(
      () =>
        new Promise<MemberBalance>((resolve) => {
          answer = resolve;
        }),
    );
    const refreshing = session.refreshBalance({ force: true });
    session.clear();
    session.signIn(member({ username: 'second' }));
    answer(balance('999.00'));
    await refreshing;
    expect(store.getState().balance).toBeNull();
  });
});

describe('unread message count', () => {
  it('loads the count at most once per 30 s window unless forced, and clears it on leaving', async () => {
    const { store, session, loadUnreadMessages, loadBalance, advance } = setup();
    await session.start();
    await session.refreshMessages();
    expect(store.getState().unreadMessages).toBe(3);
    loadUnreadMessages.mockResolvedValue({ unread: 1 });
    advance(REFRESH_THROTTLE_MS - 1);
    await session.refreshMessages();
    expect(loadUnreadMessages).toHaveBeenCalledTimes(1);
    // Reading a message forces it.
    await session.refreshMessages({ force: true });
    expect(store.getState().unreadMessages).toBe(1);
    advance(REFRESH_THROTTLE_MS);
    await session.refreshMessages();
    expect(loadUnreadMessages).toHaveBeenCalledTimes(3);
    expect(loadBalance).not.toHaveBeenCalled();
    session.clear();
    expect(store.getState().unreadMessages).toBeNull();
  });

  it('keeps the answer of the latest request when an earlier one arrives after it', async () => {
    const { store, session, loadUnreadMessages, loadBalance, advance } = setup();
    await session.start();
    const answers: ((value: { unread: number }) => void)[] = [];
    loadUnreadMessages.mockImplementation(
      () =>
        new Promise<{ unread: number }>((resolve) => {
          answers.push(resolve);
        }),
    );
    advance(REFRESH_THROTTLE_MS);
    // A route change asks (slowly); then "mark all read" forces a fresh count.
    const earlier = session.refreshMessages();
    const forced = session.refreshMessages({ force: true });
    answers[1]?.({ unread: 0 });
    await forced;
    answers[0]?.({ unread: 1 });
    await earlier;
    expect(store.getState().unreadMessages).toBe(0);

    // The same for the balance.
    const balances: ((value: MemberBalance) => void)[] = [];
    loadBalance.mockImplementation(
      () =>
        new Promise<MemberBalance>((resolve) => {
          balances.push(resolve);
        }),
    );
    const slow = session.refreshBalance();
    const fresh = session.refreshBalance({ force: true });
    balances[1]?.(balance('50.00'));
    await fresh;
    balances[0]?.(balance('100.00'));
    await slow;
    expect(store.getState().balance?.balance).toBe('50.00');
  });

  it('asks nothing for a guest and only logs a failure', async () => {
    const { store, session, loadUnreadMessages } = setup({ token: false });
    await session.start();
    await session.refreshMessages({ force: true });
    expect(loadUnreadMessages).not.toHaveBeenCalled();
    session.signIn(member());
    loadUnreadMessages.mockRejectedValue(new Error('Network Error'));
    await session.refreshMessages();
    expect(store.getState().unreadMessages).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(
      'message count could not be loaded',
      expect.any(Error),
    );
  });
});

describe('sign in and clear', () => {
  it('signs in with the login answer and starts a fresh refresh window', async () => {
    const { store, session, loadMember } = setup({ token: false });
    await session.start();
    session.signIn(member({ username: 'newcomer' }));
    expect(store.getState()).toMatchObject({ isLogin: true, member: { username: 'newcomer' } });
    await session.refresh();
    expect(loadMember).toHaveBeenCalledTimes(1);
  });

  it('clears member info, the member data and the refresh window', async () => {
    const { store, session, loadMember, dropMemberData } = setup();
    await session.start();
    store.selectGame({ gameid: 'g1', platform: '7', startGame: true });
    session.clear();
    expect(store.getState()).toEqual({
      isLogin: false,
      member: null,
      balance: null,
      unreadMessages: null,
      game: { gameid: '', platform: '', startGame: false },
    });
    expect(dropMemberData).toHaveBeenCalledTimes(1);
    // A new member's first refresh is not held back by the previous member's window.
    session.signIn(member({ username: 'other' }));
    await session.refresh();
    expect(loadMember).toHaveBeenCalledTimes(2);
  });

  it('drops a late answer about the member who has left', async () => {
    let answer: (value: MemberInfo) => void = () => undefined;
    const { store, session, loadMember } = setup();
    await session.start();
    loadMember.mockImplementation(
      () =>
        new Promise<MemberInfo>((resolve) => {
          answer = resolve;
        }),
    );
    const refreshing = session.refresh({ force: true });
    session.clear();
    session.signIn(member({ username: 'second' }));
    answer(member({ username: 'first' }));
    await refreshing;
    expect(store.getState().member?.username).toBe('second');
  });
});
