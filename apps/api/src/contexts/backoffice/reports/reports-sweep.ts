import { addDays, dayOf, dayStart } from '@lobby/time';
import type { Database } from '../../../db/client.ts';
import type { Sweep, SweepContext } from '../../../jobs/scheduler.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { changedDays, currentWatermarks, recomputeDay } from './reports-rollup.repository.ts';

export const REPORTS_ROLLUP = 'reports-rollup';
export const DEFAULT_REPORTS_SWEEP_INTERVAL_MS = 60_000;

/**
 * Source rows can commit a little after rows with later sync times or ids: each run looks again
 * this far behind its marks (recomputing a day twice changes nothing).
 */
const SYNC_OVERLAP_MS = 5 * 60_000;
const ID_OVERLAP = 1_000n;

/**
 * The saved cursor. `marks`: the sources as the last complete pass saw them; `pending`: the
 * `brand|day` pairs still to recompute (a run stopped half way resumes them); `asOf`: when the
 * last complete pass read its marks (the reports' freshness).
 */
export type ReportsCursor = {
  marks: { betsSyncedAt: string | null; entryId: string; memberId: string } | null;
  pending: string[];
  asOf: string | null;
};

export function readReportsCursor(saved: Record<string, unknown>): ReportsCursor {
  const marks = saved.marks as ReportsCursor['marks'] | undefined;
  const pending = Array.isArray(saved.pending)
    ? saved.pending.filter((entry): entry is string => typeof entry === 'string')
    : [];
  return {
    marks:
      marks && typeof marks === 'object' && typeof marks.entryId === 'string'
        ? {
            betsSyncedAt: typeof marks.betsSyncedAt === 'string' ? marks.betsSyncedAt : null,
            entryId: marks.entryId,
            memberId: typeof marks.memberId === 'string' ? marks.memberId : '0',
          }
        : null,
    pending,
    asOf: typeof saved.asOf === 'string' ? saved.asOf : null,
  };
}

export type ReportsSweepOptions = {
  db: Database;
  brands: () => readonly Brand[];
  now?: () => Date;
  intervalMs?: number;
};

function later(left: bigint, right: string): string {
  const value = BigInt(right) - ID_OVERLAP;
  return (value > left ? value : left).toString();
}

/**
 * One pass: works out the days to recompute (today and yesterday of every brand, every day whose
 * sources changed since the saved marks, the days a stopped run left), saves them with the new
 * marks, then recomputes them one by one, each in its own transaction, saving the cursor after
 * each. Stops between days when `signal` aborts; the next run resumes the pending days.
 */
export async function runReportsRollup(
  context: Pick<SweepContext, 'cursor' | 'saveCursor' | 'signal' | 'log'>,
  options: ReportsSweepOptions,
): Promise<{ days: number }> {
  const now = (options.now ?? (() => new Date()))();
  const saved = readReportsCursor(context.cursor);
  const brands = new Map(options.brands().map((brand) => [brand.config.code, brand]));
  const marks = await currentWatermarks(options.db);
  const pending = new Set(saved.pending);
  for (const brand of brands.values()) {
    const zone = brand.config.settings.timeZone;
    const today = dayOf(now, zone);
    pending.add(`${brand.config.code}|${addDays(today, -1)}`);
    pending.add(`${brand.config.code}|${today}`);
    const since = saved.marks
      ? {
          betsSyncedAfter: saved.marks.betsSyncedAt
            ? new Date(Date.parse(saved.marks.betsSyncedAt) - SYNC_OVERLAP_MS).toISOString()
            : null,
          entryIdAbove: later(0n, saved.marks.entryId),
          memberIdAbove: later(0n, saved.marks.memberId),
          // Below the marks, only rows of transactions that were in flight then (recent ones).
          overlapIds: {
            entryId: saved.marks.entryId,
            memberId: saved.marks.memberId,
            createdAfter: new Date(
              Date.parse(saved.asOf ?? now.toISOString()) - SYNC_OVERLAP_MS,
            ).toISOString(),
          },
        }
      : { betsSyncedAfter: null, entryIdAbove: '0', memberIdAbove: '0' };
    // Before the first sync every bet is new: null marks with a saved cursor mean "since ever".
    const days = await changedDays(options.db, brand.config.code, zone, since);
    for (const day of days) if (day <= today) pending.add(`${brand.config.code}|${day}`);
  }
  // Oldest first: a day's first deposits look at the days before it.
  const queue = [...pending].sort((left, right) =>
    left.slice(left.indexOf('|')).localeCompare(right.slice(right.indexOf('|'))),
  );
  const asOf = now.toISOString();
  await context.saveCursor({ marks, pending: queue, asOf: saved.asOf });
  let done = 0;
  while (queue.length > 0) {
    if (context.signal.aborted) return { days: done };
    const [brandCode, day] = (queue[0] as string).split('|') as [string, string];
    const brand = brands.get(brandCode);
    if (brand) {
      const zone = brand.config.settings.timeZone;
      await options.db.transaction((tx) =>
        recomputeDay(tx, {
          brandCode,
          currency: brandCurrency(brand),
          timeZone: zone,
          day,
          start: dayStart(day, zone),
          end: dayStart(addDays(day, 1), zone),
        }),
      );
      done += 1;
    }
    queue.shift();
    await context.saveCursor({
      marks,
      pending: queue,
      asOf: queue.length === 0 ? asOf : saved.asOf,
    });
  }
  if (done > 2 * brands.size) context.log.info({ days: done }, 'report rollups recomputed');
  return { days: done };
}

export function reportsRollupSweep(options: ReportsSweepOptions): Sweep {
  return {
    name: REPORTS_ROLLUP,
    intervalMs: options.intervalMs ?? DEFAULT_REPORTS_SWEEP_INTERVAL_MS,
    async run(context) {
      await runReportsRollup(context, options);
    },
  };
}
