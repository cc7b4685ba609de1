import { useSyncExternalStore } from 'react';
import { LOGIN_STATUS_UNKNOWN, type MemberBalance, type MemberInfo } from '@lobby/contracts';

/** -1 while unknown (SPEC.md section 4), then true or false once the login flow decides. */
export type LoginStatus = typeof LOGIN_STATUS_UNKNOWN | boolean;

/** The game being launched: game id, platform id and whether it has started. */
export type GameSelection = {
  gameid: string;
  platform: string;
  startGame: boolean;
};

export const EMPTY_GAME_SELECTION: GameSelection = Object.freeze({
  gameid: '',
  platform: '',
  startGame: false,
});

export type SessionState = {
  isLogin: LoginStatus;
  /** The member's info (GET /api/findmed/v1/member/token); null for a guest or while unknown. */
  member: MemberInfo | null;
  /** The member's wallet (GET /api/findmed/v1/member/balance); null until it has loaded. */
  balance: MemberBalance | null;
  /** The member's unread messages (GET /api/findmed/v1/member/message/num); null until loaded. */
  unreadMessages: number | null;
  game: GameSelection;
};

export type SessionStore = {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  setLoginStatus(isLogin: LoginStatus): void;
  /** Logged in with this member info (after login, register or the start-up check). */
  signIn(member: MemberInfo): void;
  /** Fresher member info for the member already signed in (ignored for a guest). */
  updateMember(member: MemberInfo): void;
  /** The member's latest balance (ignored for a guest). */
  setBalance(balance: MemberBalance): void;
  /** The member's latest unread message count (ignored for a guest). */
  setUnreadMessages(unread: number): void;
  selectGame(selection: GameSelection): void;
  clearGameSelection(): void;
  /** Logged out or session invalid: the member is a guest again and no game is selected. */
  clearMember(): void;
};

/** True only for a decided, positive login status. */
export function isLoggedIn(isLogin: LoginStatus): boolean {
  return isLogin === true;
}

/** A tiny front-end session store (SPEC.md section 3), read with useSyncExternalStore. */
export function createSessionStore(
  initial: SessionState = {
    isLogin: LOGIN_STATUS_UNKNOWN,
    member: null,
    balance: null,
    unreadMessages: null,
    game: EMPTY_GAME_SELECTION,
  },
): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const update = (next: SessionState): void => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setLoginStatus(isLogin) {
      if (state.isLogin !== isLogin) update({ ...state, isLogin });
    },
    signIn(member) {
      // Another member's balance and messages must never show for this one.
      const same = state.member?.username === member.username;
      update({
        ...state,
        isLogin: true,
        member,
        balance: same ? state.balance : null,
        unreadMessages: same ? state.unreadMessages : null,
      });
    },
    updateMember(member) {
      if (state.isLogin === true) update({ ...state, member });
    },
    setBalance(balance) {
      if (state.isLogin === true) update({ ...state, balance });
    },
    setUnreadMessages(unreadMessages) {
      if (state.isLogin === true && state.unreadMessages !== unreadMessages) {
        update({ ...state, unreadMessages });
      }
    },
    selectGame(selection) {
      update({ ...state, game: { ...selection } });
    },
    clearGameSelection() {
      if (state.game !== EMPTY_GAME_SELECTION) update({ ...state, game: EMPTY_GAME_SELECTION });
    },
    clearMember() {
      update({
        isLogin: false,
        member: null,
        balance: null,
        unreadMessages: null,
        game: EMPTY_GAME_SELECTION,
      });
    },
  };
}

/** The session store of the running app. */
export const sessionStore = createSessionStore();

export function useSession<T>(select: (state: SessionState) => T, store = sessionStore): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

export function useIsLoggedIn(store = sessionStore): boolean {
  return useSession((state) => isLoggedIn(state.isLogin), store);
}

/** The signed-in member's balance once loaded, or null. */
export function useBalance(store = sessionStore): MemberBalance | null {
  return useSession((state) => state.balance, store);
}

/** The signed-in member's info, or null. */
export function useMember(store = sessionStore): MemberInfo | null {
  return useSession((state) => state.member, store);
}

/** The signed-in member's unread message count once loaded, or null. */
export function useUnreadMessages(store = sessionStore): number | null {
  return useSession((state) => state.unreadMessages, store);
}
