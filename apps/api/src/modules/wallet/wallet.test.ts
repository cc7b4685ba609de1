import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../test/members.ts';
import { findMemberByUsername } from '../member/member.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';

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
    });
  });

  it('answers data "token" without a session', async () => {
    const answer = await get(harness.app, '/api/findmed/v1/member/balance', { t: randomUUID() });
    expect(answer.body.data).toBe('token');
  });
});
