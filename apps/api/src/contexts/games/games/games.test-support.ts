import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDependencies } from '../../../app.ts';
import type { SweepContext } from '../../../jobs/scheduler.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { silentLogger } from '../../../test/logger.ts';
import { get, post, uniqueUsername } from '../../../test/members.ts';
import { LedgerService } from '../../money/ledger/ledger.service.ts';
import { insertMember } from '../../identity/member/member.repository.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { SessionService } from '../../identity/member/session.service.ts';
import { operatorLogin } from '../../../test/operators.ts';

/**
 * Test support of the games, presence and bet-record tests (not a test file): the test app,
 * members made straight in the database with a session, money in their centre wallet, and an
 * operator's bearer token.
 */
export type GameMember = {
  id: bigint;
  username: string;
  brand: string;
  token: string;
  /** The member's headers: the session token, and the brand's host unless it is the default. */
  headers: Record<string, string>;
};

export type GamesHarness = {
  harness: TestApp;
  ledger: LedgerService;
  newMember(brand?: string): Promise<GameMember>;
  /** Money into the member's centre wallet, as a confirmed deposit brings it. */
  credit(member: GameMember, amountMinor: bigint): Promise<void>;
  /** A bearer token of a fresh admin operator (one per harness). */
  operatorToken(): Promise<string>;
  close(): Promise<void>;
};

export const DEFAULT_BRAND = 'jinsheng';

export function hostOf(brand: string): Record<string, string> {
  return brand === DEFAULT_BRAND ? {} : { host: `${brand}.lobby.test` };
}

export async function createGamesHarness(
  options: { gameProvider?: AppDependencies['gameProvider'] } = {},
): Promise<GamesHarness> {
  const harness = await createTestApp(
    options.gameProvider ? { gameProvider: options.gameProvider } : {},
  );
  const db = harness.database.db;
  const ledger = new LedgerService(db);
  const sessions = new SessionService(db);
  let operatorToken: string | undefined;
  return {
    harness,
    ledger,
    async newMember(brand = DEFAULT_BRAND) {
      const username = uniqueUsername('g');
      const member = await insertMember(db, {
        brandCode: brand,
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: 'not-a-real-hash',
        inviteCode: randomUUID().replaceAll('-', '').slice(0, 12),
      });
      const { token } = await sessions.create({
        brandCode: brand,
        memberId: member.id,
        ip: '127.0.0.1',
        deviceNo: null,
        userAgent: null,
      });
      return {
        id: member.id,
        username,
        brand,
        token,
        headers: { t: token, ...hostOf(brand) },
      };
    },
    async credit(member, amountMinor) {
      await ledger.post({
        brandCode: member.brand,
        reason: 'deposit',
        idempotencyKey: `test-deposit:${randomUUID()}`,
        actor: { type: 'system', id: 'test' },
        lines: [
          {
            account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
            amountMinor: -amountMinor,
          },
          {
            account: { kind: 'member_wallet', memberId: member.id, currency: 'CNY' },
            amountMinor,
          },
        ],
      });
    },
    async operatorToken() {
      if (operatorToken) return operatorToken;
      const username = `games${randomUUID().slice(0, 8)}`;
      await new OperatorService(db).seedAdmin(username, 'operator-pass-1');
      const loginToken = await operatorLogin(harness.app, {
        username,
        password: 'operator-pass-1',
      });
      operatorToken = loginToken;
      return operatorToken;
    },
    close: () => harness.close(),
  };
}

export type Answer<T = unknown> = {
  statusCode: number;
  body: { status: boolean; data: T; message?: string; fields?: { path: string }[] };
  headers: Record<string, unknown>;
};

export async function memberGet<T = unknown>(
  app: TestApp['app'],
  member: GameMember | null,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return (await get(app, url, { ...(member?.headers ?? {}), ...headers })) as Answer<T>;
}

export async function memberPost<T = unknown>(
  app: TestApp['app'],
  member: GameMember,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return (await post(app, url, fields, { ...member.headers, ...headers })) as Answer<T>;
}

/** An operator's JSON call. */
export async function operatorCall<T = unknown>(
  app: TestApp['app'],
  token: string | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    statusCode: response.statusCode,
    body: response.json<Answer<T>['body']>(),
    headers: response.headers,
  };
}

/** A sweep context whose saved cursor lives in memory, so a test can run a sweep repeatedly. */
export function memorySweepContext(
  harness: TestApp,
  options: { signal?: AbortSignal; cursor?: Record<string, unknown> } = {},
): SweepContext & { saved: Record<string, unknown>; saves: number } {
  const context = {
    db: harness.database.db,
    saved: options.cursor ?? {},
    saves: 0,
    get cursor() {
      return context.saved;
    },
    async saveCursor(cursor: Record<string, unknown>) {
      context.saved = structuredClone(cursor);
      context.saves += 1;
    },
    resumed: false,
    signal: options.signal ?? new AbortController().signal,
    log: silentLogger as unknown as FastifyBaseLogger,
  };
  return context;
}

/** A port nothing listens on: a platform that never answers. */
export const DEAD_PROVIDER = {
  baseUrl: 'http://127.0.0.1:9',
  masterSecret: 'dead-provider-secret-0123456789',
  timeoutMs: 500,
};
