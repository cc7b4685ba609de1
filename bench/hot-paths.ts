/**
 * bench/hot-paths: the four calls every logged-in page makes every 30 s (heartbeat, balance,
 * member info, unread message count), at fixed offered rates, on a production-mode API node.
 *
 *   npm run bench:hot-paths [-- seconds=5 sessions=10000 rates=500,1000,2000,3000,5000
 *                              paths=heartbeat,balance,info,unread warmup=2 profile=1]
 *
 * Runs under scripts/with-postgres.ts (a fresh PostgreSQL database and the local Redis). The API
 * node runs in its own process (NODE_ENV=production, LOG_LEVEL=warn, bench/lib/processes.ts);
 * the open-loop load client runs in this one, spread over many real member sessions made through
 * the session service. Each subject round is preceded by a bare Fastify round at the same rate
 * (another process), so both see the same machine; each runs `warmup` seconds at the round's
 * rate first, unreported (a node idle while the other ran answers its first second slower).
 * For each path and rate it prints achieved
 * rate, p50, p99, the API's CPU per call and the load average, then the highest rate with p99
 * under 50 ms and what that carries in members online (rate x 30 s).
 */
import { randomBytes } from 'node:crypto';
import { HEARTBEAT_INTERVAL_MS } from '@lobby/contracts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { members } from '../apps/api/src/contexts/identity/member/member.schema.ts';
import { memberSessions } from '../apps/api/src/contexts/identity/member/session.schema.ts';
import {
  hashSessionToken,
  newSessionToken,
} from '../apps/api/src/contexts/identity/member/session.service.ts';
import { connect, offer, type Call } from './lib/open-loop.ts';
import { loadAverage, startApiNode, startBareNode, type ServerProcess } from './lib/processes.ts';
import { watchDatabaseCpu } from './lib/postgres.ts';
import { header, highestPassing, measured, print, type MeasuredRow } from './lib/report.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.split('=') as [string, string]),
);
const seconds = Number(args.seconds ?? 5);
const sessionCount = Number(args.sessions ?? 10_000);
const rates = (args.rates ?? '500,1000,2000,3000,5000').split(',').map(Number);
const paths = (args.paths ?? 'heartbeat,balance,info,unread').split(',');
const profile = args.profile === '1';
const warmSeconds = Number(args.warmup ?? 2);
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!databaseUrl) {
  console.error('bench/hot-paths needs DATABASE_URL (npm run bench:hot-paths makes a fresh one)');
  process.exit(2);
}
const BRAND = 'tianyu';
const P99_LIMIT_MS = 50;

// The node migrates and seeds the demo brands; then the sessions are made beside it.
const api = await startApiNode({
  port: 3900 + (process.pid % 50),
  databaseUrl,
  redisUrl,
  nodeArgs: profile ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles'] : [],
});
const bare = await startBareNode(3950 + (process.pid % 50));
const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });

console.info(`bench/hot-paths: making ${sessionCount} members with a session each...`);
const tokens: string[] = [];
const batch = 2_000;
const runTag = randomBytes(4).toString('hex');
for (let start = 0; start < sessionCount; start += batch) {
  const size = Math.min(batch, sessionCount - start);
  const rows = await database.db
    .insert(members)
    .values(
      Array.from({ length: size }, (_, offset) => {
        const username = `hp${runTag}${start + offset}`;
        return {
          brandCode: BRAND,
          username,
          usernameKey: username,
          passwordHash: 'x',
          inviteCode: `H${runTag}${start + offset}`.toUpperCase().slice(-12),
        };
      }),
    )
    .returning({ id: members.id });
  const batchTokens = rows.map(() => newSessionToken());
  await database.db.insert(memberSessions).values(
    rows.map((row, offset) => ({
      brandCode: BRAND,
      memberId: row.id,
      tokenHash: hashSessionToken(batchTokens[offset]!),
      ip: '127.0.0.1',
      deviceNo: `bench-device-${start + offset}`,
      userAgent: 'bench/hot-paths',
    })),
  );
  tokens.push(...batchTokens);
}
await database.close();

const subjects: Record<string, (index: number) => Call> = {
  heartbeat: (index) => ({
    method: 'POST',
    path: '/api/findmed/v1/heartbeat',
    headers: { ...memberHeaders(index), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'gameid=&platform=',
    check: ok,
  }),
  balance: (index) => ({
    method: 'GET',
    path: '/api/findmed/v1/member/balance',
    headers: memberHeaders(index),
    check: ok,
  }),
  info: (index) => ({
    method: 'GET',
    path: '/api/findmed/v1/member/token',
    headers: memberHeaders(index),
    check: ok,
  }),
  unread: (index) => ({
    method: 'GET',
    path: '/api/findmed/v1/member/message/num',
    headers: memberHeaders(index),
    check: ok,
  }),
};

function memberHeaders(index: number): Record<string, string> {
  const member = index % tokens.length;
  return {
    site_code: BRAND,
    d: '24',
    lang: 'zh-CN',
    device_no: `bench-device-${member}`,
    t: tokens[member]!,
  };
}

function ok(body: string): boolean {
  return body.startsWith('{"status":true');
}

const apiPool = connect(api.origin, 256);
const barePool = connect(bare.origin, 256);

const databaseCpu = watchDatabaseCpu(databaseUrl);

function round(
  subject: string,
  server: ServerProcess,
  pool: ReturnType<typeof connect>,
  rate: number,
  next: (index: number) => Call,
): Promise<MeasuredRow> {
  return measured(
    subject,
    () => server.cpuSeconds(),
    databaseCpu,
    () => offer(pool, { rate, seconds, next }),
  );
}

// Warm both servers (JIT, pools, caches): every session once, as a site's members would have
// been seen by the node before (a session is read from the database once per node), then
// every path.
let offset = 0;
for (const path of paths) {
  const next = subjects[path];
  if (!next) throw new Error(`unknown path ${path}`);
  await offer(apiPool, { rate: 1_000, seconds: Math.ceil(sessionCount / 1_000), next });
}
await offer(barePool, {
  rate: 1000,
  seconds: 2,
  next: () => ({ method: 'GET', path: '/bare' }),
});

console.info(
  `bench/hot-paths: ${seconds} s per round, ${sessionCount} sessions, PostgreSQL + Redis, ` +
    `API node pid ${api.pid} in production mode, load average ${loadAverage()}`,
);
console.info(`${header()}  db cpu`);
const summary: string[] = [];
for (const path of paths) {
  const next = subjects[path]!;
  const rows: MeasuredRow[] = [];
  for (const rate of rates) {
    // Each subject first runs `warmup` seconds at the round's rate, not reported: a node that
    // sat idle while the other subject ran is colder than one carrying this load all day.
    const bareCall = (index: number): Call => ({
      method: index % 2 === 0 ? 'GET' : 'POST',
      path: '/bare',
    });
    await offer(barePool, { rate, seconds: warmSeconds, next: bareCall });
    const base = await round('baseline bare Fastify', bare, barePool, rate, bareCall);
    print(base);
    const warmStart = offset;
    offset += rate * warmSeconds;
    await offer(apiPool, { rate, seconds: warmSeconds, next: (index) => next(warmStart + index) });
    const start = offset;
    offset += rate * seconds;
    const row = await round(path, api, apiPool, rate, (index) => next(start + index));
    print(row);
    rows.push(row);
  }
  const best = highestPassing(rows, P99_LIMIT_MS);
  summary.push(
    `  ${path.padEnd(10)} highest rate with p99 < ${P99_LIMIT_MS} ms: ${best}/s ` +
      `= ${(best * (HEARTBEAT_INTERVAL_MS / 1000)).toLocaleString('en')} members online`,
  );
}
console.info('');
for (const text of summary) console.info(text);

await databaseCpu.close();
await apiPool.close();
await barePool.close();
await api.stop();
await bare.stop();
