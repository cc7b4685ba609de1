/**
 * Navigation rules of SPEC.md section 2, as pure functions so they can be tested without a
 * browser: the mobile redirect of /home and the clearing of the game selection.
 */

/** User agents treated as mobile browsers. */
export const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

export const DESKTOP_HOME_PATH = '/home';
export const MOBILE_HOME_PATH = '/app/home';

/**
 * Where a mobile browser on exactly /home goes instead: /app/home with the same query
 * string. Any other path or a desktop browser gives null (no redirect).
 */
export function mobileRedirect(pathname: string, search: string, userAgent: string): string | null {
  if (pathname !== DESKTOP_HOME_PATH) return null;
  if (!MOBILE_USER_AGENT.test(userAgent)) return null;
  const query =
    search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return `${MOBILE_HOME_PATH}${query}`;
}

/** The routes that keep the game selection when they are left (a game is launched there). */
export const GAME_SELECTION_ROUTES: readonly string[] = ['/sports', '/venues'];

/**
 * Leaving any route other than /sports and /venues clears the current game selection.
 * `previousPath` is null on the first page of the visit; staying on the same path (a query
 * change) is not leaving it.
 */
export function shouldClearGameSelection(previousPath: string | null, nextPath: string): boolean {
  if (previousPath === null || previousPath === nextPath) return false;
  return !GAME_SELECTION_ROUTES.includes(previousPath);
}
