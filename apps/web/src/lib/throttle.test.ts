import { REFRESH_THROTTLE_MS } from '@lobby/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createThrottle', () => {
  it('runs the first call and ignores repeats within the 30 s window', () => {
    const action = vi.fn();
    const throttle = createThrottle(action);
    expect(REFRESH_THROTTLE_MS).toBe(30_000);
    expect(throttle.call()).toBe(true);
    vi.advanceTimersByTime(REFRESH_THROTTLE_MS - 1);
    expect(throttle.call()).toBe(false);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('runs again once the window has passed, and measures from the last run', () => {
    const action = vi.fn();
    const throttle = createThrottle(action, 1000);
    throttle.call();
    vi.advanceTimersByTime(1000);
    expect(throttle.call()).toBe(true);
    vi.advanceTimersByTime(500);
    expect(throttle.call()).toBe(false);
    vi.advanceTimersByTime(500);
    expect(throttle.call()).toBe(true);
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('ignored calls do not push the window back', () => {
    const action = vi.fn();
    const throttle = createThrottle(action, 1000);
    throttle.call();
    for (let step = 0; step < 9; step += 1) {
      vi.advanceTimersByTime(100);
      expect(throttle.call()).toBe(false);
    }
    vi.advanceTimersByTime(100);
    expect(throttle.call()).toBe(true);
  });

  it('runs a forced call within the window and starts a new window from it', () => {
    const action = vi.fn();
    const throttle = createThrottle(action, 1000);
    throttle.call();
    vi.advanceTimersByTime(600);
    expect(throttle.call({ force: true })).toBe(true);
    vi.advanceTimersByTime(600);
    expect(throttle.call()).toBe(false);
    vi.advanceTimersByTime(400);
    expect(throttle.call()).toBe(true);
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('runs the next call after a reset', () => {
    const action = vi.fn();
    const throttle = createThrottle(action, 1000);
    throttle.call();
    throttle.reset();
    expect(throttle.call()).toBe(true);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('a zero window never throttles', () => {
    const action = vi.fn();
    const throttle = createThrottle(action, 0);
    expect(throttle.call()).toBe(true);
    expect(throttle.call()).toBe(true);
  });

  it('takes an injected clock', () => {
    let time = 0;
    const throttle = createThrottle(
      () => {},
      10,
      () => time,
    );
    expect(throttle.call()).toBe(true);
    time = 9;
    expect(throttle.call()).toBe(false);
    time = 10;
    expect(throttle.call()).toBe(true);
  });

  it('refuses a negative or non-finite window', () => {
    expect(() => createThrottle(() => {}, -1)).toThrow(RangeError);
    expect(() => createThrottle(() => {}, Number.NaN)).toThrow(RangeError);
  });
});
