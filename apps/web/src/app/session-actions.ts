import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearToken } from '../lib/stored-values.ts';
import { sessionStore } from './session-store.ts';

/** Query keys under this prefix hold member data and are dropped when the member leaves. */
export const MEMBER_QUERY_KEY = ['member'] as const;

/**
 * Ends the member's session in this browser: token, member state and member data go.
 * TODO(members issue): also tell the server (logout call) before clearing.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearToken();
    sessionStore.clearMember();
    queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY });
    void navigate('/home');
  }, [navigate, queryClient]);
}
