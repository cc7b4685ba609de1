import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useIsLoggedIn } from '../../app/session-store.ts';

/**
 * Guests see promotions but act as members: the returned guard sends a guest to /login (back
 * here afterwards) and answers false; for a member it answers true.
 */
export function useMemberAction(): () => boolean {
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    if (loggedIn) return true;
    void navigate('/login', { state: { from: `${pathname}${search}` } });
    return false;
  }, [loggedIn, navigate, pathname, search]);
}
