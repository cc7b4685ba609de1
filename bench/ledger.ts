/**
 * bench/ledger: what a money movement costs, measured in one run on one PostgreSQL database.
 *
 *   npm run bench:ledger [-- seconds=5 concurrency=16]
 *
 * 1. raw SQL: insert entry + conditional debit + credit + postings, in one transaction, over pg;
 * 2. the same movement through LedgerService.post (idempotency, account lookup, sorted legs);
 * 3. the same movement through the full HTTP API: operator session, JSON body, validation,
 *    idempotency key, action log (POST /admin/api/members/:username/adjust);
 * 4. the hot-account run: 32 members at once crediting from one house account (deposits), with
 *    the house account spread over shards as the service does.
 * Prints rate, p50/p99 and each rate's ratio to the raw SQL baseline; then runs the ledger check.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { MemoryCache } from '../apps/api/src/cache/memory-cache.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { members } from '../apps/api/src/contexts/identity/member/member.schema.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';
import { seedDemoBrands } from '../apps/api/src/contexts/platform/brand/brand.service.ts';
import { LedgerService } from '../apps/api/src/contexts/money/ledger/ledger.service.ts';
import { OperatorService } from '../apps/api/src/contexts/identity/operator/operator.service.ts';
import { generate } from 'otplib';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.split('=') as [string, string]),
);
const seconds = Number(args.seconds ?? 5);
const concurrency = Number(args.concurrency ?? 16);
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('bench/ledger needs DATABASE_URL (npm run bench:ledger makes a fresh database)');
  process.exit(2);
}

type Result = { name: string; operations: number; perSecond: number; p50Ms: number; p99Ms: number };

/** Runs `operation` from `workers` loops for the duration; latencies of successful ones. */
async function measure(
  name: string,
  workers: number,
  operation: (worker: number, iteration: number) => Promise<void>,
): Promise<Result> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let iteration = 0; performance.now() < deadline; iteration++) {
        const begin = performance.now();
        await operation(worker, iteration);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((left, right) => left - right);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    name,
    operations: latencies.length,
    perSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

const database = await openDatabase({ kind: 'postgres', url, poolSize: concurrency + 4 });
await seedDemoBrands(database.db);
const ledger = new LedgerService(database.db);
const brand = 'jinsheng';

// One member per worker, each funded far beyond what the run can spend.
const memberIds: bigint[] = [];
const usernames: string[] = [];
for (let index = 0; index < Math.max(concurrency, 32); index++) {
  const username = `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const rows = await database.db
    .insert(members)
    .values({
      brandCode: brand,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: username.slice(-10).toUpperCase(),
    })
    .returning({ id: members.id });
  memberIds.push(rows[0]!.id);
  usernames.push(username);
  await ledger.post({
    brandCode: brand,
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
// 1. Raw SQL on the same tables, the same movement (wallet -> adjustments house account).
const pool = new pg.Pool({ connectionString: url, max: concurrency });
const accountIds = new Map<bigint, { wallet: string; house: string }>();
for (const memberId of memberIds) {
  const wallet = await pool.query<{ id: string }>(
    `select id::text from ledger_accounts where member_id = $1 and kind = 'member_wallet'`,
    [memberId.toString()],
  );
  const house = await pool.query<{ id: string }>(
    `insert into ledger_accounts (brand_code, kind, ref, currency, shard, allow_negative)
     values ($1, 'house_adjustments', 'bench-raw', 'CNY', 0, true)
     on conflict do nothing returning id::text`,
    [brand],
  );
  const houseId =
    house.rows[0]?.id ??
    (
      await pool.query<{ id: string }>(
        `select id::text from ledger_accounts where brand_code = $1 and kind = 'house_adjustments' and ref = 'bench-raw'`,
        [brand],
      )
    ).rows[0]!.id;
  accountIds.set(memberId, { wallet: wallet.rows[0]!.id, house: houseId });
}
const raw = await measure('raw SQL transaction', concurrency, async (worker) => {
  const memberId = memberIds[worker]!;
  const accounts = accountIds.get(memberId)!;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const entry = await client.query<{ id: string }>(
      `insert into journal_entries (brand_code, reason, idempotency_key, request_hash, actor_type, actor_id)
       values ($1, 'bench', $2, 'x', 'system', 'bench') returning id::text`,
      [brand, randomUUID()],
    );
    const debit = await client.query(
      `update ledger_accounts set balance_minor = balance_minor - 1 where id = $1 and balance_minor - 1 >= 0 returning balance_minor`,
      [accounts.wallet],
    );
    if (debit.rowCount !== 1) throw new Error('raw debit refused');
    await client.query(
      `update ledger_accounts set balance_minor = balance_minor + 1 where id = $1`,
      [accounts.house],
    );
    await client.query(
      `insert into postings (entry_id, account_id, currency, amount_minor) values ($1, $2, 'CNY', -1), ($1, $3, 'CNY', 1)`,
      [entry.rows[0]!.id, accounts.wallet, accounts.house],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});

// 2. LedgerService.post in process.
const service = await measure('LedgerService.post', concurrency, async (worker) => {
  await ledger.post({
    brandCode: brand,
    reason: 'adjustment',
    idempotencyKey: randomUUID(),
    actor: { type: 'system', id: 'bench' },
    lines: [
      {
        account: { kind: 'member_wallet', memberId: memberIds[worker]!, currency: 'CNY' },
        amountMinor: -1n,
      },
      { account: { kind: 'house_adjustments', ref: 'bench', currency: 'CNY' }, amountMinor: 1n },
    ],
  });
});

// 3. The full HTTP API with an operator session and an idempotency key.
const cache = new MemoryCache();
const app = await buildApp({
  database,
  cache,
  logger: createLogger(process.env.BENCH_LOG_LEVEL ?? 'warn'),
});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const operatorName = `bench${randomUUID().slice(0, 8)}`;
await new OperatorService(database.db).seedAdmin(operatorName, 'bench-password-1');
const login = (await (
  await fetch(`${base}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: operatorName, password: 'bench-password-1' }),
  })
).json()) as { data: { token: string } };
// A super admin enrols TOTP on the first login before the session may move money.
const asOperator = (path: string, body: object) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
    body: JSON.stringify(body),
  }).then((response) => response.json() as Promise<{ data: { secret: string } }>);
const { secret } = (await asOperator('/admin/api/me/totp/setup', {})).data;
await asOperator('/admin/api/me/totp/confirm', { code: await generate({ secret }) });
const http = await measure('HTTP API (operator adjust)', concurrency, async (worker) => {
  const response = await fetch(`${base}/admin/api/members/${usernames[worker]}/adjust`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
    body: JSON.stringify({ brand, amount: '-0.01', reason: 'bench', idempotencyKey: randomUUID() }),
  });
  const body = (await response.json()) as { status: boolean; data: unknown };
  if (!body.status) throw new Error(`adjust refused: ${JSON.stringify(body)}`);
});

// 4. Hot house account: 32 members credited from the deposit clearing account at once.
const hot = await measure('hot house account, 32 members', 32, async (worker) => {
  await ledger.post({
    brandCode: brand,
    reason: 'deposit',
    idempotencyKey: randomUUID(),
    actor: { type: 'system', id: 'bench' },
    lines: [
      {
        account: { kind: 'house_deposit_clearing', ref: 'bench-hot', currency: 'CNY' },
        amountMinor: -1n,
      },
      {
        account: {
          kind: 'member_wallet',
          memberId: memberIds[worker % memberIds.length]!,
          currency: 'CNY',
        },
        amountMinor: 1n,
      },
    ],
  });
});

const line = (result: Result) =>
  `  ${result.name.padEnd(32)} ${Math.round(result.perSecond).toString().padStart(6)} /s  p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms  ratio to raw ${(result.perSecond / raw.perSecond).toFixed(2)}`;
console.log(`bench/ledger: ${seconds} s each, ${concurrency} concurrent movements, PostgreSQL`);
for (const result of [raw, service, http, hot]) console.log(line(result));
const violations = await ledger.check();
console.log(
  `  ledger check after the run: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violation(s)`}`,
);

await app.close();
await pool.end();
await cache.close();
await database.close();
if (violations.length > 0) process.exit(1);
