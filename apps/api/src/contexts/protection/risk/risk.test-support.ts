import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BrandCompliance, BrandScope, DepositOrder, Permission } from '@lobby/contracts';
import { post } from '../../../test/members.ts';
import { operatorCall, type OperatorAnswer } from '../../../test/operators.ts';
import { memberRestrictions } from '../../identity/member/restriction.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { brands } from '../../platform/brand/brand.schema.ts';
import { gatewayCredentials } from '../../money/deposit/deposit.test-support.ts';
import { seedDepositChannels } from '../../money/deposit/deposit.seed.ts';
import { signGatewayFields } from '../../money/deposit/gateway.ts';
import { turnoverRequirements } from '../../money/turnover/turnover.schema.ts';
import {
  createWalletTestApp,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';
import { riskAlerts } from './risk.schema.ts';

/**
 * Test support of the risk rules (not a test file): the wallet test app with brands of the
 * test's own (compliance numbers set per brand), deposits opened and paid or failed through the
 * sandbox gateway's signed callback, and operators of given roles and brands.
 */
export type RiskHarness = WalletTestApp & {
  /** A brand of its own (no turnover on deposits) with these compliance settings. */
  brandWith(compliance: BrandCompliance): Promise<string>;
  openDeposit(member: Member, amount: string): Promise<DepositOrder & { answer: unknown }>;
  /** Opens an online order and answers its gateway callback with `status`. */
  gatewayDeposit(member: Member, amount: string, status: 'paid' | 'failed'): Promise<string>;
  alertsOf(memberId: bigint): Promise<(typeof riskAlerts.$inferSelect)[]>;
  expireRestrictions(memberId: bigint): Promise<void>;
  restrictionsOf(memberId: bigint): Promise<string[]>;
  operator(
    role: string,
    options?: { permissions?: readonly Permission[]; brands?: BrandScope },
  ): Promise<string>;
  call(token: string, method: 'GET' | 'POST', url: string, body?: object): Promise<OperatorAnswer>;
};

export async function createRiskHarness(): Promise<RiskHarness> {
  const harness = await createWalletTestApp();
  const db = harness.database.db;

  async function openDeposit(member: Member, amount: string) {
    const answer = await post(
      harness.app,
      '/api/f/v1/deposit',
      { channel: 'online', amount, idempotencyKey: randomUUID() },
      member.headers,
    );
    return { ...(answer.body.data as DepositOrder), answer: answer.body };
  }

  return {
    ...harness,
    async brandWith(compliance) {
      const code = await harness.createBrand({ turnoverMultiplierPercent: 0 });
      await db.update(brands).set({ compliance }).where(eq(brands.code, code));
      await harness.app.brands.load();
      await seedDepositChannels(db);
      return code;
    },
    openDeposit,
    async gatewayDeposit(member, amount, status) {
      const order = await openDeposit(member, amount);
      if (!order.orderNo) throw new Error(`deposit refused: ${JSON.stringify(order.answer)}`);
      const { merchantId, secret } = await gatewayCredentials(harness, member.brand);
      const fields: Record<string, string> = {
        merchantId,
        orderNo: order.orderNo,
        amount: order.amount,
        tradeNo: `T${randomUUID().slice(0, 12)}`,
        status,
        paidAt: new Date().toISOString(),
      };
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/payment/callback/sandbox',
        payload: { ...fields, sign: signGatewayFields(fields, secret) },
      });
      if (response.statusCode !== 200) throw new Error(`callback: ${response.body}`);
      // Deposits owe no turnover in these brands; the row may not exist at all.
      await db
        .update(turnoverRequirements)
        .set({ outstandingMinor: 0n })
        .where(eq(turnoverRequirements.memberId, member.memberId));
      return order.orderNo;
    },
    alertsOf: (memberId) => db.select().from(riskAlerts).where(eq(riskAlerts.memberId, memberId)),
    async expireRestrictions(memberId) {
      await db
        .update(memberRestrictions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(memberRestrictions.memberId, memberId),
            eq(memberRestrictions.kind, 'deposits_blocked'),
          ),
        );
    },
    async restrictionsOf(memberId) {
      const rows = await db
        .select({ kind: memberRestrictions.kind })
        .from(memberRestrictions)
        .where(eq(memberRestrictions.memberId, memberId));
      return rows.map((row) => row.kind);
    },
    async operator(role, options = {}) {
      return (await createOperator(harness, { role, ...options })).token;
    },
    call: (token, method, url, body) => operatorCall(harness.app, method, url, token, body),
  };
}
