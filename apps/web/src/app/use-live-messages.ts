import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMemberSession } from './member-session.ts';
import { useIsLoggedIn, useUnreadMessages } from './session-store.ts';

/**
 * The member's unread message count, kept fresh like the balance: asked for on sign-in, on
 * every route change and when the tab comes back into view, at most once per 30 s window (the
 * session's throttle). Reading or deleting messages forces its own refresh.
 */
export function useLiveUnreadMessages(): number | null {
  const session = useMemberSession();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  useEffect(() => {
    if (loggedIn) void session.refreshMessages();
  }, [loggedIn, pathname, session]);
  useEffect(() => {
    if (!loggedIn) return undefined;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void session.refreshMessages();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [loggedIn, session]);
  return useUnreadMessages();
}
