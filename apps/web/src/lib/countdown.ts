/**
 * Countdowns measured against the clock rather than counted in ticks, so a background tab
 * whose timers were slowed still shows the right figure when it wakes: the "send code" wait
 * and the seconds before a password change returns to the login screen.
 */

/** The instant (ms since the epoch) a countdown of `seconds` started at `nowMs` ends. */
export function countdownEnd(seconds: number, nowMs: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`countdown length must be a non-negative number, got ${seconds}`);
  }
  return nowMs + seconds * 1000;
}

/** Whole seconds left until `endsAtMs`, rounded up; 0 once it has passed or when none runs. */
export function secondsLeft(endsAtMs: number | null, nowMs: number): number {
  if (endsAtMs === null) return 0;
  return Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000));
}

/** The wait before a new code may be asked for when the server does not say (SPEC: 60 s). */
export const RESEND_CODE_SECONDS = 60;

/** Seconds between "password changed" and the return to the login screen. */
export const PASSWORD_CHANGED_RETURN_SECONDS = 5;
