import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../features/auth/api/logout.ts';
import { useApiClient } from '../lib/api-context.tsx';
import { clearToken } from '../lib/stored-values.ts';
import { useMemberSession } from './member-session.ts';

/**
 * Ends the member's session: the server is told (POST member/logout), then the token, the
 * member state and the member's data go, whatever the server answered, and the member is a
 * guest on /home.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const api = useApiClient();
  const session = useMemberSession();
  return useCallback(async () => {
    try {
      await logout(api);
    } catch (error) {
      // The session ends in this browser all the same; the server's copy expires by itself.
      console.warn('logout call failed', error);
    }
    clearToken();
    session.clear();
    await navigate('/home');
  }, [api, navigate, session]);
}
