/**
 * bench/ledger: what a money movement costs through the full HTTP API, beside the same movement
 * in raw SQL and through LedgerService.post, on one PostgreSQL database.
 *
 *   npm run bench:ledger [-- seconds=5 concurrency=16 rounds=3 rates=250,500,1000,1500 pool=20
 *                           profile=1]
 *
 * Runs under scripts/with-postgres.ts. The API is a production-mode node in its own process
 * (bench/lib/processes.ts); the load client, the raw SQL and the in-process LedgerService run
 * in this one. The movement: a member's centre wallet debited by 0.01 to the house adjustments
 * account, spread over the same 8 shard rows in every phase (the ledger's HOUSE_SHARDS).
 *
 * 1. raw SQL: one transaction over pg: the entry (idempotency key, on conflict do nothing), the
 *    two balance updates in account-id order (the wallet's conditional), the postings: the
 *    baseline of issue 14's ratio, a movement written by hand;
 * 2. raw SQL, one statement: the same movement as one prepared WITH statement, the shape the
 *    ledger itself uses (decision 0017): the database's own floor, the strongest baseline;
 * 3. LedgerService.post in this process;
 * 4. the full HTTP API: operator session (TOTP enrolled), JSON body, validation, idempotency
 *    key, action log (POST /admin/api/members/:username/adjust).
 * Closed loop: `concurrency` workers in every phase, the phases' rounds interleaved (raw,
 * one statement, service, HTTP, raw, ...); prints each phase's rate and its ratios to both raw
 * baselines. Open loop: at
 * each offered rate, raw SQL then the HTTP API, with p50/p99 and the API's and PostgreSQL's CPU
 * per movement. Then the ledger check (exit 1 if it fails).
 */
import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import { generate } from 'otplib';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { members } from '../apps/api/src/contexts/identity/member/member.schema.ts';
import { seedDemoBrands } from '../apps/api/src/contexts/platform/brand/brand.service.ts';
import {
  HOUSE_SHARDS,
  LedgerService,
} from '../apps/api/src/contexts/money/ledger/ledger.service.ts';
import { connect, offer, offerWork } from './lib/open-loop.ts';
import { loadAverage, startApiNode } from './lib/processes.ts';
import { watchDatabaseCpu } from './lib/postgres.ts';
import { header, measured, print } from './lib/report.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.split('=') as [string, string]),
);
const seconds = Number(args.seconds ?? 5);
const concurrency = Number(args.concurrency ?? 16);
const rounds = Number(args.rounds ?? 3);
const rates = (args.rates ?? '250,500,1000,1500').split(',').filter(Boolean).map(Number);
const poolSize = args.pool;
const profile = args.profile === '1';
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!databaseUrl) {
  console.error('bench/ledger needs DATABASE_URL (npm run bench:ledger makes a fresh database)');
  process.exit(2);
}
const BRAND = 'jinsheng';
/** What bench/lib/processes.ts gives the node as ADMIN_PASSWORD for the first operator. */
const ADMIN = { username: 'admin', password: 'bench-admin-password' };

const database = await openDatabase({
  kind: 'postgres',
  url: databaseUrl,
  poolSize: concurrency + 4,
});
await seedDemoBrands(database.db);
const ledger = new LedgerService(database.db);

// One member per worker, funded far beyond what the run can spend.
const memberIds: bigint[] = [];
const usernames: string[] = [];
const runTag = randomUUID().replaceAll('-', '').slice(0, 8);
for (let index = 0; index < Math.max(concurrency, 32); index++) {
  const username = `lb${runTag}${index}`;
  const rows = await database.db
    .insert(members)
    .values({
      brandCode: BRAND,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: `L${runTag}${index}`.toUpperCase().slice(-12),
    })
    .returning({ id: members.id });
  memberIds.push(rows[0]!.id);
  usernames.push(username);
  await ledger.post({
    brandCode: BRAND,
    reason: 'deposit',
    idempotencyKey: `bench-fund-${username}`,
    actor: { type: 'system', id: 'bench' },
    lines: [
      {
        account: { kind: 'house_deposit_clearing', ref: 'bench', currency: 'CNY' },
        amountMinor: -1_000_000_000n,
      },
      {
        account: { kind: 'member_wallet', memberId: rows[0]!.id, currency: 'CNY' },
        amountMinor: 1_000_000_000n,
      },
    ],
  });
}

// Raw SQL on the same tables: the wallets, and the house account on HOUSE_SHARDS rows as the
// ledger spreads it.
const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
const walletIds: string[] = [];
for (const memberId of memberIds) {
  const wallet = await pool.query<{ id: string }>(
    `select id::text from ledger_accounts where member_id = $1 and kind = 'member_wallet'`,
    [memberId.toString()],
  );
  walletIds.push(wallet.rows[0]!.id);
}
const houseIds: string[] = [];
for (let shard = 0; shard < HOUSE_SHARDS; shard++) {
  await pool.query(
    `insert into ledger_accounts (brand_code, kind, ref, currency, shard, allow_negative)
     values ($1, 'house_adjustments', 'bench-raw', 'CNY', $2, true) on conflict do nothing`,
    [BRAND, shard],
  );
  const house = await pool.query<{ id: string }>(
    `select id::text from ledger_accounts
     where brand_code = $1 and kind = 'house_adjustments' and ref = 'bench-raw' and shard = $2`,
    [BRAND, shard],
  );
  houseIds.push(house.rows[0]!.id);
}

async function rawMovement(worker: number): Promise<void> {
  const wallet = walletIds[worker % walletIds.length]!;
  const house = houseIds[randomInt(HOUSE_SHARDS)]!;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const entry = await client.query<{ id: string }>(
      `with entry_key as (
         insert into journal_keys (brand_code, idempotency_key, entry_id)
         values ($1, $2, nextval('journal_entries_id_seq')) on conflict do nothing returning entry_id)
       insert into journal_entries (id, brand_code, reason, idempotency_key, request_hash, actor_type, actor_id)
       overriding system value
       select entry_id, $1, 'bench', $2, 'x', 'system', 'bench' from entry_key returning id::text`,
      [BRAND, randomUUID()],
    );
    if (!entry.rows[0]) throw new Error('raw: key taken');
    // The two rows in id order, as the ledger takes them (no deadlock).
    const legs = [
      { id: wallet, amount: -1 },
      { id: house, amount: 1 },
    ].sort((left, right) => (BigInt(left.id) < BigInt(right.id) ? -1 : 1));
    for (const leg of legs) {
      const moved = await client.query(
        `update ledger_accounts set balance_minor = balance_minor + $2
         where id = $1 and (allow_negative or balance_minor + $2 >= 0)`,
        [leg.id, leg.amount],
      );
      if (moved.rowCount !== 1) throw new Error('raw debit refused');
    }
    await client.query(
      `insert into postings (entry_id, account_id, currency, amount_minor)
       values ($1, $2, 'CNY', -1), ($1, $3, 'CNY', 1)`,
      [entry.rows[0].id, wallet, house],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The same movement as ONE raw statement, prepared (the shape LedgerService.post writes since
 * decision 0017): the entry, both balance updates chained in id order, the postings. The
 * strongest baseline: what the database does for a movement with no client work at all.
 */
const ONE_STATEMENT = `with entry_key as (
    insert into journal_keys (brand_code, idempotency_key, entry_id)
    values ($1, $2, nextval('journal_entries_id_seq')) on conflict do nothing returning entry_id),
  entry as (
    insert into journal_entries (id, brand_code, reason, idempotency_key, request_hash, actor_type, actor_id)
    overriding system value
    select entry_id, $1, 'bench', $2, 'x', 'system', 'bench' from entry_key returning id),
  first as (
    update ledger_accounts set balance_minor = balance_minor + $4::bigint
    where id = $3::bigint and (allow_negative or balance_minor + $4::bigint >= 0)
      and exists (select 1 from entry) returning id),
  second as (
    update ledger_accounts set balance_minor = balance_minor + $6::bigint
    where id = $5::bigint and (allow_negative or balance_minor + $6::bigint >= 0)
      and exists (select 1 from first) returning id),
  posted as (
    insert into postings (entry_id, account_id, currency, amount_minor)
    select entry.id, leg.account_id, 'CNY', leg.amount_minor
    from entry, (values ($3::bigint, $4::bigint), ($5::bigint, $6::bigint)) as leg (account_id, amount_minor))
  select (select count(*)::int from second) as moved`;

async function rawStatementMovement(worker: number): Promise<void> {
  const wallet = walletIds[worker % walletIds.length]!;
  const house = houseIds[randomInt(HOUSE_SHARDS)]!;
  const [first, second] = [
    { id: wallet, amount: '-1' },
    { id: house, amount: '1' },
  ].sort((left, right) => (BigInt(left.id) < BigInt(right.id) ? -1 : 1));
  const result = await pool.query<{ moved: number }>({
    name: 'bench_one_statement',
    text: ONE_STATEMENT,
    values: [BRAND, randomUUID(), first!.id, first!.amount, second!.id, second!.amount],
  });
  if (result.rows[0]?.moved !== 1) throw new Error('raw statement: refused');
}

async function serviceMovement(worker: number): Promise<void> {
  await ledger.post({
    brandCode: BRAND,
    reason: 'adjustment',
    idempotencyKey: randomUUID(),
    actor: { type: 'system', id: 'bench' },
    lines: [
      {
        account: {
          kind: 'member_wallet',
          memberId: memberIds[worker % memberIds.length]!,
          currency: 'CNY',
        },
        amountMinor: -1n,
      },
      { account: { kind: 'house_adjustments', ref: 'bench', currency: 'CNY' }, amountMinor: 1n },
    ],
  });
}

// The API node, and an operator session that may move money (TOTP enrolled).
const api = await startApiNode({
  port: 4300 + (process.pid % 50),
  databaseUrl,
  redisUrl,
  extraEnv: poolSize ? { DATABASE_POOL_SIZE: poolSize } : {},
  nodeArgs: profile ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles'] : [],
});
const databaseCpu = watchDatabaseCpu(databaseUrl);
async function postJson(path: string, body: object, token?: string) {
  const response = await fetch(`${api.origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: boolean; data: Record<string, string> };
}
const login = await postJson('/admin/api/login', ADMIN);
if (!login.status) throw new Error(`operator login refused: ${JSON.stringify(login)}`);
const token = login.data.token!;
const { secret } = (await postJson('/admin/api/me/totp/setup', {}, token)).data;
await postJson('/admin/api/me/totp/confirm', { code: await generate({ secret: secret! }) }, token);
const apiPool = connect(api.origin, Math.max(256, concurrency));

function adjustCall(worker: number) {
  return {
    method: 'POST' as const,
    path: `/admin/api/members/${usernames[worker % usernames.length]}/adjust`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      brand: BRAND,
      amount: '-0.01',
      reason: 'bench',
      idempotencyKey: randomUUID(),
    }),
    check: (text: string) => (JSON.parse(text) as { status?: boolean }).status === true,
  };
}

async function httpMovement(worker: number): Promise<void> {
  const call = adjustCall(worker);
  const response = await apiPool.request(call);
  const text = await response.body.text();
  if (response.statusCode !== 200 || !call.check(text)) throw new Error(`adjust: ${text}`);
}

/** `concurrency` workers in a closed loop for `seconds`: how many movements completed. */
async function closedLoop(operation: (worker: number) => Promise<void>): Promise<number> {
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        await operation(worker);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

// Warm-up (not reported).
await closedLoop(rawMovement);
await closedLoop(rawStatementMovement);
await closedLoop(serviceMovement);
await closedLoop(httpMovement);

console.info(
  `bench/ledger: PostgreSQL, ${concurrency} workers in every phase, ${rounds} interleaved ` +
    `rounds of ${seconds} s, house account on ${HOUSE_SHARDS} shards in every phase, ` +
    `load average ${loadAverage()}`,
);
const totals = {
  raw: [] as number[],
  statement: [] as number[],
  service: [] as number[],
  http: [] as number[],
};
for (let round = 0; round < rounds; round++) {
  totals.raw.push(await closedLoop(rawMovement));
  totals.statement.push(await closedLoop(rawStatementMovement));
  totals.service.push(await closedLoop(serviceMovement));
  totals.http.push(await closedLoop(httpMovement));
  console.info(
    `  round ${round + 1}: raw ${totals.raw.at(-1)!.toFixed(0)}/s, ` +
      `raw one statement ${totals.statement.at(-1)!.toFixed(0)}/s, ` +
      `LedgerService ${totals.service.at(-1)!.toFixed(0)}/s, HTTP ${totals.http.at(-1)!.toFixed(0)}/s ` +
      `(load ${loadAverage()})`,
  );
}
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const raw = mean(totals.raw);
const statement = mean(totals.statement);
for (const [name, values] of [
  ['raw SQL transaction', totals.raw],
  ['raw SQL, one statement', totals.statement],
  ['LedgerService.post', totals.service],
  ['HTTP API (operator adjust)', totals.http],
] as const) {
  console.info(
    `  ${name.padEnd(28)} ${mean(values).toFixed(0).padStart(6)}/s  ratio to raw ${(mean(values) / raw).toFixed(2)}` +
      `, to one statement ${(mean(values) / statement).toFixed(2)}`,
  );
}

if (rates.length > 0) {
  console.info(`open loop, ${seconds} s per round:`);
  console.info(`${header()}  db cpu`);
  for (const rate of rates) {
    print(
      await measured('raw SQL transaction', null, databaseCpu, () =>
        offerWork({ rate, seconds, run: (index) => rawMovement(index) }),
      ),
    );
    print(
      await measured(
        'HTTP API (operator adjust)',
        () => api.cpuSeconds(),
        databaseCpu,
        () => offer(apiPool, { rate, seconds, next: (index) => adjustCall(index) }),
      ),
    );
  }
}

const violations = await ledger.check();
console.info(
  `  ledger check after the run: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violation(s)`}`,
);
await apiPool.close();
await api.stop();
await databaseCpu.close();
await pool.end();
await database.close();
if (violations.length > 0) process.exit(1);
