/**
 * Where to go after logging in: back to the screen the member came from, when that is a path
 * of this site, else /home. Never an address on another site (an open redirect), and never
 * one of the screens that lead to logging in.
 */
export const DEFAULT_RETURN_PATH = '/home';

const ENTRY_SCREENS = new Set(['/login', '/register', '/forgetPassword']);

export function returnPath(from: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  if (from.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(from, 'http://site.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://site.invalid' || ENTRY_SCREENS.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The navigation state that carries the screen a member is sent to /login from. */
export type ReturnState = { from: string };

export function readReturnState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state as { from: unknown };
  return typeof from === 'string' ? from : undefined;
}
