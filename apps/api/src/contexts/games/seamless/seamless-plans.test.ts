import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSeamlessHarness,
  SEAMLESS_PLATFORM as P,
  uniqueId,
  type SeamlessHarness,
  type TestMember,
  moneyBody,
} from './seamless.test-support.ts';

/**
 * The hot statements of a seamless callback keep an index plan whatever the statistics (issue
 * 14, item 9): with autovacuum off, a read-back that joined postings to accounts went to a hash
 * join over every account and the callbacks fell to 50/s. Here the tables hold thousands of
 * rows the planner has never analysed (what autovacuum off leaves), then the same after
 * ANALYZE; every statement of a debit, a credit, a repeat and a refusal is EXPLAINed with its
 * own parameters and must read these tables by index only, with no hash or merge join.
 */
const BIG_TABLES = [
  'members',
  'ledger_accounts',
  'journal_entries',
  'postings',
  'seamless_transactions',
];
const BULK = 20_000;

let h: SeamlessHarness;
let recording: { query: string; params: unknown[] }[] | null = null;

beforeAll(async () => {
  h = await createSeamlessHarness({
    observeQuery: (query, params) => {
      recording?.push({ query, params });
    },
  });
  const tag = randomUUID().replaceAll('-', '').slice(0, 8);
  // Rows the planner has no statistics on: members, house accounts, entries with two postings
  // each (on one account, +1 and -1, so every ledger invariant still holds) and seamless rows.
  await h.database.db.execute(sql`
    insert into members (brand_code, username, username_key, password_hash, invite_code)
    select 'jinsheng', ${`pl${tag}`} || g, ${`pl${tag}`} || g, 'x', ${`P${tag}`} || g
    from generate_series(1, ${BULK}) as g`);
  await h.database.db.execute(sql`
    insert into ledger_accounts (brand_code, kind, ref, currency, shard, allow_negative)
    select 'jinsheng', 'house_adjustments', ${`plan-${tag}-`} || g, 'CNY', 0, true
    from generate_series(1, ${BULK}) as g`);
  await h.database.db.execute(sql`
    insert into journal_entries (brand_code, reason, idempotency_key, request_hash, actor_type, actor_id)
    select 'jinsheng', 'adjustment', ${`plan-${tag}-`} || g, 'x', 'system', 'plan-test'
    from generate_series(1, ${BULK}) as g`);
  await h.database.db.execute(sql`
    insert into journal_keys (brand_code, idempotency_key, entry_id)
    select brand_code, idempotency_key, id from journal_entries
    where idempotency_key like ${`plan-${tag}-%`}`);
  await h.database.db.execute(sql`
    insert into postings (entry_id, account_id, currency, amount_minor)
    select e.id, a.id, 'CNY', sign.amount
    from journal_entries e
    join ledger_accounts a on a.ref = e.idempotency_key and a.kind = 'house_adjustments'
    cross join (values (1::bigint), (-1::bigint)) as sign (amount)
    where e.idempotency_key like ${`plan-${tag}-%`}`);
  await h.database.db.execute(sql`
    insert into seamless_transactions (platform_id, transaction_id, kind, brand_code, member_id,
      round_id, game_code, currency, amount_minor, request_hash)
    select ${P}, ${`plan-${tag}-`} || m.id, 'tombstone', 'jinsheng', m.id,
      ${`plan-${tag}-`} || m.id, null, 'CNY', 0, 'x'
    from members m where m.username like ${`pl${tag}%`}`);
}, 120_000);

afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The plan of a statement as the driver would run it, with its parameters. */
async function planOf(query: string, params: unknown[]): Promise<PlanNode> {
  // Below drizzle: EXPLAIN must bind the statement's own parameters ($1, $2, ...).
  const client = (
    h.database.db as unknown as {
      $client: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
    }
  ).$client;
  const values = params.map((value) => (typeof value === 'bigint' ? value.toString() : value));
  const result = await client.query(`explain (format json) ${query}`, values);
  const row = result.rows[0] as Record<string, unknown>;
  const json = row['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
  return parsed[0].Plan;
}

/** What is wrong with the statements' plans; empty when every one reads by index. */
async function badPlans(statements: { query: string; params: unknown[] }[]): Promise<string[]> {
  const bad: string[] = [];
  for (const { query, params } of statements) {
    if (/^\s*(begin|commit|rollback)/i.test(query)) continue;
    for (const node of nodesOf(await planOf(query, params))) {
      const scansBigTable =
        node['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(node['Relation Name'] ?? '');
      const joinsByHash = node['Node Type'] === 'Hash Join' || node['Node Type'] === 'Merge Join';
      if (scansBigTable || joinsByHash) {
        bad.push(`${node['Node Type']} ${node['Relation Name'] ?? ''} in: ${query.slice(0, 120)}`);
      }
    }
  }
  return bad;
}

const body = moneyBody;

/** The statements of a debit, its credit, a repeat of each and a refused credit. */
async function callbackStatements(member: TestMember) {
  const roundId = uniqueId('plan');
  recording = [];
  try {
    await h.call(P, 'debit', body(member, `${roundId}:d`, roundId, 100n));
    await h.call(P, 'credit', body(member, `${roundId}:c`, roundId, 60n));
    await h.call(P, 'debit', body(member, `${roundId}:d`, roundId, 100n));
    await h.call(P, 'credit', body(member, `${roundId}:c`, roundId, 60n));
    const lost = uniqueId('lost');
    await h.call(P, 'credit', body(member, `${lost}:c`, lost, 60n));
    return recording;
  } finally {
    recording = null;
  }
}

describe('seamless callbacks: plans independent of statistics', () => {
  it('reads every big table by index, never analysed and after ANALYZE', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const statements = await callbackStatements(member);
    expect(statements.length).toBeGreaterThan(8);
    expect(await badPlans(statements)).toEqual([]);

    await h.database.db.execute(sql.raw(`analyze ${BIG_TABLES.join(', ')}, member_restrictions`));
    expect(await badPlans(await callbackStatements(member))).toEqual([]);
  });
});
