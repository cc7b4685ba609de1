import { describe, expect, it } from 'vitest';
import {
  countdownEnd,
  PASSWORD_CHANGED_RETURN_SECONDS,
  RESEND_CODE_SECONDS,
  secondsLeft,
} from './countdown.ts';

describe('countdown', () => {
  it('counts whole seconds left, rounded up, down to zero', () => {
    const end = countdownEnd(60, 1_000_000);
    expect(end).toBe(1_060_000);
    expect(secondsLeft(end, 1_000_000)).toBe(60);
    expect(secondsLeft(end, 1_000_001)).toBe(60);
    expect(secondsLeft(end, 1_059_000)).toBe(1);
    expect(secondsLeft(end, 1_059_999)).toBe(1);
    expect(secondsLeft(end, 1_060_000)).toBe(0);
    expect(secondsLeft(end, 2_000_000)).toBe(0);
  });

  it('reads no countdown as zero, and refuses a negative or endless length', () => {
    expect(secondsLeft(null, 5)).toBe(0);
    expect(() => countdownEnd(-1, 0)).toThrow(RangeError);
    expect(() => countdownEnd(Number.POSITIVE_INFINITY, 0)).toThrow(RangeError);
  });

  it('is measured against the clock, so a slept tab shows the truth when it wakes', () => {
    const end = countdownEnd(RESEND_CODE_SECONDS, 0);
    // One tick after 45 s of throttled timers: 15 s left, not 59.
    expect(secondsLeft(end, 45_000)).toBe(15);
  });

  it('waits 60 s before a new code and 5 s before returning to login', () => {
    expect(RESEND_CODE_SECONDS).toBe(60);
    expect(PASSWORD_CHANGED_RETURN_SECONDS).toBe(5);
  });
});
