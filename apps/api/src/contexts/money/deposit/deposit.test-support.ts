import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { depositChannels, depositOrders } from './deposit.schema.ts';
import type { SweepContext } from '../../../jobs/scheduler.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { silentLogger } from '../../../test/logger.ts';
import { get, post, uniqueUsername } from '../../../test/members.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { insertMember } from '../../identity/member/member.repository.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { SessionService } from '../../identity/member/session.service.ts';
import { seedDepositChannels } from './deposit.seed.ts';
import { DepositService } from './deposit.service.ts';
import { operatorLogin } from '../../../test/operators.ts';

/**
 * The deposit tests' app: the test app with the demo channels seeded, members made straight
 * in the database with a session (faster than registering each through the API), and an
 * operator logged in.
 */
export type DepositHarness = {
  harness: TestApp;
  deposits: DepositService;
  ledger: LedgerService;
  operators: OperatorService;
  newMember(brandCode?: string): Promise<{ id: bigint; token: string; username: string }>;
  /** A bearer token of a fresh admin operator, and its username. */
  newOperator(): Promise<{ token: string; username: string }>;
  orderCount(memberId: bigint): Promise<number>;
  close(): Promise<void>;
};

export async function createDepositHarness(
  options: { production?: boolean } = {},
): Promise<DepositHarness> {
  const harness = await createTestApp({ production: options.production ?? false });
  const db = harness.database.db;
  const ledger = new LedgerService(db);
  const operators = new OperatorService(db);
  const deposits = new DepositService({ db, ledger, orderGuards: [] });
  await seedDepositChannels(db);
  const sessions = new SessionService(db);

  return {
    harness,
    deposits,
    ledger,
    operators,
    async newMember(brandCode = 'jinsheng') {
      const username = uniqueUsername('dep');
      const member = await insertMember(db, {
        brandCode,
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: 'not-a-real-hash',
        inviteCode: randomUUID().replaceAll('-', '').slice(0, 12),
      });
      const { token } = await sessions.create({
        brandCode,
        memberId: member.id,
        ip: '127.0.0.1',
        deviceNo: null,
        userAgent: null,
      });
      return { id: member.id, token, username };
    },
    async newOperator() {
      const username = `dep${randomUUID().slice(0, 8)}`;
      const password = 'operator-pass-1';
      await operators.seedAdmin(username, password);
      const responseToken = await operatorLogin(harness.app, { username, password });
      return { token: responseToken, username };
    },
    async orderCount(memberId) {
      const rows = await db
        .select({ total: count() })
        .from(depositOrders)
        .where(eq(depositOrders.memberId, memberId));
      return Number(rows[0]?.total ?? 0);
    },
    close: () => harness.close(),
  };
}

/** The online channel's gateway secret and merchant id, as the sandbox gateway knows them. */
export async function gatewayCredentials(
  harness: TestApp,
  brandCode = 'jinsheng',
): Promise<{ merchantId: string; secret: string }> {
  const rows = await harness.database.db
    .select({ settings: depositChannels.settings })
    .from(depositChannels)
    .where(eq(depositChannels.brandCode, brandCode));
  const online = rows
    .map((row) => row.settings as { merchantId?: string; secret?: string })
    .find((settings) => settings.merchantId !== undefined);
  if (!online?.merchantId || !online.secret) throw new Error('no online channel');
  return { merchantId: online.merchantId, secret: online.secret };
}

/** A sweep context for driving a sweep directly. */
export function sweepContext(harness: TestApp, signal?: AbortSignal): SweepContext {
  return {
    db: harness.database.db,
    cursor: {},
    saveCursor: async () => undefined,
    resumed: false,
    signal: signal ?? new AbortController().signal,
    log: silentLogger,
  };
}

export type Answer = {
  statusCode: number;
  body: { status: boolean; data: unknown; message?: string; fields?: { path: string }[] };
};

/** A member's form post. */
export function memberPost(
  app: TestApp['app'],
  token: string,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return post(app, url, fields, { t: token, ...headers });
}

export function memberGet(
  app: TestApp['app'],
  token: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return get(app, url, { t: token, ...headers });
}

/** A fresh idempotency key. */
export const newKey = () => `k-${randomUUID()}`;
