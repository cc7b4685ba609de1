import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, LOGIN_STATUS_UNKNOWN } from '@lobby/contracts';
import { createHeartbeat, heartbeatShouldRun, isEmbeddedFrame } from './heartbeat.tsx';

describe('heartbeatShouldRun', () => {
  it('runs only for a truthy status greater than -1', () => {
    expect(heartbeatShouldRun(true)).toBe(true);
    expect(heartbeatShouldRun(false)).toBe(false);
    expect(heartbeatShouldRun(LOGIN_STATUS_UNKNOWN)).toBe(false);
  });
});

describe('isEmbeddedFrame', () => {
  it('tells a page in a frame from the top page', () => {
    const top = {};
    expect(isEmbeddedFrame({ self: top, top })).toBe(false);
    expect(isEmbeddedFrame({ self: {}, top })).toBe(true);
  });
});

describe('createHeartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const send = vi.fn(() => Promise.resolve());
    const heartbeat = createHeartbeat({
      send,
      getPayload: () => ({ gameid: 'g1', platform: '7' }),
    });
    return { send, heartbeat };
  };

  it('does not start while the login status is unknown or false', () => {
    const { send, heartbeat } = setup();
    heartbeat.update(LOGIN_STATUS_UNKNOWN);
    heartbeat.update(false);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 3);
    expect(heartbeat.isRunning()).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('beats every interval with the game selection once logged in', () => {
    const { send, heartbeat } = setup();
    heartbeat.update(true);
    expect(heartbeat.isRunning()).toBe(true);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ gameid: 'g1', platform: '7' });
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 2);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('starts one interval only, however often the status repeats', () => {
    const { send, heartbeat } = setup();
    heartbeat.update(true);
    heartbeat.update(true);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops and clears when the member logs out or the status becomes unknown', () => {
    const { send, heartbeat } = setup();
    heartbeat.update(true);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    heartbeat.update(false);
    expect(heartbeat.isRunning()).toBe(false);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 5);
    expect(send).toHaveBeenCalledTimes(1);

    heartbeat.update(true);
    heartbeat.update(LOGIN_STATUS_UNKNOWN);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 5);
    expect(send).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('survives a failed beat', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    const heartbeat = createHeartbeat({ send, getPayload: () => ({ gameid: '', platform: '' }) });
    heartbeat.update(true);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(send).toHaveBeenCalledTimes(2);
    expect(heartbeat.isRunning()).toBe(true);
    expect(warn).toHaveBeenCalled();
    heartbeat.stop();
    warn.mockRestore();
  });
});
