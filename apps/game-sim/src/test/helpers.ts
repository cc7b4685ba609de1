import { Writable } from 'node:stream';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import {
  catalogPlatform,
  DEV_PROVIDER_SECRET,
  NO_FAULTS,
  platformSecret,
  signRequest,
  type FaultConfig,
  type GameKind,
} from '@lobby/game-protocol';
import { buildSimApp, type SimApp, type SimAppDependencies } from '../app.ts';
import { openSimDatabase, type SimDatabase } from '../db/database.ts';
import { MIGRATIONS_TABLE } from '../db/migrate.ts';
import type { AnyEngine, InstantEngine, ScheduledEngine, ScheduledEvent } from '../games/engine.ts';
import { engineFor } from '../games/registry.ts';
import { createLogger } from '../logger.ts';

export const SECRET = DEV_PROVIDER_SECRET;
export const PUBLIC_URL = 'http://sim.test';

/** Platforms the tests use (see the catalog). */
export const PLATFORMS = {
  slotTransfer: 17,
  fishTransfer: 31,
  lotteryTransfer: 36,
  slotSeamless: 40,
  casinoSeamless: 41,
} as const;

export function firstGameCode(platformId: number): string {
  const game = catalogPlatform(platformId)?.games[0];
  if (!game) throw new Error(`platform ${platformId} has no games`);
  return game.code;
}

/**
 * A database with the simulator's migrations applied: in-memory PGlite, or with DATABASE_URL
 * (`node scripts/with-postgres.ts vitest run --project sim`) a fresh database on that server,
 * dropped on close, so test files running side by side never share tables.
 */
export async function openTestDatabase(): Promise<SimDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openSimDatabase({ kind: 'embedded', dataDir: null });
  const url = new URL(serverUrl);
  const name = `sim_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const database = await openSimDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Empties every table of the simulator but its migrations' (cheaper than a new database). */
export async function resetDatabase(database: SimDatabase): Promise<void> {
  const tables = await database.query<{ name: string }>(
    `select tablename as name from pg_tables
     where schemaname = 'game_sim' and 'game_sim.' || tablename <> $1`,
    [MIGRATIONS_TABLE],
  );
  await database.exec(
    `truncate ${tables.map((table) => `game_sim.${table.name}`).join(', ')} restart identity`,
  );
}

/** A clock the test moves by hand. */
export class TestClock {
  #time: number;

  constructor(start = Date.parse('2026-11-21T12:00:00.000Z')) {
    this.#time = start;
  }

  now = (): Date => new Date(this.#time);

  advance(ms: number): void {
    this.#time += ms;
  }
}

const coinParams = z.object({
  stakeMinor: z.string().regex(/^[1-9][0-9]{0,17}$/),
  pick: z.enum(['heads', 'tails']),
});
type CoinParams = z.infer<typeof coinParams>;

/** A coin toss paying 2x: int(2) decides, so tests can predict a round from its fairness. */
export function coinEngine(kind: GameKind): InstantEngine<CoinParams> {
  return {
    mode: 'instant',
    kind,
    params: coinParams,
    validate: (params) => (BigInt(params.stakeMinor) > 1_000_000n ? 'stake_too_large' : null),
    stakeOf: (params) => BigInt(params.stakeMinor),
    play(params, draw) {
      const side = draw.int(2) === 0 ? 'heads' : 'tails';
      const stake = BigInt(params.stakeMinor);
      const payout = side === params.pick ? stake * 2n : 0n;
      return { stakeMinor: stake, payoutMinor: payout, validBetMinor: stake, outcome: { side } };
    },
    describe: () => ({ game: 'coin', pays: 2 }),
  };
}

const drawParams = z.object({
  eventId: z.string(),
  pick: z.number().int().min(0).max(9),
  stakeMinor: z.string().regex(/^[1-9][0-9]{0,17}$/),
});
type DrawParams = z.infer<typeof drawParams>;

const PERIOD_MS = 60_000;

function drawEventAt(resultMs: number): ScheduledEvent {
  return {
    id: `D${resultMs}`,
    closesAt: new Date(resultMs - 10_000),
    resultAt: new Date(resultMs),
    details: { drawAt: new Date(resultMs).toISOString() },
  };
}

/** A draw of one digit every minute; a right pick pays 9x. */
export const digitDrawEngine: ScheduledEngine<DrawParams, { digit: number }> = {
  mode: 'scheduled',
  kind: 'lottery',
  params: drawParams,
  eventIdOf: (params) => params.eventId,
  validate: () => null,
  stakeOf: (params) => BigInt(params.stakeMinor),
  eventsAround(now) {
    const next = Math.ceil((now.getTime() + 1) / PERIOD_MS) * PERIOD_MS;
    return [next - PERIOD_MS, next, next + PERIOD_MS].map(drawEventAt);
  },
  eventById(id) {
    const match = /^D([0-9]{1,16})$/.exec(id);
    const time = match ? Number(match[1]) : NaN;
    return Number.isSafeInteger(time) && time % PERIOD_MS === 0 ? drawEventAt(time) : null;
  },
  resolve: (_event, draw) => ({ digit: draw.int(10) }),
  settle(params, result) {
    const stake = BigInt(params.stakeMinor);
    return { payoutMinor: params.pick === result.digit ? stake * 9n : 0n, validBetMinor: stake };
  },
  describe: () => ({ game: 'digit draw', pays: 9 }),
};

/** Test engines for slot, fish and lottery; the real registry for every other kind. */
export function testEngines(kind: GameKind): AnyEngine {
  if (kind === 'slot' || kind === 'fish' || kind === 'baccarat') return coinEngine(kind);
  if (kind === 'lottery') return digitDrawEngine;
  return engineFor(kind);
}

export type TestSim = SimApp & {
  database: SimDatabase;
  clock: TestClock;
  logText(): string;
  close(): Promise<void>;
};

export async function createTestSim(
  options: Partial<Omit<SimAppDependencies, 'database' | 'faults'>> & {
    database?: SimDatabase;
    faults?: Partial<FaultConfig>;
    clock?: TestClock;
    /** Leave the database open on close (a test file shares one). */
    keepDatabase?: boolean;
  } = {},
): Promise<TestSim> {
  const database = options.database ?? (await openTestDatabase());
  const clock = options.clock ?? new TestClock();
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const sim = await buildSimApp({
    secret: SECRET,
    publicUrl: PUBLIC_URL,
    lobbyUrl: 'http://127.0.0.1:9',
    logger: createLogger('info', stream),
    now: clock.now,
    engines: testEngines,
    ...options,
    database,
    faults: { ...NO_FAULTS, ...options.faults },
  });
  return {
    ...sim,
    database,
    clock,
    logText: () => chunks.join(''),
    async close() {
      await sim.app.close();
      if (!options.keepDatabase) await database.close();
    },
  };
}

/** A provider API call as Lobby makes it: JSON, signed with the platform's secret. */
export async function providerCall(
  sim: Pick<TestSim, 'app' | 'clock'>,
  input: {
    platformId: number;
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    /** Signing time; the sim's clock by default. */
    signedAt?: number;
    secret?: string;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const url = `/provider/v1/${input.platformId}${input.path}`;
  const body = input.body === undefined ? '' : JSON.stringify(input.body);
  const headers = signRequest({
    secret: platformSecret(input.secret ?? SECRET, input.platformId),
    platformId: input.platformId,
    method: input.method,
    pathAndQuery: url,
    body,
    now: input.signedAt ?? sim.clock.now().getTime(),
  });
  const request: InjectOptions = {
    method: input.method,
    url,
    headers: {
      ...headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...input.headers,
    },
    ...(body ? { payload: body } : {}),
  };
  return sim.app.inject(request);
}

/** Creates a player and transfers `amountMinor` in; answers the player name. */
export async function fundedPlayer(
  sim: TestSim,
  platformId: number,
  player: string,
  amountMinor: bigint,
): Promise<string> {
  const created = await providerCall(sim, {
    platformId,
    method: 'POST',
    path: '/players',
    body: { player, currency: 'CNY' },
  });
  if (created.statusCode !== 200) throw new Error(`create player: ${created.body}`);
  if (amountMinor > 0n) {
    const transfer = await providerCall(sim, {
      platformId,
      method: 'POST',
      path: '/transfers',
      body: {
        orderId: `fund-${player}-${platformId}`,
        player,
        direction: 'in',
        amountMinor: amountMinor.toString(),
      },
    });
    if (transfer.statusCode !== 200) throw new Error(`fund: ${transfer.body}`);
  }
  return player;
}

/** Launches a game and opens its page; answers the play session id. */
export async function openPlaySession(
  sim: TestSim,
  input: { platformId: number; player: string; gameCode?: string; lang?: string },
): Promise<string> {
  const launch = await providerCall(sim, {
    platformId: input.platformId,
    method: 'POST',
    path: '/launch',
    body: {
      player: input.player,
      gameCode: input.gameCode ?? firstGameCode(input.platformId),
      lang: input.lang ?? 'en',
    },
  });
  if (launch.statusCode !== 200) throw new Error(`launch: ${launch.body}`);
  const url = new URL(launch.json<{ url: string }>().url);
  const page = await sim.app.inject({ method: 'GET', url: url.pathname });
  if (page.statusCode !== 200) throw new Error(`play page: ${page.statusCode}`);
  return playConfigOf(page.body).sessionId as string;
}

export function playConfigOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="play-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no play-config in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

/** A play API call from the game page. */
export function playCall(
  sim: Pick<TestSim, 'app'>,
  sessionId: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return sim.app.inject({
    method,
    url: `/play/api${path}`,
    headers: { 'x-play-session': sessionId },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}
