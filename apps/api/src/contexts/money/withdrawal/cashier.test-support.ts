import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BrandScope, Permission } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorCall, operatorLogin, type OperatorAnswer } from '../../../test/operators.ts';
import { gameBetRecords } from '../../games/bet-records/bet-records.schema.ts';
import { members } from '../../identity/member/member.schema.ts';
import { memberSessions } from '../../identity/member/session.schema.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { insertBrandIfAbsent } from '../../platform/brand/brand.repository.ts';
import { DEMO_BRANDS } from '../../platform/brand/brand.seed.ts';
import { depositOrders } from '../deposit/deposit.schema.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { payoutAccounts } from '../payout/payout.schema.ts';
import { withdrawalOrders } from './withdrawal.schema.ts';

/**
 * Test support for the withdrawal cashier tests (not a test file): a brand of the file's own (so
 * linked accounts count only its members, also on a shared database), members, sessions, payout
 * accounts, deposits, bet records and withdrawal orders written straight into the tables with the
 * times a test needs, the money moved through the ledger as a real request would move it.
 */
export type CashierHarness = {
  harness: TestApp;
  brand: string;
  ledger: LedgerService;
  call(token: string, method: 'GET' | 'POST', url: string, body?: object): Promise<OperatorAnswer>;
  /** A logged-in operator of a built-in role (or custom permissions), every brand unless given. */
  operator(
    role: string,
    options?: { permissions?: readonly Permission[]; brands?: BrandScope },
  ): Promise<{ token: string; username: string }>;
  /** A logged-in super admin (every permission, `cashier.takeover` among them). */
  superAdmin(): Promise<{ token: string; username: string }>;
  member(fields?: {
    registerIp?: string;
    registerDeviceNo?: string;
  }): Promise<{ id: bigint; username: string }>;
  session(
    memberId: bigint,
    fields: { ip: string | null; deviceNo: string | null; at: Date },
  ): Promise<void>;
  payoutAccount(memberId: bigint, fields?: { accountNumber?: string; at?: Date }): Promise<bigint>;
  confirmedDeposit(memberId: bigint, amountMinor: bigint, at: Date): Promise<void>;
  bet(
    memberId: bigint,
    fields: { betMinor: bigint; validBetMinor?: bigint; payoutMinor: bigint; at: Date },
  ): Promise<void>;
  /** A pending withdrawal as a member's request makes it (money moved to locked). */
  withdrawal(memberId: bigint, accountId: bigint, amountMinor: bigint, at?: Date): Promise<string>;
  /** Marks an order decided without moving money (an earlier order of a risk test). */
  setStatus(orderNo: string, status: 'approved' | 'rejected'): Promise<void>;
  /** Makes the order's claim idle since `ago` ms. */
  idle(orderNo: string, agoMs: number): Promise<void>;
  actions(orderNo: string): Promise<(typeof operatorActions.$inferSelect)[]>;
  close(): Promise<void>;
};

export async function createCashierHarness(): Promise<CashierHarness> {
  const harness = await createTestApp();
  const db = harness.database.db;
  const ledger = new LedgerService(db);
  const brand = `c${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const template = DEMO_BRANDS[0];
  if (!template) throw new Error('no demo brand');
  await insertBrandIfAbsent(db, { ...template.row, code: brand, isDefault: false }, [
    `${brand}.lobby.test`,
  ]);
  await harness.app.brands.load();
  const currency = 'CNY' as const;
  let round = 0;

  return {
    harness,
    brand,
    ledger,
    call: (token, method, url, body) => operatorCall(harness.app, method, url, token, body),
    async operator(role, options = {}) {
      const created = await createOperator(harness, { role, ...options });
      return { token: created.token, username: created.username };
    },
    async superAdmin() {
      const username = `sa${randomUUID().slice(0, 8)}`;
      await new OperatorService(db).seedAdmin(username, 'operator-pass-1');
      const token = await operatorLogin(harness.app, { username, password: 'operator-pass-1' });
      return { token, username };
    },
    async member(fields = {}) {
      const username = `cm${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const [row] = await db
        .insert(members)
        .values({
          brandCode: brand,
          username,
          usernameKey: username,
          passwordHash: 'x',
          inviteCode: randomUUID().slice(0, 8),
          registerIp: fields.registerIp ?? null,
          registerDeviceNo: fields.registerDeviceNo ?? null,
        })
        .returning({ id: members.id });
      if (!row) throw new Error('no member');
      return { id: row.id, username };
    },
    async session(memberId, fields) {
      await db.insert(memberSessions).values({
        brandCode: brand,
        memberId,
        tokenHash: randomUUID(),
        ip: fields.ip,
        deviceNo: fields.deviceNo,
        createdAt: fields.at,
        rotatedAt: fields.at,
        lastSeenAt: fields.at,
      });
    },
    async payoutAccount(memberId, fields = {}) {
      const [row] = await db
        .insert(payoutAccounts)
        .values({
          brandCode: brand,
          memberId,
          type: 'bank',
          institution: 'icbc',
          holderName: '张三',
          accountNumber: fields.accountNumber ?? `6222${String(Date.now()).slice(-8)}${++round}`,
          ...(fields.at ? { createdAt: fields.at } : {}),
        })
        .returning({ id: payoutAccounts.id });
      if (!row) throw new Error('no payout account');
      return row.id;
    },
    async confirmedDeposit(memberId, amountMinor, at) {
      const orderNo = `D${Date.now()}${String(++round).padStart(6, '0')}`;
      await db.insert(depositOrders).values({
        orderNo,
        brandCode: brand,
        memberId,
        channelCode: 'bank',
        channelType: 'bank',
        currency,
        amountMinor,
        status: 'confirmed',
        idempotencyKey: randomUUID(),
        requestHash: 'x',
        decidedAt: at,
        createdAt: at,
      });
    },
    async bet(memberId, fields) {
      await db.insert(gameBetRecords).values({
        platformId: 1,
        roundId: `cashier-${randomUUID()}`,
        brandCode: brand,
        memberId,
        gameCode: 'test',
        category: 1,
        currency,
        betMinor: fields.betMinor,
        validBetMinor: fields.validBetMinor ?? fields.betMinor,
        payoutMinor: fields.payoutMinor,
        placedAt: fields.at,
        settledAt: fields.at,
      });
    },
    async withdrawal(memberId, accountId, amountMinor, at) {
      const orderNo = `W${Date.now()}${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;
      const wallet = { kind: 'member_wallet' as const, memberId, currency };
      await ledger.post({
        brandCode: brand,
        reason: 'deposit',
        idempotencyKey: `cashier-fund:${orderNo}`,
        actor: { type: 'system', id: 'test' },
        lines: [
          {
            account: { kind: 'house_deposit_clearing', ref: 'bank', currency },
            amountMinor: -amountMinor,
          },
          { account: wallet, amountMinor },
        ],
      });
      await ledger.post(
        {
          brandCode: brand,
          reason: 'withdrawal_request',
          idempotencyKey: `withdrawal:request:${memberId}:${orderNo}`,
          actor: { type: 'member', id: String(memberId) },
          lines: [
            { account: wallet, amountMinor: -amountMinor },
            { account: { kind: 'member_locked', memberId, currency }, amountMinor },
          ],
        },
        async (transaction, entryId) => {
          await transaction.insert(withdrawalOrders).values({
            orderNo,
            brandCode: brand,
            memberId,
            payoutAccountId: accountId,
            currency,
            amountMinor,
            status: 'pending',
            idempotencyKey: orderNo,
            requestHash: orderNo,
            requestEntryId: entryId,
            ...(at ? { createdAt: at } : {}),
          });
        },
      );
      return orderNo;
    },
    async setStatus(orderNo, status) {
      await db
        .update(withdrawalOrders)
        .set({ status, decidedAt: new Date() })
        .where(eq(withdrawalOrders.orderNo, orderNo));
    },
    async idle(orderNo, agoMs) {
      await db
        .update(withdrawalOrders)
        .set({ claimActiveAt: new Date(Date.now() - agoMs) })
        .where(eq(withdrawalOrders.orderNo, orderNo));
    },
    actions: (orderNo) =>
      db
        .select()
        .from(operatorActions)
        .where(
          and(eq(operatorActions.targetType, 'withdrawal'), eq(operatorActions.targetId, orderNo)),
        )
        .orderBy(operatorActions.id),
    close: () => harness.close(),
  };
}
