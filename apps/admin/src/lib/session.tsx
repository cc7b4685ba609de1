import { createContext, useContext } from 'react';
import type { CurrentOperator } from './operator-context.tsx';

/** Why the last session ended, for the login screen to say. */
export type SessionNotice = 'session_ended' | 'logged_out' | null;

/**
 * What screens may do with the operator's session; src/app provides it (app/auth-store.ts
 * keeps the token). The login and enrolment screens sign in, the header logs out.
 */
export type Session = {
  notice: SessionNotice;
  /** Keeps the token of a successful login and the operator it answered. */
  signIn(token: string, operator: CurrentOperator): void;
  /** Replaces the operator the console knows (after enrolment). */
  setOperator(operator: CurrentOperator): void;
  /** Ends the session on the server, then here; the login screen follows. */
  logout(): Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}
