import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../test/members.ts';
import { depositOrders } from '../../money/deposit/deposit.schema.ts';
import { seedDepositChannels } from '../../money/deposit/deposit.seed.ts';
import { withdrawalOrders } from '../../money/withdrawal/withdrawal.schema.ts';
import { addCard, WITHDRAW_PASSWORD, type Member } from '../../money/withdrawal/wallet-test-app.ts';
import { createKycHarness, type KycHarness } from './kyc.test-support.ts';

/**
 * The server's KYC thresholds on the money paths: the deposit order and the withdrawal request
 * refuse a member below level 2 with `kyc_required` where the brand's profile asks it, and move
 * nothing; level 2 lets them through.
 */
let harness: KycHarness;
let reviewer: string;

beforeAll(async () => {
  harness = await createKycHarness();
  reviewer = await harness.operator('risk');
});
afterAll(async () => {
  await harness.close();
});

function deposit(member: Member) {
  return post(
    harness.app,
    '/api/f/v1/deposit',
    { channel: 'bank', amount: '100', payerName: '张三', idempotencyKey: randomUUID() },
    member.headers,
  );
}

function withdraw(member: Member, accountId: string, amount: string) {
  return post(
    harness.app,
    '/api/f/v1/withdraw',
    {
      amount,
      accountId,
      withdrawPassword: harness.enc(WITHDRAW_PASSWORD),
      idempotencyKey: randomUUID(),
    },
    member.headers,
  );
}

async function fundedMember(brand: string, amountMinor = 5_000_000n) {
  const member = await harness.register({ brand });
  await harness.deposit(member, amountMinor);
  return { member, accountId: await addCard(harness.app, member) };
}

async function orders(member: Member) {
  const db = harness.database.db;
  const deposits = await db
    .select()
    .from(depositOrders)
    .where(eq(depositOrders.memberId, member.memberId));
  const withdrawals = await db
    .select()
    .from(withdrawalOrders)
    .where(eq(withdrawalOrders.memberId, member.memberId));
  return { deposits: deposits.length, withdrawals: withdrawals.length };
}

async function approve(member: Member) {
  const sent = await harness.submitDocuments(member);
  expect(sent.body.status, JSON.stringify(sent.body)).toBe(true);
  const id = (await harness.kycOf(member)).submission!.id;
  const approved = await harness.call(
    reviewer,
    'POST',
    `/admin/api/kyc/submissions/${id}/approve`,
    {},
  );
  expect(approved.body.status).toBe(true);
}

function expectKycRequired(answer: {
  statusCode: number;
  body: { data: unknown; message?: string };
}) {
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(403);
  expect(answer.body.data).toBe('kyc_required');
  expect(answer.body.message).toContain('2');
}

describe('KYC before money (UKGC: before the first deposit, every withdrawal)', () => {
  it('refuses deposits and withdrawals below level 2 and allows them after approval', async () => {
    const brand = await harness.complianceBrand('ukgc');
    await seedDepositChannels(harness.database.db);
    const { member, accountId } = await fundedMember(brand);

    expectKycRequired(await deposit(member));
    expectKycRequired(await withdraw(member, accountId, '100.00'));
    expect(await orders(member)).toEqual({ deposits: 0, withdrawals: 0 });
    expect(await harness.balances(member)).toEqual({ walletMinor: 5_000_000n, lockedMinor: 0n });
    expect((await harness.kycOf(member)).requiredFor).toEqual(['before_deposit']);

    await approve(member);
    const deposited = await deposit(member);
    expect(deposited.body.status, JSON.stringify(deposited.body)).toBe(true);
    const withdrawn = await withdraw(member, accountId, '100.00');
    expect(withdrawn.body.status, JSON.stringify(withdrawn.body)).toBe(true);
    expect(await orders(member)).toEqual({ deposits: 1, withdrawals: 1 });
  });
});

describe('KYC thresholds in the brand currency (MGA: EUR 2,000 at the recorded 7.8 CNY)', () => {
  it('refuses a withdrawal above 15,600.00 CNY below level 2, not one at it', async () => {
    const brand = await harness.complianceBrand('mga');
    const { member, accountId } = await fundedMember(brand);
    expectKycRequired(await withdraw(member, accountId, '15600.01'));
    expect(await orders(member)).toEqual({ deposits: 0, withdrawals: 0 });
    const allowed = await withdraw(member, accountId, '15600.00');
    expect(allowed.body.status, JSON.stringify(allowed.body)).toBe(true);
  });

  it('requires level 2 for any deposit or withdrawal once confirmed deposits reach the threshold', async () => {
    const brand = await harness.complianceBrand('mga');
    await seedDepositChannels(harness.database.db);
    const { member, accountId } = await fundedMember(brand);
    await harness.confirmedDeposit(member, 1_559_999n);
    expect((await withdraw(member, accountId, '100.00')).body.status).toBe(true);
    await harness.confirmedDeposit(member, 1n);
    expectKycRequired(await withdraw(member, accountId, '100.00'));
    expectKycRequired(await deposit(member));
    expect((await harness.kycOf(member)).requiredFor).toEqual(['cumulative_deposits']);

    await approve(member);
    expect((await withdraw(member, accountId, '100.00')).body.status).toBe(true);
    expect((await deposit(member)).body.status).toBe(true);
  });

  it("uses the brand's own recorded rate (1 CNY per euro: the threshold is 2,000.00)", async () => {
    const brand = await harness.complianceBrand('mga', { eurRate: '1.000000' });
    const { member, accountId } = await fundedMember(brand);
    expectKycRequired(await withdraw(member, accountId, '2000.01'));
    expect((await withdraw(member, accountId, '2000.00')).body.status).toBe(true);
    const thresholds = (await harness.kycOf(member)) as unknown as { thresholds: object };
    expect(thresholds.thresholds).toMatchObject({
      withdrawalAbove: '2000.00',
      cumulativeDeposits: '2000.00',
      eurRate: '1.000000',
    });
  });
});

describe('the standard profile', () => {
  it('asks nothing below the cumulative threshold', async () => {
    const brand = await harness.complianceBrand('standard');
    await seedDepositChannels(harness.database.db);
    const { member, accountId } = await fundedMember(brand);
    expect((await deposit(member)).body.status).toBe(true);
    expect((await withdraw(member, accountId, '40000.00')).body.status).toBe(true);
  });
});
