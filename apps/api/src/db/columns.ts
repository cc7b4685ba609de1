import { sql } from 'drizzle-orm';
import { customType, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column helpers every module's schema may use.
 */

/**
 * An instant within the dates the contracts accept (EARLIEST_DATE to LATEST_DATE of
 * packages/contracts/src/dates.ts), as a CHECK condition.
 */
export function dateInRange(column: AnyPgColumn) {
  return sql`(${column} >= '2000-01-01T00:00:00Z' and ${column} < '2101-01-01T00:00:00Z')`;
}

/** bytea as a Buffer on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
