import { sql } from 'drizzle-orm';
import type { Sweep, SweepContext } from '../../../jobs/scheduler.ts';
import {
  dropMonthsBefore,
  ensureMonthPartition,
  monthPartitions,
  waitingMonths,
} from './partitions.repository.ts';

export const PARTITIONS = 'partitions';
export const PARTITIONS_SWEEP_INTERVAL_MS = 6 * 60 * 60_000;
/** Months made ahead of the current one: three months of slack if the sweep stops. */
export const MONTHS_AHEAD = 3;

/** How long the months of each table whose retention the law leaves to the operator are kept. */
export type Retention = {
  betRecords?: number | undefined;
  sessions?: number | undefined;
  actionLog?: number | undefined;
  chatMessages?: number | undefined;
};

/**
 * The shortest retention each setting accepts, in months: a typo cannot wipe recent history. Bet
 * records and the action log are records a regulator reads back years later; sessions feed the
 * linked-accounts view; chat holds complaints.
 */
export const RETENTION_FLOORS: Record<keyof Retention, number> = {
  betRecords: 60,
  actionLog: 60,
  sessions: 6,
  chatMessages: 6,
};

/**
 * The append-only tables partitioned by month (migration 0022, decision 0029), each with the
 * column it is partitioned by. `retention` names the setting that may drop its old months; the
 * ledger and the significant-event log have none, and the database refuses it for them too.
 */
export const PARTITIONED_TABLES: readonly {
  table: string;
  column: string;
  retention: keyof Retention | null;
}[] = [
  { table: 'journal_entries', column: 'created_at', retention: null },
  { table: 'postings', column: 'created_at', retention: null },
  { table: 'audit_events', column: 'occurred_at', retention: null },
  { table: 'game_bet_records', column: 'settled_at', retention: 'betRecords' },
  { table: 'member_sessions', column: 'created_at', retention: 'sessions' },
  { table: 'operator_actions', column: 'created_at', retention: 'actionLog' },
  { table: 'chat_messages', column: 'created_at', retention: 'chatMessages' },
];

/** The first day (`YYYY-MM-01`, UTC) of the month `offset` months from the one holding `now`. */
export function monthStart(now: Date, offset: number): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return day.toISOString().slice(0, 10);
}

/** What one run did, table by table. */
export type PartitionsReport = {
  table: string;
  made: string[];
  dropped: number;
}[];

/**
 * Keeps each partitioned table's months: the current one and MONTHS_AHEAD after it exist; rows
 * waiting in the default partition get their month; where a retention is set, the months that
 * ended before it are dropped. Each change is one short transaction that gives up after a
 * second of waiting for its lock (a long report read must not queue the ledger's writes behind
 * it); what it could not do, the next run does.
 */
export async function maintainPartitions(
  context: Pick<SweepContext, 'db' | 'log'> & { signal?: AbortSignal },
  retention: Retention,
  now: Date,
): Promise<PartitionsReport> {
  const report: PartitionsReport = [];
  for (const { table, column, retention: setting } of PARTITIONED_TABLES) {
    if (context.signal?.aborted) break;
    const months = setting ? retention[setting] : undefined;
    const cutoff = months === undefined ? null : monthStart(now, -months);
    const wanted = new Set(
      Array.from({ length: MONTHS_AHEAD + 1 }, (_, offset) => monthStart(now, offset)),
    );
    for (const month of await waitingMonths(context.db, table, column)) {
      if (cutoff === null || month >= cutoff) wanted.add(month);
    }
    const existing = new Set(
      (await monthPartitions(context.db, table)).map(({ month }) => `${month}-01`),
    );
    const made: string[] = [];
    for (const month of [...wanted].toSorted()) {
      if (existing.has(month)) continue;
      const created = await context.db.transaction(async (transaction) => {
        await transaction.execute(sql`set local lock_timeout = '1s'`);
        return ensureMonthPartition(transaction, table, month);
      });
      if (created) made.push(month.slice(0, 7));
    }
    let dropped = 0;
    if (cutoff !== null) {
      dropped = await context.db.transaction(async (transaction) => {
        await transaction.execute(sql`set local lock_timeout = '1s'`);
        return dropMonthsBefore(transaction, table, new Date(`${cutoff}T00:00:00Z`));
      });
    }
    if (made.length > 0 || dropped > 0) {
      context.log.info({ table, made, dropped }, 'partitions: months made and dropped');
    }
    report.push({ table, made, dropped });
  }
  return report;
}

/** The sweep that keeps the months (every node registers it; one runs it per interval). */
export function partitionsSweep(options: {
  retention: Retention;
  intervalMs?: number;
  now?: () => Date;
}): Sweep {
  return {
    name: PARTITIONS,
    intervalMs: options.intervalMs ?? PARTITIONS_SWEEP_INTERVAL_MS,
    async run(context) {
      await maintainPartitions(context, options.retention, options.now?.() ?? new Date());
    },
  };
}
