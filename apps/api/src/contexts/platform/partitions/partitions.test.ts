import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { queryRows, type DatabaseHandle } from '../../../db/client.ts';
import { createLogger } from '../../../lib/logger.ts';
import { insertMember } from '../../identity/member/index.ts';
import { memberSessions } from '../../identity/member/session.schema.ts';
import { insertNewBetRecords } from '../../games/bet-records/bet-records.repository.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { LedgerService, type PostInput } from '../../money/ledger/ledger.service.ts';
import { seedDemoBrands } from '../brand/brand.service.ts';
import { openTestDatabase } from '../../../test/database.ts';
import {
  maintainPartitions,
  monthStart,
  MONTHS_AHEAD,
  PARTITIONED_TABLES,
  partitionsSweep,
} from './index.ts';

/**
 * The append-only history tables are partitioned by month (migration 0022, decision 0029). The
 * months used here are years back (2011-2013), which no other test writes, because the tests of
 * one run share a database.
 */

let database: DatabaseHandle;
let ledger: LedgerService;
const BRAND = 'jinsheng';
const log = createLogger('silent');

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoBrands(database.db);
  ledger = new LedgerService(database.db);
});
afterAll(async () => {
  await database.close();
});

/** Which partition holds the table's rows matching `where`. */
async function partitionsOf(table: string, where: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await queryRows<{ partition: string }>(
    database.db,
    sql`select tableoid::regclass::text as partition from ${sql.identifier(table)} where ${where}`,
  );
  return rows.map((row) => row.partition);
}

async function monthsOf(table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    database.db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass(${table}) order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Writes what a test of old history needs, with the append-only triggers off (one transaction). */
async function backdated(
  work: (run: (query: ReturnType<typeof sql>) => Promise<void>) => Promise<void>,
) {
  await database.db.transaction(async (transaction) => {
    await transaction.execute(sql`set local session_replication_role = replica`);
    await work(async (query) => {
      await transaction.execute(query);
    });
  });
}

async function newMember(): Promise<bigint> {
  const name = `pt${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const member = await insertMember(database.db, {
    brandCode: BRAND,
    username: name,
    usernameKey: name,
    passwordHash: 'x',
    inviteCode: name.slice(0, 12).toUpperCase(),
  });
  return member.id;
}

const deposit = (memberId: bigint, idempotencyKey: string, amountMinor = 500n): PostInput => ({
  brandCode: BRAND,
  reason: 'deposit',
  idempotencyKey,
  actor: { type: 'operator', id: 'partitions-test' },
  lines: [
    {
      account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
      amountMinor: -amountMinor,
    },
    { account: { kind: 'member_wallet', memberId, currency: 'CNY' }, amountMinor },
  ],
});

describe('partitioned history', () => {
  it('partitions every append-only table by month, this month and three ahead, with a default', async () => {
    const now = new Date();
    for (const { table } of PARTITIONED_TABLES) {
      const months = await monthsOf(table);
      expect(months, table).toContain(`${table}_default`);
      for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
        const month = monthStart(now, offset).slice(0, 7).replace('-', '');
        expect(months, table).toContain(`${table}_p${month}`);
      }
    }
  });

  it('writes a movement into its month, and refuses a second entry for a key whatever the month', async () => {
    const member = await newMember();
    const key = `partitions:${randomUUID()}`;
    const first = await ledger.post(deposit(member, key));
    const month = monthStart(new Date(), 0).slice(0, 7).replace('-', '');
    expect(await partitionsOf('journal_entries', sql`id = ${first.entryId}`)).toEqual([
      `journal_entries_p${month}`,
    ]);
    expect(await partitionsOf('postings', sql`entry_id = ${first.entryId}`)).toEqual([
      `postings_p${month}`,
      `postings_p${month}`,
    ]);
    // The entry moves to a month long gone (its row changes partition): the key still holds.
    await backdated(async (run) => {
      await run(sql`update journal_entries set created_at = '2011-03-15T12:00:00Z'
                    where id = ${first.entryId}`);
    });
    expect(await partitionsOf('journal_entries', sql`id = ${first.entryId}`)).toEqual([
      'journal_entries_default',
    ]);
    const again = await ledger.post(deposit(member, key));
    expect(again).toMatchObject({ entryId: first.entryId, replayed: true });
    await expect(ledger.post(deposit(member, key, 700n))).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    expect(await ledger.check()).toEqual([]);
  });

  it('gives rows waiting in the default partition their month, and the queries still find them', async () => {
    const member = await newMember();
    const { entryId } = await ledger.post(deposit(member, `partitions:${randomUUID()}`));
    await backdated(async (run) => {
      await run(
        sql`update journal_entries set created_at = '2012-06-10T00:00:00Z' where id = ${entryId}`,
      );
      await run(
        sql`update postings set created_at = '2012-06-10T00:00:00Z' where entry_id = ${entryId}`,
      );
    });
    expect(await partitionsOf('postings', sql`entry_id = ${entryId}`)).toEqual([
      'postings_default',
      'postings_default',
    ]);
    const report = await maintainPartitions({ db: database.db, log }, {}, new Date());
    expect(report.find((row) => row.table === 'journal_entries')?.made).toContain('2012-06');
    expect(await partitionsOf('journal_entries', sql`id = ${entryId}`)).toEqual([
      'journal_entries_p201206',
    ]);
    expect(await partitionsOf('postings', sql`entry_id = ${entryId}`)).toEqual([
      'postings_p201206',
      'postings_p201206',
    ]);
    // Moved with its append-only trigger untouched: the moved row is still append-only.
    await expect(
      database.db.update(journalEntries).set({ memo: 'x' }).where(eq(journalEntries.id, entryId)),
    ).rejects.toThrow();
    expect(await ledger.check()).toEqual([]);
    // A second run has nothing left to do.
    const second = await maintainPartitions({ db: database.db, log }, {}, new Date());
    expect(second.find((row) => row.table === 'journal_entries')?.made).toEqual([]);
  });

  it('drops the months past a retention, where the law allows it, and never the ledger', async () => {
    const member = await newMember();
    const old = randomUUID();
    const kept = randomUUID();
    await backdated(async (run) => {
      await run(sql`insert into member_sessions (brand_code, member_id, token_hash, created_at)
                    values (${BRAND}, ${member}, ${old}, '2013-01-20T00:00:00Z'),
                           (${BRAND}, ${member}, ${kept}, '2013-06-20T00:00:00Z')`);
    });
    // As of August 2013 with six months of sessions kept: January goes, June stays.
    const asOf = new Date('2013-08-05T00:00:00Z');
    const sweep = partitionsSweep({ retention: { sessions: 6 }, now: () => asOf });
    await sweep.run({ db: database.db, log } as never);
    const left = await database.db
      .select({ tokenHash: memberSessions.tokenHash })
      .from(memberSessions)
      .where(eq(memberSessions.memberId, member));
    expect(left.map((row) => row.tokenHash)).toEqual([kept]);
    expect(await monthsOf('member_sessions')).not.toContain('member_sessions_p201301');
    expect(await monthsOf('member_sessions')).toContain('member_sessions_p201306');
    for (const table of ['journal_entries', 'postings', 'journal_keys', 'audit_events']) {
      await expect(
        database.db.execute(sql`select lobby_drop_months_before(${table}, now())`),
      ).rejects.toThrow();
    }
    expect(await monthsOf('journal_entries')).toContain('journal_entries_p201206');
    expect(await ledger.check()).toEqual([]);
  });

  it('records a round once even when the platform sends it again with another settled time', async () => {
    const member = await newMember();
    const round = {
      platformId: 1,
      roundId: `pt-${randomUUID()}`,
      brandCode: BRAND,
      memberId: member,
      gameCode: 'slot-1',
      category: 1,
      currency: 'CNY',
      betMinor: 100n,
      validBetMinor: 100n,
      payoutMinor: 0n,
      placedAt: new Date('2026-01-01T00:00:00Z'),
      settledAt: new Date('2026-01-01T00:01:00Z'),
    };
    expect(await insertNewBetRecords(database.db, [round])).toHaveLength(1);
    expect(await insertNewBetRecords(database.db, [round])).toHaveLength(0);
    const moved = { ...round, settledAt: new Date('2026-03-01T00:00:00Z') };
    expect(await insertNewBetRecords(database.db, [moved])).toHaveLength(0);
  });
});

describe('retention settings', () => {
  it('keep everything unless set, and refuse a retention shorter than its floor', () => {
    expect(loadConfig({}).retention).toEqual({
      betRecords: undefined,
      actionLog: undefined,
      sessions: undefined,
      chatMessages: undefined,
    });
    expect(loadConfig({ RETENTION_SESSIONS_MONTHS: '12' }).retention.sessions).toBe(12);
    expect(() => loadConfig({ RETENTION_SESSIONS_MONTHS: '1' })).toThrow();
    expect(() => loadConfig({ RETENTION_BET_RECORDS_MONTHS: '12' })).toThrow();
    expect(() => loadConfig({ RETENTION_ACTION_LOG_MONTHS: 'soon' })).toThrow();
  });
});
