/**
 * bench/seamless: what a seamless-wallet callback costs, measured in one process on one database.
 *
 *   npm run bench:seamless [-- seconds=5 concurrency=16]
 *
 * (a fresh PostgreSQL database; with no DATABASE_URL, `node bench/seamless.ts` uses embedded
 * PGlite). Each worker is a platform playing rounds for its own member: a signed debit, then
 * the round's signed credit, over HTTP on loopback with keep-alive, through the full app.
 * Baselines, same process, same concurrency:
 * 1. GET /healthz: the HTTP stack and its hooks, no database;
 * 2. the same debit and credit as two LedgerService.post calls: the money, no HTTP, no checks.
 * Prints p50/p95/p99 per callback and per round, throughput, the ratios to the baselines, and
 * checks afterwards that every wallet holds exactly what its rounds left and the ledger holds.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEV_PROVIDER_SECRET,
  platformSecret,
  SEAMLESS_PATH_PREFIX,
  signRequest,
} from '@lobby/game-protocol';
import { buildApp } from '../apps/api/src/app.ts';
import { MemoryCache } from '../apps/api/src/cache/memory-cache.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { members } from '../apps/api/src/contexts/identity/member/member.schema.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';
import { seedDemoBrands } from '../apps/api/src/contexts/platform/brand/brand.service.ts';
import { LedgerService } from '../apps/api/src/contexts/money/ledger/ledger.service.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.split('=') as [string, string]),
);
const seconds = Number(args.seconds ?? 5);
const concurrency = Number(args.concurrency ?? 16);
const url = process.env.DATABASE_URL;
const PLATFORM = 40;
const BRAND = 'jinsheng';
const STAKE = 100n;
const WIN = 60n;

type Figures = {
  name: string;
  operations: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
};

function figures(name: string, latencies: number[], elapsedSeconds: number): Figures {
  latencies.sort((left, right) => left - right);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    name,
    operations: latencies.length,
    perSecond: latencies.length / elapsedSeconds,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
  };
}

/** Runs `operation` from `concurrency` loops for the duration; the latency of each call. */
async function measure(
  operation: (worker: number, iteration: number) => Promise<void>,
): Promise<{ latencies: number[]; elapsedSeconds: number }> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let iteration = 0; performance.now() < deadline; iteration++) {
        const begin = performance.now();
        await operation(worker, iteration);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { latencies, elapsedSeconds: (performance.now() - started) / 1000 };
}

const database = url
  ? await openDatabase({ kind: 'postgres', url, poolSize: concurrency + 4 })
  : await openDatabase({ kind: 'embedded', dataDir: null });
await seedDemoBrands(database.db);
const ledger = new LedgerService(database.db);

// One member per worker (its own player), funded far beyond what the run can lose.
const memberIds: bigint[] = [];
for (let index = 0; index < concurrency * 2; index++) {
  const username = `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const rows = await database.db
    .insert(members)
    .values({
      brandCode: BRAND,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: username.slice(-10).toUpperCase(),
    })
    .returning({ id: members.id });
  const memberId = rows[0]!.id;
  memberIds.push(memberId);
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
        account: { kind: 'member_wallet', memberId, currency: 'CNY' },
        amountMinor: 1_000_000_000n,
      },
    ],
  });
}

const cache = new MemoryCache();
// Logging stays at the production level unless told otherwise: its cost is part of the figure.
const logger = createLogger(process.env.BENCH_LOG_LEVEL ?? 'info', {
  write: () => true,
} as unknown as NodeJS.WritableStream as never);
const app = await buildApp({
  database,
  cache,
  logger,
  gameProvider: { baseUrl: 'http://127.0.0.1:9', masterSecret: DEV_PROVIDER_SECRET },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as AddressInfo).port;
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const secret = platformSecret(DEV_PROVIDER_SECRET, PLATFORM);

function send(method: 'GET' | 'POST', path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> =
      body === undefined
        ? {}
        : {
            ...signRequest({ secret, platformId: PLATFORM, method, pathAndQuery: path, body }),
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          };
    const call = request({ host: '127.0.0.1', port, path, method, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end(body);
  });
}

async function callback(operation: 'debit' | 'credit', body: object): Promise<void> {
  const status = await send(
    'POST',
    `${SEAMLESS_PATH_PREFIX}/${PLATFORM}/${operation}`,
    JSON.stringify(body),
  );
  if (status !== 200) throw new Error(`${operation} answered ${status}`);
}

// Warm up the HTTP path and the JIT on other members, then measure.
const runId = randomUUID().slice(0, 8);
for (let index = 0; index < 50; index++) {
  const memberId = memberIds[concurrency + (index % concurrency)]!;
  const round = `warm-${runId}-${index}`;
  const player = `${BRAND}_${memberId}`;
  await callback('debit', {
    transactionId: `${round}:d`,
    player,
    roundId: round,
    gameCode: 'panda-feast',
    amountMinor: String(STAKE),
  });
  await callback('credit', {
    transactionId: `${round}:c`,
    player,
    roundId: round,
    gameCode: 'panda-feast',
    amountMinor: String(WIN),
  });
  await send('GET', '/healthz');
}

// 1. The HTTP floor.
const health = await measure(async () => {
  const status = await send('GET', '/healthz');
  if (status !== 200) throw new Error(`healthz ${status}`);
});

// 2. The money floor: the same two movements straight through the ledger.
const ledgerRun = await measure(async (worker, iteration) => {
  const memberId = memberIds[concurrency + worker]!;
  const wallet = { kind: 'member_wallet' as const, memberId, currency: 'CNY' as const };
  const house = { kind: 'house_game_results' as const, ref: 'bench', currency: 'CNY' as const };
  await ledger.post({
    brandCode: BRAND,
    reason: 'game_bet',
    idempotencyKey: `bench-ledger-${runId}-${worker}-${iteration}-d`,
    actor: { type: 'provider', id: 'bench' },
    lines: [
      { account: wallet, amountMinor: -STAKE },
      { account: house, amountMinor: STAKE },
    ],
  });
  await ledger.post({
    brandCode: BRAND,
    reason: 'game_payout',
    idempotencyKey: `bench-ledger-${runId}-${worker}-${iteration}-c`,
    actor: { type: 'provider', id: 'bench' },
    lines: [
      { account: house, amountMinor: -WIN },
      { account: wallet, amountMinor: WIN },
    ],
  });
});

// 3. The seamless callbacks: a debit and its round's credit per iteration.
const debitLatencies: number[] = [];
const creditLatencies: number[] = [];
const roundsPerWorker = new Array<number>(concurrency).fill(0);
const seamless = await measure(async (worker, iteration) => {
  const memberId = memberIds[worker]!;
  const round = `b-${runId}-${worker}-${iteration}`;
  const player = `${BRAND}_${memberId}`;
  const common = { player, roundId: round, gameCode: 'panda-feast' };
  let begin = performance.now();
  await callback('debit', { ...common, transactionId: `${round}:d`, amountMinor: String(STAKE) });
  debitLatencies.push(performance.now() - begin);
  begin = performance.now();
  await callback('credit', { ...common, transactionId: `${round}:c`, amountMinor: String(WIN) });
  creditLatencies.push(performance.now() - begin);
  roundsPerWorker[worker] = (roundsPerWorker[worker] ?? 0) + 1;
});

// Every measured member holds exactly its funding minus the stakes plus the wins of its rounds.
let exact = true;
for (let worker = 0; worker < concurrency; worker++) {
  const expected = 1_000_000_000n - BigInt(roundsPerWorker[worker] ?? 0) * (STAKE - WIN);
  const { walletMinor } = await ledger.balances(BRAND, memberIds[worker]!, 'CNY');
  if (walletMinor !== expected) {
    exact = false;
    console.error(`member ${memberIds[worker]}: wallet ${walletMinor}, expected ${expected}`);
  }
}
const violations = await ledger.check();

const rows = [
  figures('baseline GET /healthz', health.latencies, health.elapsedSeconds),
  figures('baseline ledger debit+credit', ledgerRun.latencies, ledgerRun.elapsedSeconds),
  figures('seamless debit', debitLatencies, seamless.elapsedSeconds),
  figures('seamless credit', creditLatencies, seamless.elapsedSeconds),
  figures('seamless debit+credit round', seamless.latencies, seamless.elapsedSeconds),
];
const format = (row: Figures) =>
  `  ${row.name.padEnd(30)} ${Math.round(row.perSecond).toString().padStart(6)}/s  ` +
  `p50 ${row.p50Ms.toFixed(1).padStart(6)} ms  p95 ${row.p95Ms.toFixed(1).padStart(6)} ms  ` +
  `p99 ${row.p99Ms.toFixed(1).padStart(6)} ms  (${row.operations})`;
console.info(
  `bench/seamless: ${url ? 'PostgreSQL' : 'embedded PGlite'}, ${seconds} s each, ` +
    `concurrency ${concurrency}, logging ${process.env.BENCH_LOG_LEVEL ?? 'info'}`,
);
for (const row of rows) console.info(format(row));
const [healthRow, ledgerRow, , , roundRow] = rows as [Figures, Figures, Figures, Figures, Figures];
const callbacks = debitLatencies.length + creditLatencies.length;
console.info(
  `  callbacks: ${Math.round(callbacks / seamless.elapsedSeconds)}/s; ` +
    `round throughput / ledger-only: ${(roundRow.perSecond / ledgerRow.perSecond).toFixed(2)}; ` +
    `callback throughput / healthz: ${(callbacks / seamless.elapsedSeconds / healthRow.perSecond).toFixed(2)}`,
);
console.info(
  `  wallets exact: ${exact ? 'yes' : 'NO'}; ledger check: ${violations.length === 0 ? 'passes' : JSON.stringify(violations)}`,
);

agent.destroy();
await app.close();
await cache.close();
await database.close();
if (!exact || violations.length > 0) process.exit(1);
