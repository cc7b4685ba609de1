import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../../test/members.ts';
import { findMemberByUsername } from '../../identity/member/member.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { addTurnover } from '../turnover/turnover.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { operatorLogin } from '../../../test/operators.ts';

const TEST_CODE = 'T3ST';
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ captchaTestCode: TEST_CODE });
});
afterAll(async () => {
  await harness.close();
});

describe('GET /api/findmed/v1/member/balance', () => {
  it('answers the ledger balances as decimal strings', async () => {
    const key = await publicKeyOf(harness.app);
    const username = uniqueUsername('bal');
    const captcha = await get(harness.app, '/api/f/v1/captcha');
    const registered = await post(harness.app, '/api/f/v1/member/register', {
      username,
      password: encryptFor(key, 'Secret123'),
      confirmPassword: encryptFor(key, 'Secret123'),
      key: (captcha.body.data as { key: string }).key,
      code: TEST_CODE,
    });
    const token = String(registered.headers.id);
    expect(
      (await get(harness.app, '/api/findmed/v1/member/balance', { t: token })).body.data,
    ).toEqual({
      currency: 'CNY',
      balance: '0.00',
      locked: '0.00',
      platforms: '0.00',
      total: '0.00',
      turnover: '0.00',
    });

    const member = await findMemberByUsername(
      harness.database.db,
      'jinsheng',
      username.toLowerCase(),
    );
    if (!member) throw new Error('member not found');
    const ledger = new LedgerService(harness.database.db);
    await ledger.post({
      brandCode: 'jinsheng',
      reason: 'deposit',
      idempotencyKey: randomUUID(),
      actor: { type: 'operator', id: 'test' },
      lines: [
        {
          account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
          amountMinor: -123_456n,
        },
        {
          account: { kind: 'member_wallet', memberId: member.id, currency: 'CNY' },
          amountMinor: 123_456n,
        },
      ],
    });
    await ledger.post({
      brandCode: 'jinsheng',
      reason: 'withdrawal_request',
      idempotencyKey: randomUUID(),
      actor: { type: 'member', id: String(member.id) },
      lines: [
        {
          account: { kind: 'member_wallet', memberId: member.id, currency: 'CNY' },
          amountMinor: -3_456n,
        },
        {
          account: { kind: 'member_locked', memberId: member.id, currency: 'CNY' },
          amountMinor: 3_456n,
        },
      ],
    });
    expect(
      (await get(harness.app, '/api/findmed/v1/member/balance', { t: token })).body.data,
    ).toEqual({
      currency: 'CNY',
      balance: '1200.00',
      locked: '34.56',
      platforms: '0.00',
      total: '1234.56',
      turnover: '0.00',
    });

    // A deposit's turnover requirement shows, and an operator can waive it, with a reason.
    await harness.database.db.transaction((transaction) =>
      addTurnover(transaction, {
        brandCode: 'jinsheng',
        memberId: member.id,
        currency: 'CNY',
        amountMinor: 50_000n,
      }),
    );
    const owed = await get(harness.app, '/api/findmed/v1/member/balance', { t: token });
    expect(owed.body.data).toMatchObject({ turnover: '500.00' });
    const operatorName = `wal${randomUUID().slice(0, 8)}`;
    await new OperatorService(harness.database.db).seedAdmin(operatorName, 'operator-pass-1');
    const loginToken = await operatorLogin(harness.app, {
      username: operatorName,
      password: 'operator-pass-1',
    });
    const bearer = {
      authorization: `Bearer ${loginToken}`,
    };
    const waive = (payload: object, name = username) =>
      harness.app.inject({
        method: 'POST',
        url: `/admin/api/members/${name}/turnover/waive`,
        payload,
        headers: bearer,
      });
    expect((await waive({ brand: 'jinsheng' })).json()).toMatchObject({ data: 'validation' });
    expect(
      (await waive({ brand: 'jinsheng', reason: 'refund' }, 'nosuchmember')).json(),
    ).toMatchObject({
      data: 'not_found',
    });
    expect((await waive({ brand: 'nosuch', reason: 'refund' })).json()).toMatchObject({
      data: 'unknown_site',
    });
    // The path's username is read by the endpoint's params schema, as the adjustment's.
    expect(
      (await waive({ brand: 'jinsheng', reason: 'refund' }, 'x'.repeat(65))).json(),
    ).toMatchObject({ data: 'validation' });
    expect(
      (await get(harness.app, '/api/findmed/v1/member/balance', { t: token })).body.data,
    ).toMatchObject({
      turnover: '500.00',
    });
    expect(
      (
        await waive({ brand: 'jinsheng', reason: 'deposit refunded by the bank' }, ` ${username} `)
      ).json(),
    ).toEqual({
      status: true,
      data: { waived: '500.00' },
    });
    expect(
      (await get(harness.app, '/api/findmed/v1/member/balance', { t: token })).body.data,
    ).toMatchObject({
      turnover: '0.00',
    });
    const log = await harness.app.inject({
      method: 'GET',
      url: '/admin/api/actions?limit=1',
      headers: bearer,
    });
    expect(log.json<{ data: unknown[] }>().data[0]).toMatchObject({
      operator: operatorName,
      action: 'turnover_waive',
      reason: 'deposit refunded by the bank',
    });
  });

  it('refuses the waiver without an operator token', async () => {
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/admin/api/members/anyone/turnover/waive',
      payload: { brand: 'jinsheng', reason: 'x' },
    });
    expect(answer.json()).toMatchObject({ status: false, data: 'operator_token' });
  });

  it('answers data "token" without a session', async () => {
    const answer = await get(harness.app, '/api/findmed/v1/member/balance', { t: randomUUID() });
    expect(answer.body.data).toBe('token');
  });
});
