import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, CURRENCIES, type CurrencyCode } from '@lobby/money';
import { openTestDatabase } from '../test/database.ts';
import { queryRows, type DatabaseHandle } from './client.ts';
import { decimalTextSql, minorUnitOf } from './money-sql.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const values = [
  0n,
  1n,
  -1n,
  5n,
  -5n,
  99n,
  100n,
  -100n,
  1_050n,
  123_456n,
  -123_456n,
  1_000_000n,
  -999_999n,
  9_223_372_036_854_775_807n,
  -9_223_372_036_854_775_808n,
];

describe('decimalTextSql', () => {
  it.each(Object.keys(CURRENCIES) as CurrencyCode[])(
    'writes what formatAmount writes, in %s',
    async (currency) => {
      const factor = minorUnitOf(currency);
      for (const minor of values) {
        const [row] = await queryRows<{ text: string }>(
          database.db,
          sql`select ${decimalTextSql(sql`${String(minor)}::bigint`, sql`${factor}`)} as text`,
        );
        expect(row?.text, `${minor} ${currency}`).toBe(formatAmount(minor, currency));
      }
    },
  );
});
