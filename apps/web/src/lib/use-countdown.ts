import { useCallback, useEffect, useRef, useState } from 'react';
import { countdownEnd, secondsLeft } from './countdown.ts';

const TICK_MS = 250;

/**
 * A countdown in whole seconds, measured against the clock (lib/countdown.ts). `onEnd` runs
 * once when a started countdown reaches zero.
 */
export function useCountdown(onEnd?: () => void): {
  secondsLeft: number;
  running: boolean;
  start(seconds: number): void;
  stop(): void;
} {
  const [clock, setClock] = useState<{ endsAt: number | null; now: number }>({
    endsAt: null,
    now: 0,
  });
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  }, [onEnd]);

  const endsAt = clock.endsAt;
  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = setInterval(() => {
      const now = Date.now();
      if (secondsLeft(endsAt, now) === 0) {
        setClock({ endsAt: null, now });
        onEndRef.current?.();
      } else {
        setClock((current) => (current.endsAt === endsAt ? { endsAt, now } : current));
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ endsAt: countdownEnd(seconds, now), now });
  }, []);
  const stop = useCallback(() => setClock((current) => ({ ...current, endsAt: null })), []);

  return { secondsLeft: secondsLeft(endsAt, clock.now), running: endsAt !== null, start, stop };
}
