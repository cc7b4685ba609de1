import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SOCKET_PATH } from '@lobby/contracts';
import { memberCall, registerMember } from '../../e2e/support/cashier.ts';
import { ROOT, backendsUp, startCluster, type Cluster, type ClusterProcess } from '../cluster.ts';
import {
  books,
  mixedLoad,
  sandboxGateway,
  simulatorPending,
  type Gateway,
  type LoadMember,
} from './load.ts';

/**
 * Issue 17's proof, with real processes: two API nodes in production mode on one PostgreSQL and
 * one Redis, the game simulator, and HAProxy in front with deploy/haproxy/haproxy.cfg, started
 * as `npm run cluster` starts them (cluster/cluster.ts), under a bounded mixed load of members
 * (logins, heartbeats, balances, transfers to and from a game platform, seamless rounds, online
 * deposits through the sandbox gateway: load.ts) while nodes are stopped with SIGTERM and killed
 * with SIGKILL. It prints its figures.
 */

const PORTS = {
  lbPort: 18080,
  statsPort: 18404,
  simPort: 14100,
  apiPort: 13001,
  metricsPort: 19464,
};
const SWEEP_INTERVAL_MS = 10_000;
const DRAIN_MS = 4_000;
/** The transfer-wallet platform of the load. */
const PLATFORM = 1;
/** A seamless-wallet slot platform of the catalog (无界电子) and one of its games. */
const SEAMLESS_PLATFORM = 40;
const SEAMLESS_GAME = 'panda-feast';
/** The demo online channel's minimum. */
const DEPOSIT_AMOUNT = '50.00';
const PASSWORD = 'cashier1234';

let cluster: Cluster;
let operator: string;
let brand: string;
let db: pg.Pool;
let simDb: pg.Pool;
let gateway: Gateway;
/** Every member and run of the load, for the books at the end. */
const loaded: LoadMember[] = [];
const loads: ReturnType<typeof mixedLoad>[] = [];
const figures: Record<string, unknown> = {};

type Envelope<T> = { status: boolean; data: T };

async function operatorCall<T>(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${operator}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.status) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The first operator (ADMIN_PASSWORD) logs in through the balancer and enrols TOTP. */
async function operatorLogin(origin: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope<Record<string, string>>;
  };
  const login = await post('/admin/api/login', {
    username: 'admin',
    password: cluster.adminPassword,
  });
  if (!login.status) throw new Error(`operator login: ${JSON.stringify(login)}`);
  const token = login.data.token!;
  const { secret } = (await post('/admin/api/me/totp/setup', {}, token)).data;
  const confirmed = await post(
    '/admin/api/me/totp/confirm',
    { code: await generate({ secret: secret! }) },
    token,
  );
  if (!confirmed.status) throw new Error(`TOTP: ${JSON.stringify(confirmed)}`);
  return token;
}

/** A series' samples summed, from a node's metrics port. */
async function metric(node: number, name: string, labels: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${PORTS.metricsPort + node}/metrics`);
  const text = await response.text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      continue;
    }
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** Waits for `probe` to answer; on timeout the error carries `detail()` (what the load did). */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  detail?: () => unknown,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const seen = detail ? `; ${JSON.stringify(detail())}` : '';
      throw new Error(`${what}: not in ${timeoutMs} ms${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Members of the load, registered through the balancer, each given 100.00 by an operator. */
async function members(count: number, origin: string): Promise<LoadMember[]> {
  const made: LoadMember[] = [];
  for (let index = 0; index < count; index += 1) {
    const member = await registerMember(origin, 'cl');
    await operatorCall(origin, 'POST', `/admin/api/members/${member.username}/adjust`, {
      brand,
      amount: '100.00',
      reason: 'cluster test funds',
      idempotencyKey: randomUUID(),
    });
    const { rows } = await db.query<{ id: string; minor: string }>(
      `select m.id::text as id, coalesce(sum(a.balance_minor), 0)::text as minor
         from members m
         left join ledger_accounts a on a.member_id = m.id and a.kind = 'member_wallet'
        where m.brand_code = $1 and m.username = $2
        group by m.id`,
      [brand, member.username],
    );
    const row = rows[0]!;
    made.push({
      ...member,
      id: row.id,
      player: `${brand}_${row.id}`,
      startMinor: BigInt(row.minor),
    });
  }
  loaded.push(...made);
  return made;
}

/** The load through the balancer, with its gateway and game page, on `count` new members. */
async function loadMembers(count: number) {
  const started = mixedLoad(await members(count, cluster.origin), {
    origin: cluster.origin,
    simOrigin: cluster.simulator.origin,
    password: PASSWORD,
    gateway,
    transferPlatform: PLATFORM,
    seamlessPlatform: SEAMLESS_PLATFORM,
    seamlessGame: SEAMLESS_GAME,
    depositAmount: DEPOSIT_AMOUNT,
  });
  loads.push(started);
  return started;
}

/** The requests a node served, all routes but the probes. */
async function served(node: number): Promise<number> {
  const all = await metric(node, 'lobby_http_request_duration_seconds_count');
  const probes = await metric(node, 'lobby_http_request_duration_seconds_count', {
    route: '/readyz',
  });
  return all - probes;
}

function run(
  command: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

beforeAll(async () => {
  cluster = await startCluster({
    ...PORTS,
    name: 'lobby_cluster_test',
    fresh: true,
    ...(process.env.TEST_POSTGRES_URL ? { serverUrl: process.env.TEST_POSTGRES_URL } : {}),
    ...(process.env.TEST_REDIS_URL ? { redisUrl: process.env.TEST_REDIS_URL } : {}),
    apiEnv: {
      REPORTS_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // Every member of the load comes from 127.0.0.1.
      RATE_LIMIT_MULTIPLIER: '1000',
    },
  });
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  simDb = new pg.Pool({ connectionString: cluster.simDatabaseUrl, max: 2 });
  operator = await operatorLogin(cluster.origin);
  const brands = await operatorCall<{ items: { code: string; isDefault: boolean }[] }>(
    cluster.origin,
    'GET',
    '/admin/api/brands',
  );
  brand = brands.items.find((item) => item.isDefault)?.code ?? '';
  gateway = await sandboxGateway(db, brand);
}, 240_000);

afterAll(async () => {
  console.info(`cluster figures: ${JSON.stringify(figures)}`);
  await db?.end();
  await simDb?.end();
  await cluster?.stop();
}, 60_000);

const [node1, node2] = [0, 1];
const nodeOf = (index: number): ClusterProcess => cluster.nodes[index]!;

describe('two API nodes behind HAProxy', () => {
  it('reach every node with a brand change within seconds', async () => {
    const settings = await operatorCall<{
      settings: Record<string, unknown> & { settings: { registration: { captcha: boolean } } };
      revision: string;
    }>(nodeOf(node1).origin, 'GET', `/admin/api/brands/${brand}/settings`);
    expect(settings.settings.settings.registration.captcha).toBe(true);
    const changed = structuredClone(settings.settings);
    changed.settings.registration.captcha = false;
    const started = Date.now();
    await operatorCall(nodeOf(node1).origin, 'PUT', `/admin/api/brands/${brand}/settings`, {
      settings: changed,
      revision: settings.revision,
      reason: 'cluster test: members register without the picture',
    });
    const seen = await Promise.all(
      cluster.nodes.map((node) =>
        waitFor(
          `${node.name} serving the change`,
          async () => {
            const { data } = await memberCall<{ registration: { captcha: boolean } }>(
              node.origin,
              '/api/f/v1/member/preInfo',
              undefined,
            );
            return data.registration.captcha ? undefined : Date.now() - started;
          },
          10_000,
        ),
      ),
    );
    figures.brandChangeMs = seen;
    expect(Math.max(...seen)).toBeLessThan(5_000);
  });

  it('take a session made on one node on the other', async () => {
    const member = await registerMember(nodeOf(node1).origin, 'cs');
    const { data } = await memberCall<{ username: string }>(
      nodeOf(node2).origin,
      '/api/findmed/v1/member/token',
      undefined,
      member.token,
    );
    expect(data.username).toBe(member.username);
  });

  it('carry a chat between a member on one node and an operator on the other', async () => {
    const started = await memberCall<{ ticket: string }>(
      nodeOf(node2).origin,
      '/api/findmed/v1/chat/start',
      {},
    );
    const socket = new WebSocket(
      `${nodeOf(node1).origin.replace('http', 'ws')}${CHAT_SOCKET_PATH}`,
    );
    const frames: Record<string, unknown>[] = [];
    socket.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    socket.send(JSON.stringify({ type: 'auth', ticket: started.data.ticket }));
    await waitFor('ready', async () => frames.find((frame) => frame.type === 'ready'), 10_000);
    const clientMessageId = `c${randomBytes(8).toString('hex')}`;
    socket.send(JSON.stringify({ type: 'send', clientMessageId, body: '两台服务器' }));
    const sent = await waitFor(
      'sent',
      async () => frames.find((frame) => frame.type === 'sent'),
      10_000,
    );
    const conversationId = (sent.message as { conversationId: string }).conversationId;
    await operatorCall(nodeOf(node2).origin, 'POST', `/admin/api/chat/${conversationId}/take`);
    await operatorCall(nodeOf(node2).origin, 'POST', `/admin/api/chat/${conversationId}/messages`, {
      body: '收到',
      clientMessageId: `o${randomBytes(8).toString('hex')}`,
    });
    const pushed = await waitFor(
      'the operator’s answer on the other node',
      async () =>
        frames.find(
          (frame) =>
            frame.type === 'message' && (frame.message as { body: string }).body === '收到',
        ),
      10_000,
    );
    expect((pushed.message as { sender: string }).sender).toBe('operator');
    socket.close();
  });

  it('run each sweep once per interval across the nodes', async () => {
    // Each node looks for due sweeps every 5 s; with a 10 s interval, nodes running the sweep
    // on their own would start it less than 10 s apart within a few ticks.
    const ranOn = async (node: number) =>
      metric(node, 'lobby_sweep_runs_total', { sweep: 'reports-rollup' });
    const counted = async () => {
      const row = (
        await db.query<{ runs: number; started: string | null; finished: string | null }>(
          `select run_count as runs,
                  (extract(epoch from last_started_at) * 1000)::float8::text as started,
                  (extract(epoch from last_finished_at) * 1000)::float8::text as finished
             from job_runs where name = 'reports-rollup'`,
        )
      ).rows[0];
      return row;
    };
    // Counts are read between runs, so a run is counted on both sides or on neither.
    const between = () =>
      waitFor(
        'the sweep between runs',
        async () => {
          const row = await counted();
          return row && Number(row.finished) >= Number(row.started) ? row : undefined;
        },
        30_000,
      );
    await between();
    const before = { node1: await ranOn(node1), node2: await ranOn(node2), db: await between() };
    const starts = new Map<string, string | null>();
    const until = Date.now() + 3.5 * SWEEP_INTERVAL_MS;
    while (Date.now() < until) {
      const row = await counted();
      if (row?.started) starts.set(row.started, row.finished);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await between();
    const after = { node1: await ranOn(node1), node2: await ranOn(node2), db: await between() };
    const ran = { node1: after.node1 - before.node1, node2: after.node2 - before.node2 };
    const recorded = (after.db?.runs ?? 0) - (before.db?.runs ?? 0);
    const startTimes = [...starts.keys()].map(Number).sort((a, b) => a - b);
    const gaps = startTimes.slice(1).map((start, index) => start - startTimes[index]!);
    figures.sweepRuns = { ...ran, recorded, gapsMs: gaps };
    // Every run was one node's (the nodes' counts add up to the runs the database recorded), and
    // no two runs started within an interval of each other.
    expect(ran.node1 + ran.node2).toBe(recorded);
    expect(recorded).toBeGreaterThanOrEqual(2);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(SWEEP_INTERVAL_MS - 100);
  }, 90_000);

  it('drain a node stopped with SIGTERM: no failed request, and none sent to it once not ready', async () => {
    const load = await loadMembers(6);
    await waitFor(
      'load on both nodes, deposits and seamless rounds under way',
      async () =>
        (await served(node2)) > 20 &&
        (await served(node1)) > 20 &&
        load.counts.deposits > 0 &&
        load.counts.rounds > 0
          ? true
          : undefined,
      30_000,
      () => ({ counts: load.counts, failures: load.failures.slice(0, 5) }),
    );
    const stopping = nodeOf(node2).stop();
    await waitFor(
      'HAProxy taking node 2 out',
      async () => ((await backendsUp(PORTS.statsPort)).includes('api2') ? undefined : true),
      DRAIN_MS,
    );
    // The node still serves (its drain) but gets nothing more from the balancer: what it had
    // been sent before is answered within half a second.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const atDown = await served(node2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const later = await served(node2);
    expect(await stopping).toBe(0);
    await nodeOf(node2).restart();
    await waitFor(
      'HAProxy taking node 2 back',
      async () => ((await backendsUp(PORTS.statsPort)).includes('api2') ? true : undefined),
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const counts = await load.stop();
    figures.drain = { ...counts, servedAfterDown: later - atDown };
    expect(load.failures).toEqual([]);
    expect(later - atDown).toBe(0);
    expect(counts.transfers).toBeGreaterThan(20);
    expect(counts.deposits).toBeGreaterThan(5);
    expect(counts.rounds).toBeGreaterThan(20);
  }, 120_000);

  it('lose no money when a node is killed with SIGKILL', async () => {
    const load = await loadMembers(6);
    await waitFor(
      'transfers, deposits and seamless rounds under way',
      async () =>
        load.counts.transfers > 30 && load.counts.deposits > 5 && load.counts.rounds > 15
          ? true
          : undefined,
      60_000,
      () => ({ counts: load.counts, failures: load.failures.slice(0, 5) }),
    );
    await nodeOf(node1).kill();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await nodeOf(node1).restart();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const counts = await load.stop();
    // Reconciliation (the transfer sweep, on whichever node holds it) settles what the kill left
    // in transit; an order the platform never received is failed once it could no longer arrive.
    // The simulator sends its seamless callbacks again until Lobby answers them.
    const inTransit = async () =>
      Number(
        (
          await db.query<{ count: string }>(
            `select count(*) from game_transfers where status = 'in_transit'`,
          )
        ).rows[0]!.count,
      );
    const leftInTransit = await inTransit();
    const leftAtSimulator = await simulatorPending(simDb);
    await waitFor(
      'every transfer and seamless callback final',
      async () =>
        (await inTransit()) === 0 && (await simulatorPending(simDb)) === 0 ? true : undefined,
      // The reconciliation's checks back off (15 s, then 5 s doubling); an order never
      // received is failed once two minutes old: a few minutes at the most.
      400_000,
    );
    const check = await run(['apps/api/src/ledger-check.ts'], {
      DATABASE_URL: cluster.databaseUrl,
    });
    expect(check.code, check.out).toBe(0);
    // Transfer wallet: each member's platform account is what the platform holds.
    const accounts = await db.query<{ player: string; minor: string }>(
      `select brand_code || '_' || member_id as player, balance_minor::text as minor
         from ledger_accounts where kind = 'member_platform' and ref = $1 and balance_minor <> 0`,
      [String(PLATFORM)],
    );
    const platform = await simDb.query<{ player: string; minor: string }>(
      `select player, balance_minor::text as minor from game_sim.players
        where platform_id = $1 and balance_minor <> 0`,
      [PLATFORM],
    );
    const sorted = (rows: { player: string; minor: string }[]) =>
      rows.map((row) => `${row.player} ${row.minor}`).sort();
    expect(sorted(accounts.rows)).toEqual(sorted(platform.rows));
    // Deposits, seamless rounds and wallets, over both loads' members.
    const kept = await books(
      db,
      simDb,
      loaded,
      loads.flatMap((run) => run.paid),
      { transfer: PLATFORM, seamless: SEAMLESS_PLATFORM },
    );
    figures.kill = {
      ...counts,
      // What the kill cut short (at most five, shortened): a node that dies fails its requests.
      failed: load.failures.slice(0, 5).map((failure) => failure.slice(0, 120)),
      leftInTransit,
      leftAtSimulator,
      platformAccounts: accounts.rows.length,
      depositsConfirmed: kept.deposits.confirmed.length,
      seamlessRounds: kept.seamless.simulator.length,
      wallets: kept.wallets.lobby.length,
    };
    expect(kept.deposits.confirmed).toEqual(kept.deposits.paid);
    expect(kept.seamless.lobby).toEqual(kept.seamless.simulator);
    expect(kept.wallets.lobby).toEqual(kept.wallets.accounted);
  }, 600_000);
});
