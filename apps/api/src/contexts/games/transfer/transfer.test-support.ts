import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { Worker } from 'node:worker_threads';
import { DEV_PROVIDER_SECRET, type FaultConfig } from '@lobby/game-protocol';
import { startTestSim } from '@lobby/game-sim/testing';
import pg from 'pg';
import { buildApp, type AppDependencies } from '../../../app.ts';
import { openCache } from '../../../cache/index.ts';
import { openDatabase, type DatabaseHandle } from '../../../db/client.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { members } from '../../identity/member/member.schema.ts';
import { ledgerAccounts } from '../../money/ledger/ledger.schema.ts';
import { seedDemoBrands } from '../../platform/brand/brand.service.ts';
import { insertMember } from '../../identity/member/member.repository.ts';
import { SessionService } from '../../identity/member/session.service.ts';
import { createLogger } from '../../../lib/logger.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../../test/members.ts';
import { PlayerDirectory } from '../games/player-directory.ts';
import { ProviderClient } from '../games/provider-client.ts';
import { LedgerService } from '../../money/ledger/ledger.service.ts';
import { RsaKeys } from '../../platform/rsa/rsa.service.ts';
import { TransferService } from './transfer.service.ts';

/**
 * Test support of the transfer module (not a test file): the provider simulator listening on a
 * loopback port with an in-memory database, Lobby on a real database talking to it, members
 * with sessions and money, and a TransferService of the test's own on a clock the test moves,
 * to age orders in transit without sleeping.
 */

export const TEST_CODE = 'T3ST';
export const BRAND = 'jinsheng';
export const CURRENCY = 'CNY';

export type Member = {
  username: string;
  memberId: bigint;
  headers: Record<string, string>;
};

/** The provider simulator as the tests drive it. */
export type Sim = {
  baseUrl: string;
  /** Replaces the fault configuration (unset fields: no faults). */
  setFaults(faults: Partial<FaultConfig>): Promise<void>;
  /** SQL on the simulator's own database, to look at (or play the part of) its players. */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

const quiet = () =>
  createLogger(
    'warn',
    new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    }),
  );

/**
 * The simulator on 127.0.0.1 with an in-memory database and the given faults: in this thread,
 * or (`thread`) in a worker thread of its own, whose answers do not wait for this one.
 */
export async function startSim(
  faults: Partial<FaultConfig> = {},
  options: { thread?: boolean } = {},
): Promise<Sim> {
  return options.thread ? startSimThread(faults) : startSimHere(faults);
}

async function startSimHere(faults: Partial<FaultConfig>): Promise<Sim> {
  const sim = await startTestSim({ faults, publicUrl: 'http://127.0.0.1', logger: quiet() });
  return {
    baseUrl: sim.baseUrl,
    async setFaults(next) {
      sim.setFaults(next);
    },
    query: (text, params) => sim.database.query(text, params),
    close: () => sim.close(),
  };
}

async function startSimThread(faults: Partial<FaultConfig>): Promise<Sim> {
  const worker = new Worker(new URL('./transfer-sim.worker.ts', import.meta.url), {
    workerData: { faults },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'ready' && message.port !== undefined) resolve(message.port);
    });
  });
  worker.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
    if (message.id === undefined) return;
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(message.error));
    else call?.resolve(message.result);
  });
  const call = (message: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async setFaults(next) {
      await call({ type: 'setFaults', faults: next });
    },
    async query<T>(text: string, params: unknown[] = []) {
      return (await call({ type: 'query', text, params })) as T[];
    },
    async close() {
      await call({ type: 'close' });
      await worker.terminate();
    },
  };
}

/** Real time plus an offset the test moves forward. */
export class OffsetClock {
  #offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.#offsetMs);
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
  reset(): void {
    this.#offsetMs = 0;
  }
}

export type TransferTestApp = TestApp & {
  sim: Sim;
  ledger: LedgerService;
  provider: ProviderClient;
  clock: OffsetClock;
  /** A TransferService of the test's own, on `clock` (reconciliation with aged orders). */
  transfers: TransferService;
  register(): Promise<Member>;
  /**
   * Members made straight in the database with a session each, one after another (ids in
   * order): for tests about money, not about registering, where argon2 would cost seconds.
   */
  createMembers(count: number): Promise<Member[]>;
  /** Money into the centre wallet through the ledger, as a confirmed deposit brings it. */
  fund(member: Member, amountMinor: bigint): Promise<void>;
  walletMinor(member: Member): Promise<bigint>;
  /** The member_platform account: what Lobby believes the platform holds. */
  bookMinor(member: Member, platformId: number): Promise<bigint>;
  /** What the simulator holds for the member (0 when it never heard of them). */
  simMinor(member: Member, platformId: number): Promise<bigint>;
  /**
   * One reconciliation pass over the orders of members this harness registered (other test
   * files may share the database, with orders their own simulators know of).
   */
  reconcile(): ReturnType<TransferService['reconcile']>;
  /** Reconciles until nothing due is left; answers how many passes it took. */
  reconcileAll(): Promise<number>;
  transfer(
    member: Member,
    fields: Record<string, string>,
    method?: 'GET' | 'POST',
  ): Promise<{
    statusCode: number;
    headers: Record<string, unknown>;
    body: { status: boolean; data: unknown; message?: string };
  }>;
};

export async function createTransferTestApp(
  options: {
    faults?: Partial<FaultConfig>;
    /** The simulator in a worker thread (startSim). */
    simThread?: boolean;
    timeoutMs?: number;
    sim?: Sim;
    /**
     * A database of its own, new and empty (a fresh PostgreSQL database beside DATABASE_URL's,
     * dropped on close; else in memory), so member ids, and so order numbers and the
     * simulator's seeded faults, are the same on every run.
     */
    isolated?: boolean;
    /** The provider timeout of the test's own TransferService (reconciliation). */
    reconcileTimeoutMs?: number;
    /** The app exposes its metrics (AppDependencies.metrics). */
    metrics?: AppDependencies['metrics'];
  } = {},
): Promise<TransferTestApp> {
  const sim = options.sim ?? (await startSim(options.faults, { thread: options.simThread }));
  const gameProvider = {
    baseUrl: sim.baseUrl,
    masterSecret: DEV_PROVIDER_SECRET,
    timeoutMs: options.timeoutMs ?? 2_000,
  };
  const rsa = RsaKeys.generate();
  const base = options.isolated
    ? await createIsolatedApp({ rsa, gameProvider, metrics: options.metrics })
    : await createTestApp({
        rsa,
        captchaTestCode: TEST_CODE,
        gameProvider,
        metrics: options.metrics,
      });
  const db = base.database.db;
  const publicKey = await publicKeyOf(base.app);
  const ledger = new LedgerService(db);
  const provider = new ProviderClient(gameProvider);
  const reconcileProvider = new ProviderClient({
    ...gameProvider,
    timeoutMs: options.reconcileTimeoutMs ?? gameProvider.timeoutMs,
  });
  const clock = new OffsetClock();
  const transfers = new TransferService({
    db,
    ledger,
    provider: reconcileProvider,
    players: new PlayerDirectory({ db, provider: reconcileProvider }),
    now: clock.now,
    // This service only reconciles (the app's own takes the members' transfers).
    playGuard: () => Promise.reject(new Error('the reconciling service starts no play')),
  });

  const ownMembers: bigint[] = [];
  const reconcile = () => transfers.reconcile({ memberIds: ownMembers });
  const register = async (): Promise<Member> => {
    const username = uniqueUsername('tr');
    const captcha = await get(base.app, '/api/f/v1/captcha');
    const registered = await post(base.app, '/api/f/v1/member/register', {
      username,
      password: encryptFor(publicKey, 'Secret123'),
      confirmPassword: encryptFor(publicKey, 'Secret123'),
      key: (captcha.body.data as { key: string }).key,
      code: TEST_CODE,
    });
    if (!registered.body.status) throw new Error(`register: ${JSON.stringify(registered.body)}`);
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.usernameKey, username.toLowerCase()));
    const memberId = rows[0]?.id;
    if (memberId === undefined) throw new Error('member not found');
    ownMembers.push(memberId);
    return { username, memberId, headers: { t: String(registered.headers.id) } };
  };

  return {
    ...base,
    get logs() {
      return base.logs;
    },
    sim,
    ledger,
    provider,
    clock,
    transfers,
    register,
    async createMembers(count) {
      const sessions = new SessionService(db);
      const created: Member[] = [];
      for (let index = 0; index < count; index++) {
        const username = uniqueUsername('tf');
        const member = await insertMember(db, {
          brandCode: BRAND,
          username,
          usernameKey: username.toLowerCase(),
          // Never used to log in: these members only ever hold a session.
          passwordHash: 'not-a-password-hash',
          inviteCode: randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase(),
        });
        const { token } = await sessions.create({
          brandCode: BRAND,
          memberId: member.id,
          ip: '127.0.0.1',
          deviceNo: null,
          userAgent: null,
        });
        ownMembers.push(member.id);
        created.push({ username, memberId: member.id, headers: { t: token } });
      }
      return created;
    },
    async fund(member, amountMinor) {
      await ledger.post({
        brandCode: BRAND,
        reason: 'deposit',
        idempotencyKey: `test-fund:${randomUUID()}`,
        actor: { type: 'system', id: 'test' },
        lines: [
          {
            account: { kind: 'house_deposit_clearing', ref: 'bank', currency: CURRENCY },
            amountMinor: -amountMinor,
          },
          {
            account: { kind: 'member_wallet', memberId: member.memberId, currency: CURRENCY },
            amountMinor,
          },
        ],
      });
    },
    async walletMinor(member) {
      return (await ledger.balances(BRAND, member.memberId, CURRENCY)).walletMinor;
    },
    async bookMinor(member, platformId) {
      const rows = await db
        .select({ balance: ledgerAccounts.balanceMinor })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.brandCode, BRAND),
            eq(ledgerAccounts.memberId, member.memberId),
            eq(ledgerAccounts.kind, 'member_platform'),
            eq(ledgerAccounts.ref, String(platformId)),
          ),
        );
      return rows.reduce((total, row) => total + row.balance, 0n);
    },
    async simMinor(member, platformId) {
      const rows = await sim.query<{ balance_minor: bigint }>(
        'select balance_minor from game_sim.players where platform_id = $1 and player = $2',
        [platformId, `${BRAND}_${member.memberId}`],
      );
      return rows[0]?.balance_minor ?? 0n;
    },
    reconcile,
    async reconcileAll() {
      let passes = 0;
      for (;;) {
        passes += 1;
        const report = await reconcile();
        if (report.checked === 0) return passes;
      }
    },
    async transfer(member, fields, method = 'GET') {
      const response =
        method === 'GET'
          ? await base.app.inject({
              method: 'GET',
              url: `/api/game/transfer?${new URLSearchParams(fields).toString()}`,
              headers: member.headers,
            })
          : await base.app.inject({
              method: 'POST',
              url: '/api/game/transfer',
              payload: new URLSearchParams(fields).toString(),
              headers: { ...member.headers, 'content-type': 'application/x-www-form-urlencoded' },
            });
      return {
        statusCode: response.statusCode,
        headers: response.headers,
        body: response.json<{ status: boolean; data: unknown; message?: string }>(),
      };
    },
    async close() {
      await base.close();
      if (!options.sim) await sim.close();
    },
  };
}

/**
 * What createTestApp builds, on a database no other test uses: PostgreSQL when DATABASE_URL is
 * set (a new database on that server, dropped on close), else PGlite in memory.
 */
async function createIsolatedApp(options: {
  rsa: RsaKeys;
  gameProvider: NonNullable<AppDependencies['gameProvider']>;
  metrics?: AppDependencies['metrics'];
}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `lobby_transfer_${Date.now()}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    database = await openTestDatabase();
  }
  const cache = await openCache(process.env.REDIS_URL, `test:${process.pid}:${randomUUID()}:`);
  await seedDemoBrands(database.db);
  const app = await buildApp({
    database,
    cache,
    logger: quiet(),
    rsa: options.rsa,
    captchaTestCode: TEST_CODE,
    gameProvider: options.gameProvider,
    rateLimits: { multiplier: 1_000 },
    metrics: options.metrics,
  });
  await app.ready();
  return {
    app,
    database,
    cache,
    logs: [],
    logText: () => '',
    async close() {
      await app.close();
      await cache.close();
      await database.close();
      await dropDatabase();
    },
  };
}
