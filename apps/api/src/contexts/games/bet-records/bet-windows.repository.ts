import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';
import { gameBetRecords } from './bet-records.schema.ts';

/** A stretch of a member's time to total their settled rounds in (the money context asks). */
export type BetWindow = {
  key: string;
  brandCode: string;
  memberId: bigint;
  currency: string;
  /** Settled at or after; null: since the beginning. */
  from: Date | null;
  /** Settled before. */
  to: Date;
  /** A round whose payout minus stake reaches this is a large win. */
  largeWinMinor: bigint;
};

export type BetWindowTotals = {
  validBetMinor: bigint;
  largeWinCount: number;
  /** The largest payout minus stake among the large wins; null when there is none. */
  largestWinMinor: bigint | null;
};

/**
 * For each window, in one query: the valid bets of the rounds settled in it and its large wins
 * (the withdrawal risk signals of the money context, handed to it by app.ts).
 */
export async function betTotalsInWindows(
  executor: Executor,
  windows: readonly BetWindow[],
): Promise<Map<string, BetWindowTotals>> {
  const result = new Map<string, BetWindowTotals>();
  if (windows.length === 0) return result;
  const values = sql.join(
    windows.map(
      (window) =>
        sql`(${window.key}::text, ${window.brandCode}::text, ${window.memberId}::bigint,
          ${window.currency}::text, ${window.from?.toISOString() ?? null}::timestamptz,
          ${window.to.toISOString()}::timestamptz, ${window.largeWinMinor}::bigint)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{
    key: string;
    valid_bet: string;
    large_wins: number;
    largest: string | null;
  }>(
    executor,
    sql`with w(key, brand_code, member_id, currency, from_at, to_at, large_win) as (
        values ${values})
      select w.key,
        coalesce(sum(b.valid_bet_minor), 0)::text as valid_bet,
        (count(*) filter (where b.payout_minor - b.bet_minor >= w.large_win))::int as large_wins,
        (max(b.payout_minor - b.bet_minor)
          filter (where b.payout_minor - b.bet_minor >= w.large_win))::text as largest
      from w left join ${gameBetRecords} b on b.member_id = w.member_id
        and b.brand_code = w.brand_code and b.currency = w.currency
        and b.settled_at < w.to_at and (w.from_at is null or b.settled_at >= w.from_at)
      group by w.key`,
  );
  for (const row of rows) {
    result.set(row.key, {
      validBetMinor: BigInt(row.valid_bet),
      largeWinCount: Number(row.large_wins),
      largestWinMinor: row.largest === null ? null : BigInt(row.largest),
    });
  }
  return result;
}
