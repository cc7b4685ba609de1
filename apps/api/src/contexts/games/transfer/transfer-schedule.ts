import { REQUEST_MAX_AGE_MS } from '@lobby/game-protocol';

/**
 * When an order left in transit is asked about: the first status query, the backoff after a
 * query that did not settle it, and the window after which the platform's "not found" is final.
 */

/** The first status query of an order in transit: after the request path had its answer. */
export const FIRST_CHECK_DELAY_MS = 15_000;
/** Status queries back off from this, doubling, up to the cap. */
export const CHECK_BACKOFF_BASE_MS = 5_000;
export const CHECK_BACKOFF_CAP_MS = 5 * 60_000;
/**
 * A claimed order is not claimed again before this, unless its check finished first: one status
 * query's time (the provider timeout, 5 s by default) with room to spare, and short, because a
 * claim left by a node that died holds the order (and the member's money in transit) this long.
 * Only one sweep runs at a time, so a slow batch outliving it costs at most a second query.
 */
export const CHECK_LEASE_MS = 10_000;
/**
 * A platform refuses a request signed longer ago than REQUEST_MAX_AGE_MS, so an order older than
 * that (plus this margin for clock drift between us and the platform) that the platform does not
 * know can never land: only then is "not found" final.
 */
export const NOT_FOUND_MARGIN_MS = 60_000;
/** The age of an order after which the platform's "not found" is final. */
export const NOT_FOUND_FINAL_AFTER_MS = REQUEST_MAX_AGE_MS + NOT_FOUND_MARGIN_MS;
/** How far past that age the query that can decide is due (clocks read in whole milliseconds). */
export const DECIDING_CHECK_DELAY_MS = 1_000;

/**
 * The first status query of an order made at `createdAt`: FIRST_CHECK_DELAY_MS later, or the
 * deciding query if the window of "not found" (shortened by a test) ends before that.
 */
export function firstCheckAt(createdAt: Date, finalAfterMs: number): Date {
  return new Date(
    createdAt.getTime() + Math.min(FIRST_CHECK_DELAY_MS, finalAfterMs + DECIDING_CHECK_DELAY_MS),
  );
}

/** After the n-th status query: 5 s, 10 s, 20 s, ... up to 5 minutes. */
export function backoffMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 16);
  return Math.min(CHECK_BACKOFF_CAP_MS, CHECK_BACKOFF_BASE_MS * 2 ** exponent);
}

/**
 * When to ask about an order in transit again, after a query that did not settle it. Inside the
 * window in which a late request could still land ("not found" is not final yet), the backoff
 * never reaches past the window: the query that can decide is due just after it ends, so an order
 * the platform never kept is final within a sweep or two of the window's end. Past the window
 * (the platform did not answer, or answered something unusable) the wait is a quarter of the time
 * since the window ended, from 5 s up to the 5-minute cap: a query lost to a timeout or a crash
 * there is asked again in seconds, and a platform that stays silent is asked ever less often.
 */
export function nextCheckAt(order: {
  createdAt: Date;
  /** When the query that did not settle it came back. */
  now: Date;
  /** Status queries made so far, that one included. */
  attempts: number;
  /** NOT_FOUND_FINAL_AFTER_MS, unless a test shortens it. */
  finalAfterMs: number;
}): Date {
  const nowMs = order.now.getTime();
  const windowEndMs = order.createdAt.getTime() + order.finalAfterMs;
  if (nowMs <= windowEndMs) {
    return new Date(
      Math.min(nowMs + backoffMs(order.attempts), windowEndMs + DECIDING_CHECK_DELAY_MS),
    );
  }
  const waitMs = Math.floor((nowMs - windowEndMs) / 4);
  return new Date(nowMs + Math.min(CHECK_BACKOFF_CAP_MS, Math.max(CHECK_BACKOFF_BASE_MS, waitMs)));
}
