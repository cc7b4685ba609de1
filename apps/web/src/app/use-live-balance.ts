import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { MemberBalance } from '@lobby/contracts';
import { useMemberSession } from './member-session.ts';
import { useBalance, useIsLoggedIn } from './session-store.ts';

/**
 * The member's balance, kept fresh by the header: asked for on sign-in, on every route change
 * and when the tab comes back into view, at most once per 30 s window (the session's throttle).
 * Money actions force their own refresh.
 */
export function useLiveBalance(): MemberBalance | null {
  const session = useMemberSession();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  useEffect(() => {
    if (loggedIn) void session.refreshBalance();
  }, [loggedIn, pathname, session]);
  useEffect(() => {
    if (!loggedIn) return undefined;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void session.refreshBalance();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [loggedIn, session]);
  return useBalance();
}
