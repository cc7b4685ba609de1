import { useEffect } from 'react';
import { HEARTBEAT_INTERVAL_MS, LOGIN_STATUS_UNKNOWN } from '@lobby/contracts';
import { sessionStore, useSession, type LoginStatus, type SessionStore } from './session-store.ts';

/** Body of the online-status heartbeat (SPEC.md section 3). */
export type HeartbeatPayload = { gameid: string; platform: string };
export type HeartbeatSender = (payload: HeartbeatPayload) => Promise<unknown>;

/** The heartbeat runs only while logged in: login status truthy and greater than -1. */
export function heartbeatShouldRun(isLogin: LoginStatus): boolean {
  return Boolean(isLogin) && Number(isLogin) > LOGIN_STATUS_UNKNOWN;
}

/**
 * A page shown in a frame of this site (the customer service panel) leaves the heartbeat to the
 * page around it, which already reports the member and their game.
 */
export function isEmbeddedFrame(view: { self: unknown; top: unknown }): boolean {
  return view.self !== view.top;
}

export type IntervalTimers = {
  setInterval(callback: () => void, milliseconds: number): ReturnType<typeof setInterval>;
  clearInterval(id: ReturnType<typeof setInterval>): void;
};

export type HeartbeatController = {
  /** Starts the interval when the status says logged in, stops and clears it otherwise. */
  update(isLogin: LoginStatus): void;
  stop(): void;
  isRunning(): boolean;
};

export function createHeartbeat(options: {
  send: HeartbeatSender;
  getPayload: () => HeartbeatPayload;
  intervalMs?: number;
  timers?: IntervalTimers;
}): HeartbeatController {
  const intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const timers: IntervalTimers = options.timers ?? {
    setInterval: (callback, milliseconds) => setInterval(callback, milliseconds),
    clearInterval: (id) => clearInterval(id),
  };
  let timer: ReturnType<typeof setInterval> | undefined;

  const beat = (): void => {
    options.send(options.getPayload()).catch((error: unknown) => {
      // A missed beat is not the member's problem; the next one follows in a moment.
      console.warn('heartbeat failed', error);
    });
  };
  const stop = (): void => {
    if (timer === undefined) return;
    timers.clearInterval(timer);
    timer = undefined;
  };
  return {
    update(isLogin) {
      if (!heartbeatShouldRun(isLogin)) {
        stop();
        return;
      }
      if (timer === undefined) timer = timers.setInterval(beat, intervalMs);
    },
    stop,
    isRunning: () => timer !== undefined,
  };
}

/**
 * Invisible: keeps the online-status heartbeat going while the member is logged in, with
 * the current game selection as payload. Without a sender it does nothing.
 */
export function Heartbeat({
  send,
  store = sessionStore,
}: {
  send: HeartbeatSender | undefined;
  store?: SessionStore;
}) {
  const isLogin = useSession((state) => state.isLogin, store);
  useEffect(() => {
    if (!send) return undefined;
    const heartbeat = createHeartbeat({
      send,
      getPayload: () => {
        const { gameid, platform } = store.getState().game;
        return { gameid, platform };
      },
    });
    heartbeat.update(isLogin);
    return () => heartbeat.stop();
  }, [isLogin, send, store]);
  return null;
}
