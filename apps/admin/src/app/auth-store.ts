import { useSyncExternalStore } from 'react';
import type { SessionNotice } from '../lib/session.tsx';

/**
 * The operator's session in this tab: the bearer token in sessionStorage (gone when the tab
 * closes, never shared with the member site's storage), and why the last session ended, for
 * the login screen to say.
 */

const TOKEN_KEY = 'lobby-admin-token';

export type AuthState = { token: string | null; notice: SessionNotice };

function readToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
    else window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
}

export function createAuthStore() {
  let state: AuthState = { token: readToken(), notice: null };
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    writeToken(next.token);
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(token: string) {
      set({ token, notice: null });
    },
    /** Ends the session once (several failing requests may report it). */
    end(notice: Exclude<SessionNotice, null>) {
      if (state.token === null && state.notice !== null) return;
      set({ token: null, notice });
    },
    clearNotice() {
      if (state.notice !== null) set({ ...state, notice: null });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState);
}
