/**
 * bench/seamless: seamless-wallet callbacks (signed debits and credits) at fixed offered rates on
 * a production-mode API node, measured from outside.
 *
 *   npm run bench:seamless [-- seconds=5 rates=100,200,400,700,1000 members=500 pool=20
 *                             floor=1 warmup=2 profile=1]
 *
 * Runs under scripts/with-postgres.ts (a fresh PostgreSQL database and the local Redis). This
 * process makes and funds the members straight in the database, then starts the API node in its
 * own process (NODE_ENV=production, LOG_LEVEL=warn, bench/lib/processes.ts; `pool` sets its
 * DATABASE_POOL_SIZE) and a bare Fastify node, and drives them with the open-loop client of
 * bench/lib/open-loop.ts: each call leaves when due whatever the server does, latency is
 * measured from the due time.
 *
 * Before each measured round, each subject runs `warmup` seconds at the same rate, unreported:
 * a node idle for the seconds another subject ran answers its first second slower (measured:
 * p99 80-250 ms in that second, 10-30 ms after), which a node carrying this load all day is not.
 *
 * Each round plays rounds of a game: call 2k is the debit (bet) of round k, call 2k+1 the credit
 * (win) of the round whose debit left about a second earlier, over `members` members in turn. For
 * each offered rate, interleaved on the same machine: the bare Fastify node at that rate, the
 * callbacks, and (floor=1) the same two movements as LedgerService.post calls from this process
 * (the money, no HTTP, no checks). Prints achieved rate, p50, p99, the API's and PostgreSQL's
 * CPU per call and the load average; then the highest rate with p99 under 50 ms. Calls whose
 * outcome is unknown (a 5xx or a timeout) are sent again afterwards, as a platform does, and
 * then every wallet must hold exactly what its answered rounds left and ledger.check() must
 * pass (exit 1 if not).
 */
import { randomUUID } from 'node:crypto';
import { platformSecret, SEAMLESS_PATH_PREFIX, signRequest } from '@lobby/game-protocol';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { members } from '../apps/api/src/contexts/identity/member/member.schema.ts';
import { seedDemoBrands } from '../apps/api/src/contexts/platform/brand/brand.service.ts';
import { LedgerService } from '../apps/api/src/contexts/money/ledger/ledger.service.ts';
import { connect, offer, offerWork, type Call } from './lib/open-loop.ts';
import { loadAverage, startApiNode, startBareNode } from './lib/processes.ts';
import { watchDatabaseCpu } from './lib/postgres.ts';
import { header, highestPassing, measured, print, type Row } from './lib/report.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.split('=') as [string, string]),
);
const seconds = Number(args.seconds ?? 5);
const rates = (args.rates ?? '100,200,400,700,1000').split(',').map(Number);
const memberCount = Number(args.members ?? 500);
const poolSize = args.pool;
const withFloor = (args.floor ?? '1') === '1';
const warmSeconds = Number(args.warmup ?? 2);
const profile = args.profile === '1';
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!databaseUrl) {
  console.error('bench/seamless needs DATABASE_URL (npm run bench:seamless makes a fresh one)');
  process.exit(2);
}
/** What bench/lib/processes.ts gives the node as GAME_PROVIDER_SECRET. */
const NODE_PROVIDER_SECRET = 'bench-provider-secret-0123456789';
const PLATFORM = 40;
const BRAND = 'jinsheng';
const STAKE = 100n;
const WIN = 60n;
const FUNDING = 1_000_000_000n;
const P99_LIMIT_MS = 50;

// Members and their funding, straight in the database, before the node starts.
const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 24 });
await seedDemoBrands(database.db);
const ledger = new LedgerService(database.db);
const runTag = randomUUID().replaceAll('-', '').slice(0, 8);
const memberIds: bigint[] = [];
const floorMemberIds: bigint[] = [];
for (let index = 0; index < memberCount * 2; index++) {
  const username = `sl${runTag}${index}`;
  const rows = await database.db
    .insert(members)
    .values({
      brandCode: BRAND,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: `S${runTag}${index}`.toUpperCase().slice(-12),
    })
    .returning({ id: members.id });
  const memberId = rows[0]!.id;
  (index < memberCount ? memberIds : floorMemberIds).push(memberId);
  await ledger.post({
    brandCode: BRAND,
    reason: 'deposit',
    idempotencyKey: `bench-fund-${username}`,
    actor: { type: 'system', id: 'bench' },
    lines: [
      {
        account: { kind: 'house_deposit_clearing', ref: 'bench', currency: 'CNY' },
        amountMinor: -FUNDING,
      },
      { account: { kind: 'member_wallet', memberId, currency: 'CNY' }, amountMinor: FUNDING },
    ],
  });
}

const api = await startApiNode({
  port: 4200 + (process.pid % 50),
  databaseUrl,
  redisUrl,
  extraEnv: poolSize ? { DATABASE_POOL_SIZE: poolSize } : {},
  nodeArgs: profile ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles'] : [],
});
const bare = await startBareNode(4250 + (process.pid % 50));
const databaseCpu = watchDatabaseCpu(databaseUrl);
const apiPool = connect(api.origin, 256);
const barePool = connect(bare.origin, 256);
const secret = platformSecret(NODE_PROVIDER_SECRET, PLATFORM);

type Outcome = 'ok' | 'refused' | 'unknown';
/** Every callback sent, by its round: what to send again and what the wallets must hold. */
type RoundRecord = { member: number; debit: Outcome; credit: Outcome | null };
const roundsPlayed: { tag: string; record: RoundRecord }[] = [];

function callbackCall(
  operation: 'debit' | 'credit',
  body: object,
  settle: (outcome: Outcome) => void,
): Call {
  const path = `${SEAMLESS_PATH_PREFIX}/${PLATFORM}/${operation}`;
  const text = JSON.stringify(body);
  return {
    method: 'POST',
    path,
    headers: {
      ...signRequest({
        secret,
        platformId: PLATFORM,
        method: 'POST',
        pathAndQuery: path,
        body: text,
      }),
      'content-type': 'application/json',
    },
    body: text,
    check: (answer) => {
      const ok = (JSON.parse(answer) as { status?: string }).status === 'ok';
      settle(ok ? 'ok' : 'refused');
      return ok;
    },
  };
}

function roundBody(tag: string, roundIndex: number, record: RoundRecord, operation: 'd' | 'c') {
  const round = `${tag}-${roundIndex}`;
  return {
    transactionId: `${round}:${operation}`,
    player: `${BRAND}_${memberIds[record.member]}`,
    roundId: round,
    gameCode: 'panda-feast',
    amountMinor: String(operation === 'd' ? STAKE : WIN),
  };
}

/** The callbacks of one round at `rate`: debits of new rounds, credits a second behind. */
function seamlessCalls(rate: number, tag: string): (index: number) => Call {
  const records: RoundRecord[] = [];
  const lag = Math.max(1, Math.round(rate / 2));
  let nextMember = 0;
  return (index) => {
    const roundIndex = Math.floor(index / 2);
    if (index % 2 === 0 || roundIndex < lag) {
      // A debit: a new round for the next member (early odd calls are debits too).
      const record: RoundRecord = { member: nextMember, debit: 'unknown', credit: null };
      nextMember = (nextMember + 1) % memberIds.length;
      const id = records.length;
      records.push(record);
      roundsPlayed.push({ tag, record });
      return callbackCall('debit', roundBody(tag, id, record, 'd'), (outcome) => {
        record.debit = outcome;
      });
    }
    const id = roundIndex - lag;
    const record = records[id]!;
    record.credit = 'unknown';
    return callbackCall('credit', roundBody(tag, id, record, 'c'), (outcome) => {
      record.credit = outcome;
    });
  };
}

/** The ledger-only floor: the same debit and credit as LedgerService.post from this process. */
function floorWork(tag: string): (index: number) => Promise<void> {
  return async (index) => {
    const memberId = floorMemberIds[Math.floor(index / 2) % floorMemberIds.length]!;
    const credit = index % 2 === 1;
    const wallet = { kind: 'member_wallet' as const, memberId, currency: 'CNY' as const };
    const house = { kind: 'house_game_results' as const, ref: 'floor', currency: 'CNY' as const };
    const amount = credit ? WIN : -STAKE;
    await ledger.post({
      brandCode: BRAND,
      reason: credit ? 'game_payout' : 'game_bet',
      idempotencyKey: `bench-floor-${tag}-${index}`,
      actor: { type: 'provider', id: 'bench' },
      lines: [
        { account: wallet, amountMinor: amount },
        { account: house, amountMinor: -amount },
      ],
    });
  };
}

// Warm-up (not reported): the JIT, the connection pools, the house account shards.
await offer(apiPool, { rate: 100, seconds: 2, next: seamlessCalls(100, `w${runTag}`) });
await offer(barePool, { rate: 500, seconds: 1, next: () => ({ method: 'GET', path: '/bare' }) });

console.info(
  `bench/seamless: PostgreSQL + Redis, production-mode node (pool ${poolSize ?? 'default'}), ` +
    `${seconds} s per round, ${memberCount} members, load average ${loadAverage()}`,
);
console.info(`${header()}  db cpu`);
const seamlessRows: Row[] = [];
for (const [roundNumber, rate] of rates.entries()) {
  // Each subject first runs `warmup` seconds at the round's rate, not reported: a node that sat
  // idle while another subject ran is colder than one carrying this load all day would be.
  const bareCall = () =>
    ({
      method: 'POST',
      path: '/bare',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }) as const;
  await offer(barePool, { rate, seconds: warmSeconds, next: bareCall });
  print(
    await measured(
      'bare Fastify POST /bare',
      () => bare.cpuSeconds(),
      databaseCpu,
      () => offer(barePool, { rate, seconds, next: bareCall }),
    ),
  );
  const tag = `r${roundNumber}-${rate}-${runTag}`;
  await offer(apiPool, { rate, seconds: warmSeconds, next: seamlessCalls(rate, `w${tag}`) });
  const row = await measured(
    'seamless debit/credit',
    () => api.cpuSeconds(),
    databaseCpu,
    () => offer(apiPool, { rate, seconds, next: seamlessCalls(rate, tag) }),
  );
  seamlessRows.push(row);
  print(row);
  if (withFloor) {
    await offerWork({ rate, seconds: warmSeconds, run: floorWork(`w${tag}`) });
    print(
      await measured('ledger-only floor (in bench)', null, databaseCpu, () =>
        offerWork({ rate, seconds, run: floorWork(tag) }),
      ),
    );
  }
}
const best = highestPassing(seamlessRows, P99_LIMIT_MS);
console.info(
  `highest offered rate with p99 under ${P99_LIMIT_MS} ms: ${best > 0 ? `${best} callbacks/s` : 'none'}`,
);

// Calls whose outcome is unknown are sent again until answered, as a platform retries.
async function settleUnknown(): Promise<number> {
  let resent = 0;
  const tags = new Map<string, number>();
  for (const { tag, record } of roundsPlayed) {
    const id = tags.get(tag) ?? 0;
    tags.set(tag, id + 1);
    for (const operation of ['d', 'c'] as const) {
      const state = operation === 'd' ? record.debit : record.credit;
      if (state !== 'unknown') continue;
      for (let attempt = 0; attempt < 20; attempt++) {
        resent++;
        const settled = await new Promise<Outcome>((resolve) => {
          const call = callbackCall(
            operation === 'd' ? 'debit' : 'credit',
            roundBody(tag, id, record, operation),
            resolve,
          );
          apiPool
            .request({ method: 'POST', path: call.path, headers: call.headers, body: call.body })
            .then(async (response) => {
              const text = await response.body.text();
              if (response.statusCode === 200) call.check?.(text);
              else resolve(response.statusCode < 500 ? 'refused' : 'unknown');
            })
            .catch(() => resolve('unknown'));
        });
        if (operation === 'd') record.debit = settled;
        else record.credit = settled;
        if (settled !== 'unknown') break;
      }
    }
  }
  return resent;
}
const resent = await settleUnknown();

// Every member holds its funding less the stakes of its accepted debits plus its paid wins.
const expected = new Map<number, bigint>();
for (const { record } of roundsPlayed) {
  let delta = 0n;
  if (record.debit === 'ok') delta -= STAKE;
  if (record.credit === 'ok') delta += WIN;
  expected.set(record.member, (expected.get(record.member) ?? 0n) + delta);
}
let exact = true;
for (let member = 0; member < memberIds.length; member++) {
  const want = FUNDING + (expected.get(member) ?? 0n);
  const { walletMinor } = await ledger.balances(BRAND, memberIds[member]!, 'CNY');
  if (walletMinor !== want) {
    exact = false;
    console.error(`member ${memberIds[member]}: wallet ${walletMinor}, expected ${want}`);
  }
}
const violations = await ledger.check();
console.info(
  `calls sent again after the run (outcome unknown): ${resent}; wallets exact: ${exact ? 'yes' : 'NO'}; ` +
    `ledger check: ${violations.length === 0 ? 'passes' : JSON.stringify(violations.slice(0, 5))}`,
);

await apiPool.close();
await barePool.close();
await api.stop();
await bare.stop();
await databaseCpu.close();
await database.close();
if (!exact || violations.length > 0) process.exit(1);
