import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { post } from '../../../test/members.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { members } from '../../identity/member/member.schema.ts';
import { memberSessions } from '../../identity/member/session.schema.ts';
import {
  addCard,
  validCardNumber,
  WITHDRAW_PASSWORD,
} from '../../money/withdrawal/wallet-test-app.ts';
import { riskAlerts } from './risk.schema.ts';
import { createRiskHarness, type RiskHarness } from './risk.test-support.ts';

/**
 * The risk rules through real calls on a real database (issue 15, point 8): each rule's hit and
 * non-hit from the member's own requests, the withdrawal hold, and the alert queue's actions
 * with their permission and brand-scope refusals.
 */
let h: RiskHarness;

beforeAll(async () => {
  h = await createRiskHarness();
});
afterAll(async () => {
  await h.close();
});

const rulesOf = async (memberId: bigint) =>
  (await h.alertsOf(memberId)).map((alert) => alert.rule).sort();

describe('failed deposits', () => {
  it('5 failed within 10 minutes block deposits (deposits_blocked) until the block expires', async () => {
    const brand = await h.brandWith({ profile: 'standard', overrides: {} });
    const member = await h.register({ brand });
    for (let index = 0; index < 4; index++) await h.gatewayDeposit(member, '100.00', 'failed');
    // Four: no block, no alert.
    expect(await rulesOf(member.memberId)).not.toContain('failed_deposits');
    await h.gatewayDeposit(member, '100.00', 'failed');
    const refused = await h.openDeposit(member, '100.00');
    expect(refused.answer).toMatchObject({ status: false, data: 'deposits_blocked' });
    expect(await h.restrictionsOf(member.memberId)).toContain('deposits_blocked');
    const [alert] = (await h.alertsOf(member.memberId)).filter(
      (row) => row.rule === 'failed_deposits',
    );
    expect(alert).toMatchObject({ status: 'open', hits: 1, details: { failures: 5 } });

    await h.expireRestrictions(member.memberId);
    const again = await h.openDeposit(member, '100.00');
    expect(again.answer).toMatchObject({ status: true });
  });

  it('a rejected order counts; other members and a brand with a higher count are not blocked', async () => {
    const brand = await h.brandWith({
      profile: 'standard',
      overrides: { risk: { failedDeposits: { count: 6, windowMinutes: 10, blockMinutes: 30 } } },
    });
    const member = await h.register({ brand });
    for (let index = 0; index < 5; index++) await h.gatewayDeposit(member, '50.00', 'failed');
    expect((await h.openDeposit(member, '50.00')).answer).toMatchObject({ status: true });
    const other = await h.register({ brand });
    expect((await h.openDeposit(other, '50.00')).answer).toMatchObject({ status: true });
  });
});

describe('cumulative deposits', () => {
  it('alerts once the confirmed deposits pass the euro threshold at the brand rate', async () => {
    // €10.00 at 7.8 = 78.00 CNY.
    const brand = await h.brandWith({
      profile: 'standard',
      overrides: { risk: { cumulativeDepositsEurCents: 1_000 } },
    });
    const member = await h.register({ brand });
    await h.gatewayDeposit(member, '50.00', 'paid');
    expect(await rulesOf(member.memberId)).not.toContain('cumulative_deposits');
    await h.gatewayDeposit(member, '50.00', 'paid');
    const [alert] = (await h.alertsOf(member.memberId)).filter(
      (row) => row.rule === 'cumulative_deposits',
    );
    expect(alert?.details).toMatchObject({ deposits: '100.00', threshold: '78.00' });
    // Another deposit counts on the same open alert.
    await h.gatewayDeposit(member, '50.00', 'paid');
    const open = (await h.alertsOf(member.memberId)).filter(
      (row) => row.rule === 'cumulative_deposits',
    );
    expect(open).toHaveLength(1);
    expect(open[0]?.hits).toBe(2);
  });
});

function withdraw(member: { headers: Record<string, string> }, accountId: string, amount: string) {
  return post(
    h.app,
    '/api/f/v1/withdraw',
    {
      amount,
      accountId,
      withdrawPassword: h.enc(WITHDRAW_PASSWORD),
      idempotencyKey: crypto.randomUUID(),
    },
    member.headers,
  );
}

describe('low wager withdrawal and the hold', () => {
  it('a withdrawal with no bets after a deposit opens an alert and is held for review', async () => {
    const brand = await h.brandWith({
      profile: 'standard',
      overrides: { risk: { holdWithdrawals: true } },
    });
    const member = await h.register({ brand });
    await h.gatewayDeposit(member, '1000.00', 'paid');
    const accountId = await addCard(h.app, member);
    const answer = await withdraw(member, accountId, '500.00');
    expect(answer.body).toMatchObject({ status: true });
    const orderNo = (answer.body.data as { orderNo: string }).orderNo;
    const [alert] = (await h.alertsOf(member.memberId)).filter(
      (row) => row.rule === 'low_wager_withdrawal',
    );
    expect(alert).toMatchObject({
      withdrawalOrderNo: orderNo,
      withdrawalHeld: true,
      details: { deposits: '1000.00', validBets: '0.00', requiredPercent: 30 },
    });
    const detail = await h.call(
      await h.operatorToken(),
      'GET',
      `/admin/api/withdrawals/${orderNo}`,
    );
    expect(detail.body.data.order).toMatchObject({ onHold: true, claimedBy: null });
    expect(detail.body.data.order.holdReason).toContain('low_wager_withdrawal');
  });

  it('without deposits since the last withdrawal, or without holdWithdrawals, nothing is held', async () => {
    const brand = await h.brandWith({ profile: 'standard', overrides: {} });
    const member = await h.register({ brand });
    await h.deposit(member, 100_000n);
    const accountId = await addCard(h.app, member);
    const answer = await withdraw(member, accountId, '200.00');
    expect(answer.body).toMatchObject({ status: true });
    expect(await rulesOf(member.memberId)).not.toContain('low_wager_withdrawal');

    const low = await h.register({ brand });
    await h.gatewayDeposit(low, '1000.00', 'paid');
    const lowAccount = await addCard(h.app, low);
    const lowAnswer = await withdraw(low, lowAccount, '500.00');
    const orderNo = (lowAnswer.body.data as { orderNo: string }).orderNo;
    expect(await rulesOf(low.memberId)).toContain('low_wager_withdrawal');
    const detail = await h.call(
      await h.operatorToken(),
      'GET',
      `/admin/api/withdrawals/${orderNo}`,
    );
    expect(detail.body.data.order).toMatchObject({ onHold: false });
  });
});

describe('payout accounts and shared identifiers', () => {
  it('3 payout accounts within 24 hours open an alert; 2 do not', async () => {
    const brand = await h.brandWith({ profile: 'standard', overrides: {} });
    const member = await h.register({ brand });
    await addCard(h.app, member);
    await addCard(h.app, member);
    expect(await rulesOf(member.memberId)).not.toContain('payout_accounts');
    await addCard(h.app, member);
    const [alert] = (await h.alertsOf(member.memberId)).filter(
      (row) => row.rule === 'payout_accounts',
    );
    expect(alert?.details).toMatchObject({ accounts: 3, windowHours: 24 });
  });

  it('the third member on one device (and address) is flagged at registration; the first is not', async () => {
    const brand = await h.brandWith({ profile: 'standard', overrides: {} });
    const first = await h.register({ brand });
    expect(await rulesOf(first.memberId)).not.toContain('shared_identifier');
    await h.register({ brand });
    const third = await h.register({ brand });
    const [alert] = (await h.alertsOf(third.memberId)).filter(
      (row) => row.rule === 'shared_identifier',
    );
    expect(alert?.details).toMatchObject({ members: 3 });
    expect(String(alert?.details.kinds)).toContain('ip');
  });
});

describe('a payout account on several members', () => {
  it('flags the third member to bind one card number, not the first two', async () => {
    const brand = await h.brandWith({ profile: 'standard', overrides: {} });
    const trio = [
      await h.register({ brand }),
      await h.register({ brand }),
      await h.register({ brand }),
    ];
    const ids = trio.map((member) => member.memberId);
    // Every test request comes from one address: take it away so only the card is shared.
    const db = h.database.db;
    await db
      .update(members)
      .set({ registerIp: null, lastLoginIp: null })
      .where(inArray(members.id, ids));
    await db.update(memberSessions).set({ ip: null }).where(inArray(memberSessions.memberId, ids));
    await h.database.db.delete(riskAlerts).where(inArray(riskAlerts.memberId, ids));
    const cardNumber = validCardNumber();
    const bind = (member: (typeof trio)[number]) =>
      post(
        h.app,
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '张三', cardNumber },
        member.headers,
      );
    expect((await bind(trio[0]!)).body).toMatchObject({ status: true });
    expect((await bind(trio[1]!)).body).toMatchObject({ status: true });
    expect(await rulesOf(trio[1]!.memberId)).not.toContain('shared_identifier');
    expect((await bind(trio[2]!)).body).toMatchObject({ status: true });
    const [alert] = (await h.alertsOf(trio[2]!.memberId)).filter(
      (row) => row.rule === 'shared_identifier',
    );
    expect(alert?.details).toMatchObject({ kinds: 'payout_account', payoutAccounts: 2 });
  });
});

describe('the alert queue', () => {
  async function alertFor(brand: string) {
    const member = await h.register({ brand });
    await h.gatewayDeposit(member, '100.00', 'paid');
    const [alert] = (await h.alertsOf(member.memberId)).filter(
      (row) => row.rule === 'cumulative_deposits',
    );
    if (!alert) throw new Error('no alert');
    return { member, id: String(alert.id) };
  }
  const lowThreshold = {
    profile: 'standard',
    overrides: { risk: { cumulativeDepositsEurCents: 100 } },
  } as const;

  it('lists, claims, notes and resolves, each in the action log; a second claimant is refused', async () => {
    const brand = await h.brandWith(lowThreshold);
    const { member, id } = await alertFor(brand);
    const risk = await h.operator('risk');
    const colleague = await h.operator('risk');

    const list = await h.call(
      risk,
      'GET',
      `/admin/api/risk/alerts?brand=${brand}&rule=cumulative_deposits&memberId=${member.memberId}`,
    );
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id, status: 'open' }] });

    const claimed = await h.call(risk, 'POST', `/admin/api/risk/alerts/${id}/claim`, {});
    expect(claimed.body.data.claimedBy).not.toBeNull();
    const refused = await h.call(colleague, 'POST', `/admin/api/risk/alerts/${id}/claim`, {});
    expect(refused).toMatchObject({
      statusCode: 409,
      body: { status: false, data: 'risk_alert_claimed_by_other' },
    });
    const mine = await h.call(risk, 'GET', `/admin/api/risk/alerts?brand=${brand}&claim=mine`);
    expect(mine.body.data.items.map((row: { id: string }) => row.id)).toContain(id);

    const note = await h.call(risk, 'POST', `/admin/api/risk/alerts/${id}/notes`, {
      body: 'Called the member',
    });
    expect(note.body.data).toMatchObject({ body: 'Called the member' });
    const bad = await h.call(risk, 'POST', `/admin/api/risk/alerts/${id}/resolve`, { reason: '' });
    expect(bad).toMatchObject({ statusCode: 400, body: { status: false } });

    const resolved = await h.call(risk, 'POST', `/admin/api/risk/alerts/${id}/resolve`, {
      reason: 'Source of funds checked',
    });
    expect(resolved.body.data).toMatchObject({
      status: 'resolved',
      resolution: 'Source of funds checked',
      notes: [{ body: 'Called the member' }],
    });
    const again = await h.call(risk, 'POST', `/admin/api/risk/alerts/${id}/claim`, {});
    expect(again.body.data).toBe('risk_alert_resolved');
    const open = await h.call(risk, 'GET', `/admin/api/risk/alerts?brand=${brand}`);
    expect(open.body.data.items.map((row: { id: string }) => row.id)).not.toContain(id);

    const actions = await h.database.db
      .select({ action: operatorActions.action })
      .from(operatorActions)
      .where(eq(operatorActions.targetId, id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'risk_alert_claim',
      'risk_alert_note',
      'risk_alert_resolve',
    ]);
  });

  it("freezes the alert's member with the member record's freeze (members.freeze needed)", async () => {
    const brand = await h.brandWith(lowThreshold);
    const { member, id } = await alertFor(brand);
    const onlyAlerts = await h.operator('risk_alerts_only', { permissions: ['risk.alerts'] });
    const forbidden = await h.call(onlyAlerts, 'POST', `/admin/api/risk/alerts/${id}/freeze`, {
      reason: 'AML',
    });
    expect(forbidden).toMatchObject({ statusCode: 403, body: { data: 'forbidden' } });
    expect(await h.restrictionsOf(member.memberId)).not.toContain('money_frozen');

    const risk = await h.operator('risk');
    const frozen = await h.call(risk, 'POST', `/admin/api/risk/alerts/${id}/freeze`, {
      reason: 'AML review',
    });
    expect(frozen.body.data.memberFrozenAt).not.toBeNull();
    expect(await h.restrictionsOf(member.memberId)).toContain('money_frozen');
    const deposit = await h.openDeposit(member, '10.00');
    expect(deposit.answer).toMatchObject({ status: false, data: 'account_frozen' });
    const logged = await h.database.db
      .select({ action: operatorActions.action })
      .from(operatorActions)
      .where(eq(operatorActions.targetId, String(member.memberId)));
    expect(logged.map((row) => row.action)).toContain('member_freeze');
  });

  it('refuses operators without risk.alerts, and alerts of other brands answer as missing', async () => {
    const brand = await h.brandWith(lowThreshold);
    const { id } = await alertFor(brand);
    const support = await h.operator('customer_service');
    expect(await h.call(support, 'GET', '/admin/api/risk/alerts')).toMatchObject({
      statusCode: 403,
    });
    const elsewhere = await h.operator('risk', { brands: ['jinsheng'] });
    const detail = await h.call(elsewhere, 'GET', `/admin/api/risk/alerts/${id}`);
    expect(detail).toMatchObject({ statusCode: 404, body: { data: 'risk_alert_not_found' } });
    const claim = await h.call(elsewhere, 'POST', `/admin/api/risk/alerts/${id}/claim`, {});
    expect(claim.statusCode).toBe(404);
    const list = await h.call(elsewhere, 'GET', '/admin/api/risk/alerts?status=open');
    expect(list.body.data.items.map((row: { id: string }) => row.id)).not.toContain(id);
    const named = await h.call(elsewhere, 'GET', `/admin/api/risk/alerts?brand=${brand}`);
    expect(named.statusCode).toBe(403);
    const missing = await h.call(elsewhere, 'GET', '/admin/api/risk/alerts/999999999');
    expect(missing.body.data).toBe('risk_alert_not_found');
    const badId = await h.call(elsewhere, 'GET', '/admin/api/risk/alerts/abc');
    expect(badId.statusCode).toBeLessThan(500);
  });
});
