import { sql, type SQL } from 'drizzle-orm';
import { scaleOf, type CurrencyCode } from '@lobby/money';

/**
 * Minor units as the decimal text of @lobby/money's `formatAmount` ("12.50", "-0.05", "7" for
 * a scale of 0), computed by PostgreSQL, for a value only the statement knows (a balance after
 * a movement, written into the action log by the same statement). `factor` is the currency's
 * minor unit as SQL text ("0.01": a placeholder of a prepared statement; `minorUnitOf` gives
 * it). Exact: a numeric product keeps the sum of its factors' scales, so the text has exactly
 * the currency's decimals, whatever the size (money-sql.test.ts compares it with formatAmount
 * on the database).
 */
export function decimalTextSql(minor: SQL, factor: SQL): SQL {
  return sql`((${minor})::numeric * (${factor})::numeric)::text`;
}

/** A currency's minor unit as decimal text ("0.01", "0.000001", "1"), for decimalTextSql. */
export function minorUnitOf(currency: CurrencyCode): string {
  const scale = scaleOf(currency);
  return scale === 0 ? '1' : `0.${'0'.repeat(scale - 1)}1`;
}
