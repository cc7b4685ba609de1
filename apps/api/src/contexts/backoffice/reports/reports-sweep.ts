import { addDays, dayOf, dayStart } from '@lobby/time';
import type { Database } from '../../../db/client.ts';
import type { Sweep, SweepContext } from '../../../jobs/scheduler.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { REPORT_PLAYERS_MAX_LIMIT } from '@lobby/contracts';
import {
  changedDays,
  currentWatermarks,
  forgetSpans,
  keepSpanFacts,
  keptSpans,
  recomputeDay,
} from './reports-rollup.repository.ts';

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
 * `brand|day` pairs still to recompute (a run stopped half way resumes them); `recomputed`: the
 * `brand|day` pairs recomputed since the kept spans were last brought up to date; `asOf`: when
 * the last complete pass read its marks (the reports' freshness).
 */
export type ReportsCursor = {
  marks: { betsSyncedAt: string | null; entryId: string; memberId: string } | null;
  pending: string[];
  recomputed: string[];
  asOf: string | null;
};

/** The spans a brand's answers are kept for (decision 0022): `[from, to]` for its today. */
export function keptSpansOf(today: string): [string, string][] {
  return [7, 30].flatMap((days): [string, string][] => [
    [addDays(today, -(days - 1)), today],
    [addDays(today, -(2 * days - 1)), addDays(today, -days)],
  ]);
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

export function readReportsCursor(saved: Record<string, unknown>): ReportsCursor {
  const marks = saved.marks as ReportsCursor['marks'] | undefined;
  return {
    marks:
      marks && typeof marks === 'object' && typeof marks.entryId === 'string'
        ? {
            betsSyncedAt: typeof marks.betsSyncedAt === 'string' ? marks.betsSyncedAt : null,
            entryId: marks.entryId,
            memberId: typeof marks.memberId === 'string' ? marks.memberId : '0',
          }
        : null,
    pending: strings(saved.pending),
    recomputed: strings(saved.recomputed),
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
): Promise<{ days: number; spans: number; spansSeconds: number }> {
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
  const recomputed = new Set(
    saved.recomputed.filter((entry) => brands.has(entry.slice(0, entry.indexOf('|')))),
  );
  const save = (pendingNow: readonly string[], complete: boolean) =>
    context.saveCursor({
      marks,
      pending: pendingNow,
      recomputed: [...recomputed],
      asOf: complete ? asOf : saved.asOf,
    });
  await save(queue, false);
  let done = 0;
  while (queue.length > 0) {
    if (context.signal.aborted) return { days: done, spans: 0, spansSeconds: 0 };
    const next = queue[0] as string;
    const [brandCode, day] = next.split('|') as [string, string];
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
      recomputed.add(next);
      done += 1;
    }
    queue.shift();
    await save(queue, false);
  }
  const spansStarted = performance.now();
  const spans = await keepSpans(context, options, [...brands.values()], now, recomputed);
  const spansSeconds = (performance.now() - spansStarted) / 1000;
  await save([], true);
  if (done > 2 * brands.size) context.log.info({ days: done }, 'report rollups recomputed');
  return { days: done, spans, spansSeconds };
}

/**
 * Brings every brand's kept spans up to date: computes the spans of its today that are missing
 * or hold a day recomputed since (taking those days out of `recomputed`), forgets the others.
 * Answers how many it computed.
 */
async function keepSpans(
  context: Pick<SweepContext, 'signal'>,
  options: ReportsSweepOptions,
  brands: readonly Brand[],
  now: Date,
  recomputed: Set<string>,
): Promise<number> {
  let computed = 0;
  for (const brand of brands) {
    if (context.signal.aborted) return computed;
    const brandCode = brand.config.code;
    const zone = brand.config.settings.timeZone;
    const spans = keptSpansOf(dayOf(now, zone));
    const kept = new Set(await keptSpans(options.db, brandCode));
    const days = [...recomputed]
      .filter((entry) => entry.startsWith(`${brandCode}|`))
      .map((entry) => entry.slice(brandCode.length + 1));
    for (const [from, to] of spans) {
      if (kept.has(`${from}|${to}`) && !days.some((day) => day >= from && day <= to)) continue;
      await keepSpanFacts(
        options.db,
        {
          brandCode,
          currency: brandCurrency(brand),
          timeZone: zone,
          from,
          to,
          start: dayStart(from, zone),
          end: dayStart(addDays(to, 1), zone),
        },
        REPORT_PLAYERS_MAX_LIMIT,
      );
      computed += 1;
    }
    await forgetSpans(
      options.db,
      brandCode,
      spans.map(([from, to]) => `${from}|${to}`),
    );
    for (const day of days) recomputed.delete(`${brandCode}|${day}`);
  }
  return computed;
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
