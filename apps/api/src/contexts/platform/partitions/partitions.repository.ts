import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';

/**
 * The partitions module's SQL. The month partitions themselves are made and dropped by the
 * database functions of migration 0022 (`lobby_month_partition`, `lobby_drop_months_before`), so
 * the migration and the sweep share one definition of a month.
 */

export type MonthPartition = {
  /** e.g. journal_entries_p202611 */
  name: string;
  /** The month it holds, `YYYY-MM` (UTC). */
  month: string;
};

/** The month partitions of a partitioned table, oldest first (the default partition aside). */
export async function monthPartitions(
  executor: Executor,
  table: string,
): Promise<MonthPartition[]> {
  const rows = await queryRows<{ name: string }>(
    executor,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass(quote_ident(${table}))
          and c.relname ~ ('^' || ${table} || '_p[0-9]{6}$')
        order by c.relname`,
  );
  return rows.map((row) => ({
    name: row.name,
    month: `${row.name.slice(-6, -2)}-${row.name.slice(-2)}`,
  }));
}

/**
 * The months (`YYYY-MM-01`, UTC) of the rows waiting in the table's default partition: rows dated
 * where no month partition was made (late, backdated, or written while the sweep was down).
 */
export async function waitingMonths(
  executor: Executor,
  table: string,
  column: string,
): Promise<string[]> {
  const rows = await queryRows<{ month: string }>(
    executor,
    sql`select distinct to_char(date_trunc('month', ${sql.identifier(column)} at time zone 'UTC'),
                                'YYYY-MM-DD') as month
        from ${sql.identifier(`${table}_default`)} order by 1`,
  );
  return rows.map((row) => row.month);
}

/** Makes the month partition holding `month` (a `YYYY-MM-DD` day); true when it was made. */
export async function ensureMonthPartition(
  executor: Executor,
  table: string,
  month: string,
): Promise<boolean> {
  const rows = await queryRows<{ made: boolean }>(
    executor,
    sql`select lobby_month_partition(${table}, ${month}::date) as made`,
  );
  return rows[0]?.made === true;
}

/**
 * Drops the month partitions that end on or before `cutoff` and the default partition's rows
 * older than it. The database refuses it for the ledger and the event log. Months dropped.
 */
export async function dropMonthsBefore(
  executor: Executor,
  table: string,
  cutoff: Date,
): Promise<number> {
  const rows = await queryRows<{ dropped: number }>(
    executor,
    sql`select lobby_drop_months_before(${table}, ${cutoff.toISOString()}::timestamptz) as dropped`,
  );
  return Number(rows[0]?.dropped ?? 0);
}
