import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_BACKOFF_BASE_MS,
  CHECK_BACKOFF_CAP_MS,
  CHECK_LEASE_MS,
  DECIDING_CHECK_DELAY_MS,
  FIRST_CHECK_DELAY_MS,
  NOT_FOUND_FINAL_AFTER_MS,
  backoffMs,
  nextCheckAt,
} from './transfer-schedule.ts';
import {
  TRANSFER_RECONCILIATION_INTERVAL_MS,
  transferReconciliationSweep,
} from './transfer-reconciliation.ts';
import type { TransferService } from './transfer.service.ts';

const CREATED_MS = Date.parse('2030-01-01T00:00:00Z');

const next = (nowMs: number, attempts: number, finalAfterMs = NOT_FOUND_FINAL_AFTER_MS) =>
  nextCheckAt({
    createdAt: new Date(CREATED_MS),
    now: new Date(nowMs),
    attempts,
    finalAfterMs,
  }).getTime() - CREATED_MS;

describe('the status-query schedule of an order in transit', () => {
  it('never reaches past the window (plus the deciding delay) while the order is younger', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 3_600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        (windowMs, share, attempts) => {
          const ageMs = Math.floor(windowMs * share);
          const atMs = next(CREATED_MS + ageMs, attempts, windowMs);
          expect(atMs).toBeLessThanOrEqual(windowMs + DECIDING_CHECK_DELAY_MS);
          expect(atMs).toBeGreaterThan(ageMs);
          expect(atMs - ageMs).toBeLessThanOrEqual(backoffMs(attempts));
        },
      ),
    );
  });

  it('past the window asks again within seconds at first, then ever less often, capped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 * 3_600_000 }),
        fc.integer({ min: 0, max: 100 }),
        (sinceWindowMs, attempts) => {
          const ageMs = NOT_FOUND_FINAL_AFTER_MS + sinceWindowMs;
          const waitMs = next(CREATED_MS + ageMs, attempts) - ageMs;
          expect(waitMs).toBeGreaterThanOrEqual(CHECK_BACKOFF_BASE_MS);
          expect(waitMs).toBeLessThanOrEqual(CHECK_BACKOFF_CAP_MS);
          expect(waitMs).toBeLessThanOrEqual(Math.max(CHECK_BACKOFF_BASE_MS, sinceWindowMs));
        },
      ),
    );
  });

  it('asks about a lost order just past the window, and often in the 30 s after it', () => {
    // Queries of an order the platform never kept, each coming back at once: before the window
    // "not found" is not final, so the schedule goes on to the query just past it.
    const asked: number[] = [FIRST_CHECK_DELAY_MS];
    while ((asked.at(-1) ?? 0) <= NOT_FOUND_FINAL_AFTER_MS) {
      asked.push(next(CREATED_MS + (asked.at(-1) ?? 0), asked.length));
    }
    expect(asked).toEqual([15_000, 20_000, 30_000, 50_000, 90_000, 121_000]);
    // Past the window every query could decide; were each lost (a timeout), these follow.
    const after: number[] = [NOT_FOUND_FINAL_AFTER_MS + DECIDING_CHECK_DELAY_MS];
    while ((after.at(-1) ?? 0) < NOT_FOUND_FINAL_AFTER_MS + 30_000) {
      after.push(next(CREATED_MS + (after.at(-1) ?? 0), 10));
    }
    expect(after.map((atMs) => (atMs - NOT_FOUND_FINAL_AFTER_MS) / 1000)).toEqual([
      1, 6, 11, 16, 21, 26.25, 32.812,
    ]);
  });

  it('runs the sweep and frees lost claims within seconds', () => {
    const sweep = transferReconciliationSweep({ transfers: {} as TransferService });
    expect(sweep.intervalMs).toBe(TRANSFER_RECONCILIATION_INTERVAL_MS);
    expect(TRANSFER_RECONCILIATION_INTERVAL_MS).toBeLessThanOrEqual(5_000);
    expect(CHECK_LEASE_MS).toBeLessThanOrEqual(10_000);
    // A claim lost just past the window, and the sweep after it, still leave room to decide.
    expect(
      DECIDING_CHECK_DELAY_MS + 2 * TRANSFER_RECONCILIATION_INTERVAL_MS + CHECK_LEASE_MS,
    ).toBeLessThan(30_000);
  });
});
