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
    expect(again.migrations).toEqual({ applied: [], adopted: [] });
    await again.close();
  });

  // docs/pgbouncer.md: behind a transaction-mode pooler the session locks need a connection of
  // their own; queries stay on the pool.
  it.runIf(process.env.DATABASE_URL)(
    'holds its session locks on the session connection when given one',
    async () => {
      const named = (applicationName: string) => {
        const url = new URL(process.env.DATABASE_URL as string);
        url.searchParams.set('application_name', applicationName);
        return url.toString();
      };
      const split = await openDatabase({
        kind: 'postgres',
        url: named('lobby_test_pool'),
        sessionUrl: named('lobby_test_session'),
        poolSize: 2,
      });
      try {
        // Key 2^32 + 7: PostgreSQL shows a bigint key as classid (high half) and objid.
        const key = 4_294_967_303n;
        const result = await split.withTryLock(key, async () => {
          const [held] = await queryRows<{ holder: string; asker: string }>(
            split.db,
            sql`select a.application_name as holder, current_setting('application_name') as asker
                from pg_locks l join pg_stat_activity a on a.pid = l.pid
                where l.locktype = 'advisory' and l.classid::bigint = 1 and l.objid::bigint = 7
                  and l.objsubid = 1 and l.granted`,
          );
          return held;
        });
        expect(result).toEqual({
          acquired: true,
          value: { holder: 'lobby_test_session', asker: 'lobby_test_pool' },
        });
      } finally {
        await split.close();
      }
    },
  );
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
