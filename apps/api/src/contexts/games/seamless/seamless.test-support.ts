import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  platformSecret,
  SEAMLESS_PATH_PREFIX,
  signRequest,
  type FaultConfig,
} from '@lobby/game-protocol';
import { startTestSim, type TestSim, type TestSimOptions } from '@lobby/game-sim/testing';
import { formatPlatformIdList } from '@lobby/contracts';
import { seamlessTransactions } from './seamless.schema.ts';
import { members } from '../../identity/member/member.schema.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { brands } from '../../platform/brand/brand.schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { silentLogger } from '../../../test/logger.ts';
import { uniqueUsername } from '../../../test/members.ts';
import { insertBrandIfAbsent } from '../../platform/brand/brand.repository.ts';
import { DEMO_BRANDS } from '../../platform/brand/brand.seed.ts';
import { playerNameOf } from '../games/catalog.ts';
import { LedgerService } from '../../money/ledger/ledger.service.ts';
import { insertMember } from '../../identity/member/member.repository.ts';
import type { SeamlessTransactionRow } from './seamless.repository.ts';
import type { QueryObserver } from '../../../db/client.ts';

/**
 * Test support for the seamless callbacks (not a test file): the app on a real database with its
 * own provider secret, members made straight in the database and funded through the ledger, and
 * callbacks signed as a platform signs them.
 */

export const TEST_MASTER_SECRET = 'seamless-test-master-secret-0123456789';
export const SEAMLESS_PLATFORM = 40;

export type TestMember = { brandCode: string; memberId: bigint; player: string };

/** The body of a debit or a credit of `amount` in a round of the test game. */
export function moneyBody(
  member: TestMember,
  transactionId: string,
  roundId: string,
  amount: bigint,
) {
  return {
    transactionId,
    player: member.player,
    roundId,
    gameCode: 'fortune-dragon',
    amountMinor: amount.toString(),
  };
}

export type CallOptions = {
  /** Sign with this master secret instead of the app's. */
  masterSecret?: string;
  /** The platform id in the signature headers (the path's by default). */
  signingPlatformId?: number;
  /** The signature's clock. */
  now?: number;
  /** Send this text instead of the one signed (a body changed on the way). */
  sentBody?: string;
  contentType?: string;
  /** Headers to drop after signing. */
  dropHeaders?: string[];
};

export type CallAnswer = {
  statusCode: number;
  body: { status: string; balanceMinor?: string; error?: string };
};

export type SeamlessHarness = TestApp & {
  ledger: LedgerService;
  newMember(options?: {
    brandCode?: string;
    status?: 'active' | 'disabled';
    fundMinor?: bigint;
  }): Promise<TestMember>;
  fund(member: TestMember, amountMinor: bigint): Promise<void>;
  wallet(member: TestMember): Promise<bigint>;
  /** A brand of its own offering exactly these platforms. */
  newBrand(platformIds: number[]): Promise<string>;
  /** What an operator does meanwhile: disables a member, changes a brand's platforms. */
  disable(member: TestMember): Promise<void>;
  setBrandPlatforms(brandCode: string, platformIds: number[]): Promise<void>;
  call(
    platformId: number,
    /** An operation the API knows, or any other path segment (to test refusal). */
    operation: string,
    body: unknown,
    options?: CallOptions,
  ): Promise<CallAnswer>;
  /** The recorded row of a transaction id, if any. */
  transaction(platformId: number, transactionId: string): Promise<SeamlessTransactionRow | null>;
  /** How many ledger entries the member's brand holds under the seamless key of the id. */
  entriesOf(member: TestMember, platformId: number, transactionId: string): Promise<number>;
};

export async function createSeamlessHarness(
  options: { observeQuery?: QueryObserver } = {},
): Promise<SeamlessHarness> {
  const base = await createTestApp({
    // The base URL is never called: the platforms call us in these tests.
    gameProvider: { baseUrl: 'http://127.0.0.1:9', masterSecret: TEST_MASTER_SECRET },
    observeQuery: options.observeQuery,
  });
  const db = base.database.db;
  const ledger = new LedgerService(db);

  const fund = async (member: TestMember, amountMinor: bigint) => {
    await ledger.post({
      brandCode: member.brandCode,
      reason: 'deposit',
      idempotencyKey: `test-deposit:${randomUUID()}`,
      actor: { type: 'system', id: 'test' },
      lines: [
        {
          account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
          amountMinor: -amountMinor,
        },
        {
          account: { kind: 'member_wallet', memberId: member.memberId, currency: 'CNY' },
          amountMinor,
        },
      ],
    });
  };

  return {
    ...base,
    get logs() {
      return base.logs;
    },
    ledger,
    fund,
    async newMember(options = {}) {
      const brandCode = options.brandCode ?? 'jinsheng';
      const username = uniqueUsername('sw');
      const row = await insertMember(db, {
        brandCode,
        username,
        usernameKey: username.toLowerCase(),
        passwordHash: 'not-a-real-hash',
        inviteCode: randomUUID().replaceAll('-', '').slice(0, 12),
        status: options.status ?? 'active',
      });
      const member = { brandCode, memberId: row.id, player: playerNameOf(brandCode, row.id) };
      if (options.fundMinor !== undefined && options.fundMinor > 0n) {
        await fund(member, options.fundMinor);
      }
      return member;
    },
    async wallet(member) {
      return (await ledger.balances(member.brandCode, member.memberId, 'CNY')).walletMinor;
    },
    async newBrand(platformIds) {
      const code = `sw${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      const template = DEMO_BRANDS[0];
      if (!template) throw new Error('no demo brand');
      await insertBrandIfAbsent(
        db,
        {
          ...template.row,
          code,
          isDefault: false,
          platformIds: formatPlatformIdList(platformIds),
        },
        [`${code}.lobby.test`],
      );
      await base.app.brands.load();
      return code;
    },
    async disable(member) {
      await db.update(members).set({ status: 'disabled' }).where(eq(members.id, member.memberId));
    },
    async setBrandPlatforms(brandCode, platformIds) {
      await db
        .update(brands)
        .set({ platformIds: formatPlatformIdList(platformIds) })
        .where(eq(brands.code, brandCode));
      await base.app.brands.load();
    },
    async call(platformId, operation, body, options = {}) {
      const path = `${SEAMLESS_PATH_PREFIX}/${platformId}/${operation}`;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const signingPlatformId = options.signingPlatformId ?? platformId;
      const headers: Record<string, string> = {
        ...signRequest({
          secret: platformSecret(options.masterSecret ?? TEST_MASTER_SECRET, signingPlatformId),
          platformId: signingPlatformId,
          method: 'POST',
          pathAndQuery: path,
          body: text,
          ...(options.now === undefined ? {} : { now: options.now }),
        }),
        'content-type': options.contentType ?? 'application/json',
      };
      for (const name of options.dropHeaders ?? []) delete headers[name];
      const response = await base.app.inject({
        method: 'POST',
        url: path,
        headers,
        payload: options.sentBody ?? text,
      });
      return { statusCode: response.statusCode, body: response.json<CallAnswer['body']>() };
    },
    async transaction(platformId, transactionId) {
      const rows = await db
        .select()
        .from(seamlessTransactions)
        .where(
          and(
            eq(seamlessTransactions.platformId, platformId),
            eq(seamlessTransactions.transactionId, transactionId),
          ),
        );
      return rows[0] ?? null;
    },
    async entriesOf(member, platformId, transactionId) {
      const rows = await db
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.brandCode, member.brandCode),
            eq(journalEntries.idempotencyKey, `seamless:${platformId}:${transactionId}`),
          ),
        );
      return rows.length;
    },
  };
}

/** Transaction and round ids no other test uses. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

export type SeamlessSim = TestSim & {
  /** Callbacks still waiting for Lobby's final answer (held back, or to be retried). */
  pendingCallbacks(): Promise<number>;
};

/**
 * The provider simulator on a real port, calling back the Lobby app listening at `lobbyUrl`,
 * signing with the harness's secret, with the given faults.
 */
export async function startSeamlessSim(
  lobbyUrl: string,
  faults: Partial<FaultConfig>,
  callbackPolicy: TestSimOptions['callbackPolicy'] = {},
): Promise<SeamlessSim> {
  const sim = await startTestSim({
    secret: TEST_MASTER_SECRET,
    lobbyUrl,
    faults,
    callbackPolicy,
    logger: silentLogger,
  });
  const { database } = sim;
  return {
    ...sim,
    async pendingCallbacks() {
      const rows = await database.query<{ pending: number }>(
        "select count(*)::int as pending from game_sim.callback_outbox where state = 'pending'",
      );
      return rows[0]?.pending ?? 0;
    },
  };
}
