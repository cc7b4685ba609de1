import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from './client.ts';

/**
 * The brand of one row: `brandColumn` of the row of `table` whose `keyColumn` is `key`, or null
 * when there is none. Each module's repository uses it for the records operators address by id,
 * so the operator guard can hold an operator to their brands (plugins/operator-auth.ts).
 */
export async function brandCodeOf(
  executor: Executor,
  table: PgTable,
  brandColumn: AnyPgColumn,
  keyColumn: AnyPgColumn,
  key: string | bigint | number,
): Promise<string | null> {
  const rows = await queryRows<{ brand: string }>(
    executor,
    sql`select ${brandColumn} as brand from ${table} where ${keyColumn} = ${key} limit 1`,
  );
  return rows[0]?.brand ?? null;
}

/**
 * The condition "in these brands" for a list an operator's brands narrow: no condition for null
 * (every brand), one that matches nothing for an empty list.
 */
export function inBrands(column: AnyPgColumn, brands: readonly string[] | null): SQL | undefined {
  if (brands === null) return undefined;
  if (brands.length === 0) return sql`false`;
  return inArray(column, [...brands]);
}
