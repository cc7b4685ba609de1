import { REFRESH_THROTTLE_MS } from '@lobby/contracts';

/**
 * Runs an action at most once per window (SPEC.md section 9: member info, balance and
 * message count refreshes). A call within the window of the last run is ignored unless
 * forced; a forced call runs and starts a new window.
 */
export type Throttle = {
  /** Runs the action unless it ran less than the window ago; returns whether it ran. */
  call(options?: { force?: boolean }): boolean;
  /** Forgets the last run, so the next call runs (used when the session ends). */
  reset(): void;
};

export function createThrottle(
  action: () => void,
  windowMs: number = REFRESH_THROTTLE_MS,
  now: () => number = Date.now,
): Throttle {
  if (!Number.isFinite(windowMs) || windowMs < 0) {
    throw new RangeError(`throttle window must be a non-negative number of ms, got ${windowMs}`);
  }
  let lastRunAt: number | null = null;
  return {
    call(options = {}) {
      const time = now();
      if (!options.force && lastRunAt !== null && time - lastRunAt < windowMs) return false;
      lastRunAt = time;
      action();
      return true;
    },
    reset() {
      lastRunAt = null;
    },
  };
}
