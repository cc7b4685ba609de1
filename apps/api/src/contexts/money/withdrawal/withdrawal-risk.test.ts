import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawalQueueRow, WithdrawalRisk } from '@lobby/contracts';
import { members } from '../../identity/member/member.schema.ts';
import { memberSessions } from '../../identity/member/session.schema.ts';
import { createCashierHarness, type CashierHarness } from './cashier.test-support.ts';

/**
 * The risk signals of a withdrawal, each set by data and unset without it, in the detail with
 * their figures and in the queue as flags (contracts: withdrawal-cashier.ts says what each means).
 */
let h: CashierHarness;
let cashier: { token: string; username: string };

beforeAll(async () => {
  h = await createCashierHarness();
  cashier = await h.operator('finance');
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
/** An address no other member of any test uses. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const freshDevice = () => `device-${randomUUID()}`;

async function riskOf(orderNo: string): Promise<WithdrawalRisk> {
  const detail = await h.call(cashier.token, 'GET', `/admin/api/withdrawals/${orderNo}`);
  expect(detail.statusCode).toBe(200);
  const risk = detail.body.data.risk as WithdrawalRisk;
  // The queue row carries the same flags.
  const queue = await h.call(
    cashier.token,
    'GET',
    `/admin/api/withdrawals?brand=${h.brand}&status=${detail.body.data.order.status}&pageSize=200`,
  );
  const row = (queue.body.data.items as AdminWithdrawalQueueRow[]).find(
    (item) => item.orderNo === orderNo,
  );
  expect(row?.riskFlags).toEqual(risk.flags);
  return risk;
}

/** A member with a payout account added long ago and a session of their own. */
async function quietMember() {
  const member = await h.member();
  const account = await h.payoutAccount(member.id, { at: ago(24 * 30) });
  await h.session(member.id, { ip: freshIp(), deviceNo: freshDevice(), at: ago(24 * 30) });
  return { member, account };
}

describe('withdrawal risk signals', () => {
  it('first withdrawal: set until one of the member’s withdrawals was paid', async () => {
    const { member, account } = await quietMember();
    const rejectedEarlier = await h.withdrawal(member.id, account, 10_000n, ago(5));
    await h.call(cashier.token, 'POST', `/admin/api/withdrawals/${rejectedEarlier}/reject`, {
      reason: 'test',
    });
    const paidEarlier = await h.withdrawal(member.id, account, 10_000n, ago(3));
    const first = await riskOf(paidEarlier);
    expect(first.firstWithdrawal).toBe(true);
    expect(first.flags).toContain('first_withdrawal');
    await h.call(cashier.token, 'POST', `/admin/api/withdrawals/${paidEarlier}/approve`, {});
    const later = await h.withdrawal(member.id, account, 10_000n);
    const risk = await riskOf(later);
    expect(risk.firstWithdrawal).toBe(false);
    expect(risk.flags).not.toContain('first_withdrawal');
  });

  it('new payout account: added within 24 hours before the request', async () => {
    const { member } = await quietMember();
    const fresh = await h.payoutAccount(member.id, { at: ago(2) });
    const old = await h.payoutAccount(member.id, { at: ago(30) });
    const toFresh = await riskOf(await h.withdrawal(member.id, fresh, 10_000n));
    expect(toFresh.payoutAccount.recentlyAdded).toBe(true);
    expect(toFresh.flags).toContain('new_payout_account');
    const toOld = await riskOf(await h.withdrawal(member.id, old, 10_000n));
    expect(toOld.payoutAccount).toMatchObject({ recentlyAdded: false });
    expect(toOld.flags).not.toContain('new_payout_account');
  });

  it('low wagering: valid bets below deposits since the previous withdrawal', async () => {
    const { member, account } = await quietMember();
    const firstAt = ago(10);
    const none = await riskOf(await h.withdrawal(member.id, account, 10_000n, firstAt));
    expect(none.wagering).toMatchObject({ deposits: '0.00', ratio: null, low: false });

    await h.confirmedDeposit(member.id, 100_000n, ago(8));
    await h.bet(member.id, { betMinor: 30_000n, payoutMinor: 0n, at: ago(7) });
    const low = await riskOf(await h.withdrawal(member.id, account, 10_000n, ago(6)));
    expect(low.wagering).toMatchObject({
      deposits: '1000.00',
      validBets: '300.00',
      ratio: '0.30',
      low: true,
    });
    expect(low.wagering.since).toBe(firstAt.toISOString());
    expect(low.flags).toContain('low_wagering');

    // Only what came after the previous withdrawal counts: the large deposit above is before it.
    await h.confirmedDeposit(member.id, 20_000n, ago(5));
    await h.bet(member.id, { betMinor: 25_000n, payoutMinor: 20_000n, at: ago(4) });
    const enough = await riskOf(await h.withdrawal(member.id, account, 10_000n, ago(3)));
    expect(enough.wagering).toMatchObject({
      deposits: '200.00',
      validBets: '250.00',
      ratio: '1.25',
      low: false,
    });
    expect(enough.flags).not.toContain('low_wagering');
  });

  it('large win: a round paying 10,000.00 over its stake within 24 hours before the request', async () => {
    const { member, account } = await quietMember();
    await h.bet(member.id, { betMinor: 10_000n, payoutMinor: 1_009_999n, at: ago(3) });
    await h.bet(member.id, { betMinor: 10_000n, payoutMinor: 5_000_000n, at: ago(30) });
    const below = await riskOf(await h.withdrawal(member.id, account, 10_000n));
    expect(below.largeWins).toEqual({ threshold: '10000.00', count: 0, largest: null });
    expect(below.flags).not.toContain('large_win');

    await h.bet(member.id, { betMinor: 10_000n, payoutMinor: 1_010_000n, at: ago(2) });
    await h.bet(member.id, { betMinor: 5_000n, payoutMinor: 2_005_000n, at: ago(1) });
    const large = await riskOf(await h.withdrawal(member.id, account, 10_000n));
    expect(large.largeWins).toEqual({ threshold: '10000.00', count: 2, largest: '20000.00' });
    expect(large.flags).toContain('large_win');
  });

  it('linked accounts: others of the brand sharing a device, an address or a payout account', async () => {
    const ip = freshIp();
    const device = freshDevice();
    const cardNumber = `6222${String(randomInt(10 ** 9)).padStart(12, '0')}`;
    const member = await h.member();
    await h.session(member.id, { ip, deviceNo: device, at: ago(48) });
    const account = await h.payoutAccount(member.id, { accountNumber: cardNumber, at: ago(48) });
    const alone = await riskOf(await h.withdrawal(member.id, account, 10_000n));
    expect(alone.linkedAccounts).toEqual({ total: 0, byDevice: 0, byIp: 0, byPayoutAccount: 0 });
    expect(alone.flags).not.toContain('linked_accounts');

    const sameIp = await h.member();
    await h.session(sameIp.id, { ip, deviceNo: freshDevice(), at: ago(5) });
    await h.member({ registerDeviceNo: device });
    const sameCard = await h.member();
    await h.payoutAccount(sameCard.id, { accountNumber: cardNumber });
    await h.member({ registerIp: ip, registerDeviceNo: device });
    // A member of another brand with the same address is no link.
    const [elsewhere] = await h.harness.database.db
      .insert(members)
      .values({
        brandCode: 'lumen',
        username: `el${randomUUID().slice(0, 10)}`,
        usernameKey: `el${randomUUID().slice(0, 10)}`,
        passwordHash: 'x',
        inviteCode: randomUUID().slice(0, 8),
        registerIp: ip,
      })
      .returning({ id: members.id });
    await h.harness.database.db.insert(memberSessions).values({
      brandCode: 'lumen',
      memberId: elsewhere!.id,
      tokenHash: randomUUID(),
      ip,
      deviceNo: device,
    });
    const linked = await riskOf(await h.withdrawal(member.id, account, 10_000n));
    expect(linked.linkedAccounts).toEqual({ total: 4, byDevice: 2, byIp: 2, byPayoutAccount: 1 });
    expect(linked.flags).toContain('linked_accounts');
  });

  it('address or device changed between the last deposit and the request', async () => {
    const { member, account } = await quietMember();
    const noDeposit = await riskOf(await h.withdrawal(member.id, account, 10_000n));
    expect(noDeposit.access).toMatchObject({
      depositAt: null,
      atDeposit: null,
      ipChanged: null,
      deviceChanged: null,
    });

    const ip = freshIp();
    const device = freshDevice();
    await h.session(member.id, { ip, deviceNo: device, at: ago(6) });
    const depositAt = ago(5);
    await h.confirmedDeposit(member.id, 10_000n, depositAt);
    const same = await riskOf(await h.withdrawal(member.id, account, 10_000n, ago(4)));
    expect(same.access).toMatchObject({
      atDeposit: { ip, deviceNo: device },
      atRequest: { ip, deviceNo: device },
      ipChanged: false,
      deviceChanged: false,
    });
    expect(same.flags).not.toContain('ip_changed');
    expect(same.flags).not.toContain('device_changed');

    const otherIp = freshIp();
    await h.session(member.id, { ip: otherIp, deviceNo: device, at: ago(2) });
    const newIp = await riskOf(await h.withdrawal(member.id, account, 10_000n, ago(1)));
    expect(newIp.access).toMatchObject({
      depositAt: depositAt.toISOString(),
      atDeposit: { ip },
      atRequest: { ip: otherIp },
      ipChanged: true,
      deviceChanged: false,
    });
    expect(newIp.flags).toContain('ip_changed');
    expect(newIp.flags).not.toContain('device_changed');

    await h.session(member.id, { ip: otherIp, deviceNo: freshDevice(), at: ago(0.5) });
    const newDevice = await riskOf(await h.withdrawal(member.id, account, 10_000n));
    expect(newDevice.access).toMatchObject({ ipChanged: true, deviceChanged: true });
    expect(newDevice.flags).toEqual(expect.arrayContaining(['ip_changed', 'device_changed']));
  });
});
