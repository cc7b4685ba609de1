import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.ts';
import { openDatabase, queryRows, type DatabaseHandle } from './client.ts';
import { DataDirLockedError } from '@lobby/database';
import { brands } from '../contexts/platform/brand/brand.schema.ts';
import { seedDemoBrands } from '../contexts/platform/brand/brand.service.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoBrands(database.db);
});
afterAll(async () => {
  await database.close();
});

describe(`database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  it('reads bigint columns as bigint, beyond 2^53, through drizzle and raw SQL', async () => {
    const big = 9_007_199_254_740_993n; // 2^53 + 1: a number would round it.
    await database.db.update(brands).set({ revision: big }).where(eq(brands.code, 'haoyun'));
    const [row] = await database.db
      .select({ revision: brands.revision })
      .from(brands)
      .where(eq(brands.code, 'haoyun'));
    expect(row?.revision).toBe(big);
    const [raw] = await queryRows<{ revision: unknown; literal: unknown; sum: unknown }>(
      database.db,
      sql`select revision, 9223372036854775807::bigint as literal,
                 sum(revision) as sum from brands where code = 'haoyun' group by revision`,
    );
    expect(raw?.revision).toBe(big);
    expect(raw?.literal).toBe(9_223_372_036_854_775_807n);
    // sum(bigint) is numeric: an exact decimal string, never a float.
    expect(raw?.sum).toBe('9007199254740993');
    await database.db.update(brands).set({ revision: 1n }).where(eq(brands.code, 'haoyun'));
  });

  it('answers ping and runs work under a try-lock, refusing a second holder', async () => {
    await database.ping();
    const key = 123_456_789n;
    const outer = await database.withTryLock(key, async () => {
      const inner = await database.withTryLock(key, async () => 'inner');
      return inner;
    });
    expect(outer).toEqual({ acquired: true, value: null });
    expect(await database.withTryLock(key, async () => 'again')).toEqual({
      acquired: true,
      value: 'again',
    });
  });

  it('applies migrations idempotently when opened again', async () => {
    if (!process.env.DATABASE_URL) return;
    const again = await openTestDatabase();
    await again.ping();
    await again.close();
  });
});

describe('embedded data directory', () => {
  it('persists data across restarts and cannot be opened by two processes at once', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'lobby-data-')), 'embedded');
    const first = await openDatabase({ kind: 'embedded', dataDir });
    await seedDemoBrands(first.db);
    await expect(
      openDatabase({ kind: 'embedded', dataDir, lockRetries: 0 }),
    ).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const second = await openDatabase({ kind: 'embedded', dataDir });
    const rows = await second.db.select({ code: brands.code }).from(brands);
    expect(rows).toHaveLength(19);
    await second.close();
  }, 60_000);
});
