import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePglite } from '@lobby/database';
import { LedgerService, type PostInput } from '../contexts/money/ledger/ledger.service.ts';
import { seedDemoBrands } from '../contexts/platform/brand/brand.service.ts';

/**
 * Migration 0022 on a database that already holds history: the rows of each table partitioned
 * by month are carried into their months, the ledger's keys are filled in, the identities go on
 * from where they were, and the ledger still checks. (On the embedded database: the statements
 * are the same on PostgreSQL, where the deploy runs them.)
 */

const FOLDER = join(import.meta.dirname, 'migrations');
const LOCK = 1n;
let before: string;
let client: PGlite;

beforeAll(async () => {
  // The migrations up to 0021, as a database deployed before this change has them.
  before = await mkdtemp(join(tmpdir(), 'lobby-0021-'));
  await cp(FOLDER, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0022');
  await writeFile(journalPath, JSON.stringify(journal));
  client = new PGlite();
  await migratePglite(client, { migrationsFolder: before, lockKey: LOCK });
});
afterAll(async () => {
  await client.close();
  await rm(before, { recursive: true, force: true });
});

describe('migration 0022 (partitioned history) on a database with history', () => {
  it('carries every row into its month and keeps the ledger whole', async () => {
    await seedDemoBrands(drizzle({ client }));
    await client.exec(`
      insert into members (brand_code, username, username_key, password_hash, invite_code)
        values ('jinsheng', 'old1', 'old1', 'x', 'OLD1');
      insert into operators (username, password_hash, role) values ('op', 'x', 'admin');
      insert into ledger_accounts (brand_code, kind, member_id, ref, currency, balance_minor, allow_negative)
        select 'jinsheng', 'member_wallet', id, '', 'CNY', 300, false from members;
      insert into ledger_accounts (brand_code, kind, ref, currency, balance_minor, allow_negative)
        values ('jinsheng', 'house_deposit_clearing', 'bank', 'CNY', -300, true);
      insert into journal_entries (brand_code, reason, idempotency_key, request_hash, actor_type, actor_id, created_at)
        values ('jinsheng', 'deposit', 'k-2024', 'h', 'system', 't', '2024-02-10T00:00:00Z'),
               ('jinsheng', 'deposit', 'k-2025', 'h', 'system', 't', '2025-07-31T23:59:59Z');
      insert into postings (entry_id, account_id, currency, amount_minor)
        select e.id, a.id, 'CNY', case when a.kind = 'member_wallet' then amount else -amount end
        from journal_entries e
        cross join ledger_accounts a
        cross join lateral (select case when e.idempotency_key = 'k-2024' then 100 else 200 end as amount) x;
      insert into member_sessions (brand_code, member_id, token_hash, created_at)
        select 'jinsheng', id, 't1', '2025-03-01T00:00:00Z' from members;
      insert into operator_actions (operator_id, action, created_at)
        select id, 'login', '2025-04-02T00:00:00Z' from operators;
      insert into game_bet_records (platform_id, round_id, brand_code, member_id, game_code, category,
          currency, bet_minor, valid_bet_minor, payout_minor, placed_at, settled_at)
        select 1, 'r1', 'jinsheng', id, 'g', 1, 'CNY', 10, 10, 0, '2025-05-05T00:00:00Z', '2025-05-05T00:01:00Z'
        from members;
      insert into chat_conversations (brand_code, display_name) values ('jinsheng', 'guest');
      insert into chat_messages (conversation_id, sender, body, client_message_id, created_at)
        select id, 'visitor', 'hi', 'c1', '2025-06-06T00:00:00Z' from chat_conversations;
    `);
    const lastEntry = (
      await client.query<{ id: number }>('select max(id)::int as id from journal_entries')
    ).rows[0]!.id;

    await migratePglite(client, { migrationsFolder: FOLDER, lockKey: LOCK });

    const where = async (table: string) =>
      (
        await client.query<{ partition: string }>(
          `select tableoid::regclass::text as partition from ${table} order by 1`,
        )
      ).rows.map((row) => row.partition);
    expect(await where('journal_entries')).toEqual([
      'journal_entries_p202402',
      'journal_entries_p202507',
    ]);
    expect(await where('postings')).toEqual([
      'postings_p202402',
      'postings_p202402',
      'postings_p202507',
      'postings_p202507',
    ]);
    expect(await where('member_sessions')).toEqual(['member_sessions_p202503']);
    expect(await where('operator_actions')).toEqual(['operator_actions_p202504']);
    expect(await where('game_bet_records')).toEqual(['game_bet_records_p202505']);
    expect(await where('chat_messages')).toEqual(['chat_messages_p202506']);
    const keys = await client.query<{ key: string }>(
      'select idempotency_key as key from journal_keys order by 1',
    );
    expect(keys.rows.map((row) => row.key)).toEqual(['k-2024', 'k-2025']);

    // The identity goes on after the rows carried over; a posting takes its entry's month.
    const ledger = new LedgerService(drizzle({ client }));
    const member = (await client.query<{ id: number }>('select id::int as id from members'))
      .rows[0]!.id;
    const deposit = (idempotencyKey: string, amountMinor: bigint): PostInput => ({
      brandCode: 'jinsheng',
      reason: 'deposit',
      idempotencyKey,
      actor: { type: 'system', id: 'test' },
      lines: [
        {
          account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
          amountMinor: -amountMinor,
        },
        {
          account: { kind: 'member_wallet', memberId: BigInt(member), currency: 'CNY' },
          amountMinor,
        },
      ],
    });
    const posted = await ledger.post(deposit('k-new', 5n));
    expect(posted.entryId).toBeGreaterThan(BigInt(lastEntry));
    const replay = await ledger.post(deposit('k-2024', 100n)).catch((error: unknown) => error);
    // The old key is taken (by another request: its hash differs): refused, no second entry.
    expect(replay).toMatchObject({ code: 'idempotency_conflict' });
    expect(
      (
        await client.query<{ n: number }>(
          "select count(*)::int as n from journal_entries where idempotency_key = 'k-2024'",
        )
      ).rows[0]!.n,
    ).toBe(1);
    expect(await ledger.check()).toEqual([]);
  });
});
