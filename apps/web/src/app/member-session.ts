import { createContext, useContext } from 'react';
import {
  LOGIN_STATUS_UNKNOWN,
  REFRESH_THROTTLE_MS,
  type MemberBalance,
  type MemberInfo,
} from '@lobby/contracts';
import { createThrottle } from '../lib/throttle.ts';
import type { SessionStore } from './session-store.ts';

/**
 * The member's side of the session (SPEC.md sections 4 and 7): who is logged in, kept fresh.
 *
 * - start: with a stored token, asks the server for the member (GET member/token) and sets the
 *   login status from the answer; without one the visitor is a guest at once.
 * - refresh: member info again, at most once per 30 s window unless forced (after a profile
 *   change). Failures are only logged: the screen keeps what it shows.
 * - refreshBalance: the member's balance (GET member/balance), with its own 30 s window;
 *   forced after a money action (a deposit credited, a withdrawal requested). Failures are only
 *   logged.
 * - refreshMessages: the member's unread message count (GET member/message/num), with its own
 *   30 s window; forced after the member reads or deletes messages. Failures are only logged.
 * - clear: everything the member store holds goes (member info, balance, unread count, the
 *   member's cached server data such as the withdrawal password config, the refresh windows),
 *   for logout and for an invalid session.
 */
export type MemberSession = {
  start(): Promise<void>;
  /** Resolves when the refresh it started has finished (at once when the window skipped it). */
  refresh(options?: { force?: boolean }): Promise<void>;
  /** Like `refresh`, for the balance: at most once per 30 s window unless forced. */
  refreshBalance(options?: { force?: boolean }): Promise<void>;
  /** Like `refresh`, for the unread message count: at most once per 30 s window unless forced. */
  refreshMessages(options?: { force?: boolean }): Promise<void>;
  /** After login or registration: the answer's member info, the token already stored. */
  signIn(member: MemberInfo): void;
  clear(): void;
};

export type MemberSessionOptions = {
  store: SessionStore;
  loadMember: () => Promise<MemberInfo>;
  loadBalance: () => Promise<MemberBalance>;
  loadUnreadMessages: () => Promise<{ unread: number }>;
  hasToken: () => boolean;
  /** Drops the member's cached server data (the query cache's member keys). */
  dropMemberData: () => void;
  windowMs?: number;
  now?: () => number;
};

export function createMemberSession(options: MemberSessionOptions): MemberSession {
  const { store } = options;
  // Bumped whenever the member changes (clear, sign in), so a late answer about the previous
  // member is dropped instead of overwriting the new state.
  let generation = 0;
  let inflight: Promise<void> = Promise.resolve();
  // Whether the next load is the start-up check, which decides the login status.
  let nextLoadIsInitial = false;

  // Each kind of answer is applied only when it belongs to the latest request of its kind: a
  // refresh forced after reading messages must not be overwritten by an earlier, slower one.
  let memberRequests = 0;
  let balanceRequests = 0;
  let messagesRequests = 0;

  async function load(initial: boolean): Promise<void> {
    const started = generation;
    const request = ++memberRequests;
    try {
      const member = await options.loadMember();
      if (started !== generation || request !== memberRequests) return;
      if (initial) store.signIn(member);
      else store.updateMember(member);
    } catch (error) {
      // An invalid session has already been handled by the API client (onInvalidSession).
      console.warn('member info could not be loaded', error);
      if (initial && started === generation && store.getState().isLogin === LOGIN_STATUS_UNKNOWN) {
        store.setLoginStatus(false);
      }
    }
  }

  const refreshThrottle = createThrottle(
    () => {
      inflight = load(nextLoadIsInitial);
      nextLoadIsInitial = false;
    },
    options.windowMs ?? REFRESH_THROTTLE_MS,
    options.now,
  );

  let balanceInflight: Promise<void> = Promise.resolve();
  async function loadBalance(): Promise<void> {
    const started = generation;
    const request = ++balanceRequests;
    try {
      const balance = await options.loadBalance();
      if (started === generation && request === balanceRequests) store.setBalance(balance);
    } catch (error) {
      console.warn('balance could not be loaded', error);
    }
  }
  const balanceThrottle = createThrottle(
    () => {
      balanceInflight = loadBalance();
    },
    options.windowMs ?? REFRESH_THROTTLE_MS,
    options.now,
  );

  let messagesInflight: Promise<void> = Promise.resolve();
  async function loadUnreadMessages(): Promise<void> {
    const started = generation;
    const request = ++messagesRequests;
    try {
      const { unread } = await options.loadUnreadMessages();
      if (started === generation && request === messagesRequests) {
        store.setUnreadMessages(unread);
      }
    } catch (error) {
      console.warn('message count could not be loaded', error);
    }
  }
  const messagesThrottle = createThrottle(
    () => {
      messagesInflight = loadUnreadMessages();
    },
    options.windowMs ?? REFRESH_THROTTLE_MS,
    options.now,
  );

  return {
    async start() {
      if (!options.hasToken()) {
        store.setLoginStatus(false);
        return;
      }
      // The start-up check counts as a refresh: the next one waits for the window.
      nextLoadIsInitial = true;
      refreshThrottle.call({ force: true });
      await inflight;
    },
    refresh(refreshOptions = {}) {
      if (store.getState().isLogin !== true) return Promise.resolve();
      return refreshThrottle.call(refreshOptions) ? inflight : Promise.resolve();
    },
    refreshBalance(refreshOptions = {}) {
      if (store.getState().isLogin !== true) return Promise.resolve();
      return balanceThrottle.call(refreshOptions) ? balanceInflight : Promise.resolve();
    },
    refreshMessages(refreshOptions = {}) {
      if (store.getState().isLogin !== true) return Promise.resolve();
      return messagesThrottle.call(refreshOptions) ? messagesInflight : Promise.resolve();
    },
    signIn(member) {
      generation += 1;
      refreshThrottle.reset();
      balanceThrottle.reset();
      messagesThrottle.reset();
      store.signIn(member);
    },
    clear() {
      generation += 1;
      refreshThrottle.reset();
      balanceThrottle.reset();
      messagesThrottle.reset();
      store.clearMember();
      options.dropMemberData();
    },
  };
}

export const MemberSessionContext = createContext<MemberSession | null>(null);

export function useMemberSession(): MemberSession {
  const session = useContext(MemberSessionContext);
  if (!session) throw new Error('useMemberSession outside MemberSessionContext');
  return session;
}
