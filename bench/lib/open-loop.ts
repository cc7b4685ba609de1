/**
 * An open-loop load generator: requests leave at a fixed offered rate whatever the server does,
 * as real members' browsers would, and each latency is measured from when the request was due,
 * not from when it could be sent (no coordinated omission: a stalled server shows in p99).
 *
 * The client runs in the bench's own process; the server under test runs in another
 * (bench/lib/processes.ts), so the client's CPU is never counted as the server's.
 */
import { Pool } from 'undici';

export type Call = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The status the call must answer with (200 unless given). */
  expect?: number;
  /** Looks at the body; false counts the call as an error. */
  check?: (body: string) => boolean;
};

export type RoundResult = {
  offered: number;
  sent: number;
  ok: number;
  errors: number;
  /** Calls never sent because too many were already in flight: the server fell behind. */
  dropped: number;
  achieved: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  firstError?: string;
  /** p99 and the slowest call of each second of the round, by when the calls were due. */
  seconds: { p99Ms: number; maxMs: number }[];
};

/** Per second of due time: where in a round the slow calls were (a stall, or a slow drift). */
function bySecond(samples: { dueMs: number; latencyMs: number }[]): RoundResult['seconds'] {
  const buckets: number[][] = [];
  for (const { dueMs, latencyMs } of samples)
    (buckets[Math.floor(dueMs / 1000)] ??= []).push(latencyMs);
  return Array.from(buckets, (bucket = []) => {
    bucket.sort((left, right) => left - right);
    return { p99Ms: percentile(bucket, 0.99), maxMs: bucket.at(-1) ?? 0 };
  });
}

/** Latency at a share of the sorted list. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** A keep-alive connection pool to one origin, sized for the highest offered rate. */
export function connect(origin: string, connections = 128): Pool {
  return new Pool(origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
}

/**
 * Offers `rate` calls per second for `seconds`; `next(i)` gives the i-th call. At most
 * `maxInFlight` calls are outstanding; a call due while that many wait is dropped and counted
 * (an open-loop client would only queue it, and its latency would be the queue's).
 */
export async function offer(
  pool: Pool,
  options: { rate: number; seconds: number; next: (index: number) => Call; maxInFlight?: number },
): Promise<RoundResult> {
  const { rate, seconds, next } = options;
  const maxInFlight = options.maxInFlight ?? 2_000;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const samples: { dueMs: number; latencyMs: number }[] = [];
  let inFlight = 0;
  let ok = 0;
  let errors = 0;
  let dropped = 0;
  let firstError: string | undefined;
  const pending: Promise<void>[] = [];
  const started = performance.now();

  const fire = (index: number, due: number): Promise<void> => {
    const call = next(index);
    inFlight++;
    return pool
      .request({
        method: call.method,
        path: call.path,
        headers: call.headers,
        body: call.body,
      })
      .then(async (response) => {
        const text = await response.body.text();
        const good =
          response.statusCode === (call.expect ?? 200) && (call.check ? call.check(text) : true);
        if (good) ok++;
        else {
          errors++;
          firstError ??= `${call.method} ${call.path}: ${response.statusCode} ${text.slice(0, 200)}`;
        }
      })
      .catch((error: unknown) => {
        errors++;
        firstError ??= `${call.method} ${call.path}: ${(error as Error).message}`;
      })
      .finally(() => {
        inFlight--;
        latencies.push(performance.now() - due);
        samples.push({ dueMs: due - started, latencyMs: performance.now() - due });
      });
  };

  let index = 0;
  while (index < total) {
    const now = performance.now();
    // Every call due by now leaves now; the timer below wakes for the next one.
    while (index < total && started + index * interval <= now) {
      const due = started + index * interval;
      if (inFlight >= maxInFlight) dropped++;
      else pending.push(fire(index, due));
      index++;
    }
    if (index < total) {
      const wait = started + index * interval - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(wait, 5))));
    }
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((left, right) => left - right);
  return {
    offered: rate,
    sent: total - dropped,
    ok,
    errors,
    dropped,
    achieved: ok / Math.max(elapsed, seconds),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    firstError,
    seconds: bySecond(samples),
  };
}

/**
 * The same open loop around work that is not an HTTP call (a ledger post from the bench's own
 * process, a raw SQL transaction): `run(i)` starts the i-th operation at its due time; a
 * rejection counts as an error. Latency is measured from the due time, as in `offer`.
 */
export async function offerWork(options: {
  rate: number;
  seconds: number;
  run: (index: number) => Promise<void>;
  maxInFlight?: number;
}): Promise<RoundResult> {
  const { rate, seconds, run } = options;
  const maxInFlight = options.maxInFlight ?? 2_000;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const samples: { dueMs: number; latencyMs: number }[] = [];
  let inFlight = 0;
  let ok = 0;
  let errors = 0;
  let dropped = 0;
  let firstError: string | undefined;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let index = 0;
  while (index < total) {
    const now = performance.now();
    while (index < total && started + index * interval <= now) {
      const due = started + index * interval;
      if (inFlight >= maxInFlight) dropped++;
      else {
        inFlight++;
        pending.push(
          run(index)
            .then(() => {
              ok++;
            })
            .catch((error: unknown) => {
              errors++;
              firstError ??= (error as Error).message;
            })
            .finally(() => {
              inFlight--;
              latencies.push(performance.now() - due);
              samples.push({ dueMs: due - started, latencyMs: performance.now() - due });
            }),
        );
      }
      index++;
    }
    if (index < total) {
      const wait = started + index * interval - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(wait, 5))));
    }
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((left, right) => left - right);
  return {
    offered: rate,
    sent: total - dropped,
    ok,
    errors,
    dropped,
    achieved: ok / Math.max(elapsed, seconds),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    firstError,
    seconds: bySecond(samples),
  };
}
