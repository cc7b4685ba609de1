import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../identity/member/member.schema.ts';
import { memberRestrictions } from '../../identity/member/restriction.schema.ts';
import { depositOrders } from '../../money/deposit/deposit.schema.ts';
import { get, post } from '../../../test/members.ts';
import { TEST_CODE } from '../../games/transfer/transfer.test-support.ts';
import {
  BRAND,
  createRecordHarness,
  type Member,
  type RecordHarness,
} from './member-record.test-support.ts';

/**
 * The account actions of the member record: lock and unlock, logout, password reset, close.
 * Each needs a reason (bad input changes nothing), its permission and the member's brand, and
 * writes its action-log row with the state before and after. Freezing: member-restrictions.test.ts.
 */
let h: RecordHarness;

beforeAll(async () => {
  h = await createRecordHarness();
});
afterAll(async () => {
  await h?.close();
});

const url = (member: Member, action: string) => `/admin/api/members/${member.memberId}/${action}`;

async function statusOf(member: Member) {
  const [row] = await h.database.db
    .select({ status: members.status })
    .from(members)
    .where(eq(members.id, member.memberId));
  const restrictions = await h.database.db
    .select({ kind: memberRestrictions.kind })
    .from(memberRestrictions)
    .where(eq(memberRestrictions.memberId, member.memberId));
  return { status: row?.status, restrictions: restrictions.map((entry) => entry.kind).sort() };
}

/** The rules every action shares: reason, permission, brand. Nothing changes on a refusal. */
async function expectGuarded(action: string, permittedRole: string, refusedRole: string) {
  const member = await h.register();
  const before = await statusOf(member);
  for (const body of [{}, { reason: '' }, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
    const answer = await h.call('POST', url(member, action), body);
    expect(answer.statusCode, `${action} ${JSON.stringify(body)}`).toBe(400);
    expect(answer.body.data).toBe('validation');
  }
  const refused = await h.operator(refusedRole);
  const forbidden = await h.call('POST', url(member, action), { reason: 'r' }, refused);
  expect(forbidden.statusCode, `${action} by ${refusedRole}`).toBe(403);
  const lumen = await h.operator('super_admin', ['lumen']);
  const other = await h.call('POST', url(member, action), { reason: 'r' }, lumen);
  expect(other.statusCode).toBe(404);
  expect(other.body.data).toBe('member_not_found');
  expect(await statusOf(member)).toEqual(before);
  expect(await h.memberInfo(member)).toMatchObject({ username: member.username });
  const permitted = await h.operator(permittedRole, [BRAND]);
  const allowed = await h.call('POST', url(member, action), { reason: 'by the role' }, permitted);
  expect(allowed.body.status, `${action} by ${permittedRole}`).toBe(true);
}

describe('the guards of every action', () => {
  it('lock, unlock, logout and close need a reason, members.write and the member’s brand', async () => {
    for (const action of ['lock', 'unlock', 'logout', 'close']) {
      await expectGuarded(action, 'risk', 'customer_service');
    }
    await expectGuarded('freeze', 'finance', 'customer_service');
    await expectGuarded('unfreeze', 'risk', 'auditor');
  });
});

describe('locking the login', () => {
  it('ends every session at once and refuses the login with account_disabled until unlocked', async () => {
    const member = await h.register();
    const second = await h.login(member.username);
    const locked = await h.call('POST', url(member, 'lock'), { reason: 'chargeback fraud' });
    expect(locked.body.data).toMatchObject({
      id: String(member.memberId),
      status: 'disabled',
      restrictions: {
        loginLocked: { reason: 'chargeback fraud' },
        moneyFrozen: null,
        closed: null,
      },
      sessionsEnded: 2,
    });
    expect(locked.body.data.restrictions.loginLocked.by).toMatch(/^rec/);
    expect(await h.memberInfo(member)).toBe('token');
    expect((await get(h.app, '/api/findmed/v1/member/token', { t: second.token })).body.data).toBe(
      'token',
    );
    const refused = await h.login(member.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.data).toBe('account_disabled');
    expect(refused.token).toBe('');

    const logged = await h.lastAction(member.memberId, 'member_lock');
    expect(logged).toMatchObject({ reason: 'chargeback fraud', brandCode: BRAND });
    expect(logged?.details).toMatchObject({
      before: { status: 'active', loginLocked: false },
      after: { status: 'disabled', loginLocked: true },
      sessionsEnded: 2,
    });
    // Asking again changes and logs nothing.
    const again = await h.call('POST', url(member, 'lock'), { reason: 'again' });
    expect(again.body.data.sessionsEnded).toBe(0);
    expect((await h.lastAction(member.memberId, 'member_lock'))?.id).toBe(logged?.id);

    const record = await h.call('GET', `/admin/api/members/${member.memberId}`);
    expect(record.body.data.restrictions.loginLocked.reason).toBe('chargeback fraud');
    const history = await h.call('GET', `/admin/api/members/${member.memberId}/logins`);
    expect(history.body.data.items[0].result).toBe('disabled');

    const unlocked = await h.call('POST', url(member, 'unlock'), { reason: 'cleared' });
    expect(unlocked.body.data).toMatchObject({
      status: 'active',
      restrictions: { loginLocked: null },
    });
    expect((await h.lastAction(member.memberId, 'member_unlock'))?.details).toMatchObject({
      before: { status: 'disabled', loginLocked: true },
      after: { status: 'active', loginLocked: false },
    });
    expect((await h.login(member.username)).statusCode).toBe(200);
  });

  it('ends every session on logout, and nothing else', async () => {
    const member = await h.register();
    const answer = await h.call('POST', url(member, 'logout'), { reason: 'shared device' });
    expect(answer.body.data).toMatchObject({ status: 'active', sessionsEnded: 1 });
    expect(await h.memberInfo(member)).toBe('token');
    expect((await h.lastAction(member.memberId, 'member_logout'))?.reason).toBe('shared device');
    expect((await h.login(member.username)).statusCode).toBe(200);
  });
});

describe('the password reset', () => {
  it('sends the forgotten-password code to the bound contact, masked, never the code', async () => {
    const member = await h.register();
    const none = await h.call('POST', url(member, 'password-reset'), { reason: 'asked by phone' });
    expect(none.statusCode).toBe(409);
    expect(none.body.data).toBe('member_no_contact');

    const email = `${member.username}@example.com`;
    await h.database.db.update(members).set({ email }).where(eq(members.id, member.memberId));
    const noPhone = await h.call('POST', url(member, 'password-reset'), {
      reason: 'asked by phone',
      channel: 'sms',
    });
    expect(noPhone.body.data).toBe('member_no_contact');
    const sent = await h.call('POST', url(member, 'password-reset'), { reason: 'asked by phone' });
    expect(sent.body.data).toMatchObject({ channel: 'email', expiresInSeconds: 300 });
    expect(sent.body.data.sentTo).not.toBe(email);
    expect(sent.body.data.sentTo).toContain('@example.com');

    const outbox = await get(h.app, `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const code = /\d{6}/.exec((outbox.body.data as { body: string }[])[0]?.body ?? '')?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent.body)).not.toContain(code!);
    const logged = await h.lastAction(member.memberId, 'member_password_reset');
    expect(logged?.reason).toBe('asked by phone');
    expect(JSON.stringify(logged?.details)).not.toContain(code!);

    // The member sets a new password with it on the site, as after "forgot password".
    const reset = await post(h.app, '/api/findmed/v1/member/forgetpassword', {
      username: member.username,
      email,
      mailCode: code!,
      password: h.enc('NewSecret456'),
      confirmPassword: h.enc('NewSecret456'),
    });
    expect(reset.body.status).toBe(true);
    expect((await h.login(member.username, 'NewSecret456')).statusCode).toBe(200);
  });
});

describe('closing the account', () => {
  it('is refused while money remains anywhere, and changes nothing', async () => {
    const member = await h.register();
    await h.fund(member, 1_000n);
    const withMoney = await h.call('POST', url(member, 'close'), { reason: 'member asked' });
    expect(withMoney.statusCode).toBe(409);
    expect(withMoney.body.data).toBe('member_has_money');

    // Money on a platform only.
    const transfer = await h.transfer(member, {
      platform: '1',
      type: 'in',
      amount: '10',
      idempotencyKey: randomUUID(),
    });
    expect(transfer.body.status).toBe(true);
    expect((await h.call('POST', url(member, 'close'), { reason: 'r' })).body.data).toBe(
      'member_has_money',
    );

    // No money, but a deposit order still open.
    const empty = await h.register();
    await h.database.db.insert(depositOrders).values({
      orderNo: `D${Date.now()}${randomUUID().slice(0, 6)}`,
      brandCode: BRAND,
      memberId: empty.memberId,
      channelCode: 'bank',
      channelType: 'bank',
      currency: 'CNY',
      amountMinor: 10_000n,
      status: 'pending',
      idempotencyKey: randomUUID(),
      requestHash: 'x',
    });
    expect((await h.call('POST', url(empty, 'close'), { reason: 'r' })).body.data).toBe(
      'member_has_money',
    );
    for (const refused of [member, empty]) {
      expect(await statusOf(refused)).toEqual({ status: 'active', restrictions: [] });
      expect(await h.memberInfo(refused)).toMatchObject({ username: refused.username });
      expect(await h.lastAction(refused.memberId, 'member_close')).toBeUndefined();
    }
  });

  it('closes an account without money for good: sessions end, no login, the name stays taken', async () => {
    const member = await h.register();
    const closed = await h.call('POST', url(member, 'close'), { reason: 'member asked' });
    expect(closed.body.data).toMatchObject({
      status: 'disabled',
      restrictions: { closed: { reason: 'member asked' }, loginLocked: null },
      sessionsEnded: 1,
    });
    expect(await h.memberInfo(member)).toBe('token');
    const login = await h.login(member.username);
    expect(login.data).toBe('account_closed');
    expect(login.token).toBe('');
    expect((await h.lastAction(member.memberId, 'member_close'))?.details).toMatchObject({
      before: { status: 'active', closed: false },
      after: { status: 'disabled', closed: true },
    });

    for (const action of ['unlock', 'lock', 'freeze', 'unfreeze', 'password-reset']) {
      const answer = await h.call('POST', url(member, action), { reason: 'r' });
      expect(answer.body.data, action).toBe('member_closed');
    }
    expect(await statusOf(member)).toEqual({ status: 'disabled', restrictions: ['closed'] });
    const captcha = await get(h.app, '/api/f/v1/captcha');
    const again = await post(h.app, '/api/f/v1/member/register', {
      username: member.username,
      password: h.enc('Secret123'),
      confirmPassword: h.enc('Secret123'),
      key: (captcha.body.data as { key: string }).key,
      code: TEST_CODE,
    });
    expect(again.body.data).toBe('username_taken');
    // The record still reads, with notes allowed.
    expect(
      (await h.call('GET', `/admin/api/members/${member.memberId}`)).body.data.member.status,
    ).toBe('disabled');
  });
});
