import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../platform/brand/brand.schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { hashRecoveryCode, ipAllowed, isAllowListEntry } from './operator-totp.ts';
import { operators, operatorSessions } from './operator.schema.ts';
import {
  OPERATOR_IDLE_MINUTES,
  OPERATOR_SESSION_HOURS,
  OperatorService,
} from './operator.service.ts';
import { createOperator } from './operator.test-support.ts';

/**
 * The second factor of operator logins (RFC 6238 TOTP with recovery codes), the brands' policy,
 * the address allow-list and the session limits.
 */
let harness: TestApp;
const password = 'operator-pass-1';

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

// The answers' data are read field by field, each checked by an expectation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { statusCode: number; body: { status: boolean; data: any } };

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: object; remoteAddress?: string } = {},
): Promise<Answer> {
  const response = await harness.app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body ? { payload: options.body } : method === 'POST' ? { payload: {} } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { statusCode: response.statusCode, body: response.json() };
}

const login = (body: object, remoteAddress?: string) =>
  call('POST', '/admin/api/login', { body, ...(remoteAddress ? { remoteAddress } : {}) });

async function newSuperAdmin(): Promise<string> {
  const username = `totp${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(username, password);
  return username;
}

/**
 * A code of the next 30-second step: newer than any used so far, and inside the 30 seconds of
 * drift the server allows, so a test need not wait for the step to turn.
 */
function nextStepCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

describe('operator TOTP', () => {
  it('makes a super admin enrol before anything else, then asks every login for a code', async () => {
    const username = await newSuperAdmin();
    const first = await login({ username, password });
    expect(first.body.data.operator).toMatchObject({
      totpEnabled: false,
      totpEnrolmentRequired: true,
    });
    const token = first.body.data.token as string;
    const blocked = await call('GET', '/admin/api/withdrawals', { token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body.data).toBe('totp_enrolment_required');
    expect((await call('GET', '/admin/api/me', { token })).body.status).toBe(true);

    expect(
      (await call('POST', '/admin/api/me/totp/confirm', { token, body: { code: '123456' } })).body
        .data,
    ).toBe('totp_not_started');
    const setup = await call('POST', '/admin/api/me/totp/setup', { token });
    const { secret, uri } = setup.body.data as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(uri).toContain(encodeURIComponent(username));
    const sealed = await harness.database.db
      .select({ pending: operators.totpPendingSecret })
      .from(operators)
      .where(eq(operators.username, username));
    expect(sealed[0]?.pending).toBeTruthy();
    expect(sealed[0]?.pending).not.toContain(secret);

    const wrong = await call('POST', '/admin/api/me/totp/confirm', {
      token,
      body: { code: '000000' },
    });
    expect(wrong.body.data).toBe('totp_wrong');
    const confirm = await call('POST', '/admin/api/me/totp/confirm', {
      token,
      body: { code: await generate({ secret }) },
    });
    const recoveryCodes = confirm.body.data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The same session now works.
    expect((await call('GET', '/admin/api/withdrawals', { token })).statusCode).toBe(200);
    expect((await call('POST', '/admin/api/me/totp/setup', { token })).body.data).toBe(
      'totp_already_enabled',
    );

    // Later logins: password alone is not enough; a wrong code counts as a failure.
    const bare = await login({ username, password });
    expect(bare.statusCode).toBe(401);
    expect(bare.body.data).toBe('totp_required');
    expect((await login({ username, password, totp: '000000' })).body.data).toBe('totp_wrong');
    // A recovery code logs in once, whatever its case and dash.
    const recovery = recoveryCodes[0]!;
    const withRecovery = await login({
      username,
      password,
      recoveryCode: recovery.toLowerCase().replace('-', ''),
    });
    expect(withRecovery.body.data.operator).toMatchObject({
      totpEnabled: true,
      totpEnrolmentRequired: false,
    });
    expect((await login({ username, password, recoveryCode: recovery })).body.data).toBe(
      'totp_wrong',
    );
    // A code of a new step logs in, once.
    const code = await nextStepCode(secret);
    expect((await login({ username, password, totp: code })).body.status).toBe(true);
    expect((await login({ username, password, totp: code })).body.data).toBe('totp_wrong');
    // A right code with a wrong password is still refused.
    expect((await login({ username, password: 'wrong-pass', totp: code })).body.data).toBe(
      'operator_login_wrong',
    );
  }, 60_000);

  it('lets a role that only reads and answers log in with a password, unless its brand asks', async () => {
    const service = await createOperator(harness, {
      role: 'customer_service',
      brands: ['lumen'],
    });
    const me = await call('GET', '/admin/api/me', { token: service.token });
    expect(me.body.data).toMatchObject({ totpEnabled: false, totpEnrolmentRequired: false });

    await harness.database.db
      .update(brands)
      .set({ backOffice: { operatorTotpRequired: true } })
      .where(eq(brands.code, 'yuelan'));
    await harness.app.brands.load();
    try {
      const strict = await createOperator(harness, {
        role: 'customer_service',
        brands: ['yuelan'],
      });
      // The helper had to enrol: the brand's policy asked for it.
      const view = await call('GET', '/admin/api/me', { token: strict.token });
      expect(view.body.data).toMatchObject({ totpEnabled: true });
      const again = await login({ username: strict.username, password });
      expect(again.body.data).toBe('totp_required');
      const other = await login({ username: service.username, password });
      expect(other.body.data.operator.totpEnrolmentRequired).toBe(false);
    } finally {
      await harness.database.db
        .update(brands)
        .set({ backOffice: {} })
        .where(eq(brands.code, 'yuelan'));
      await harness.app.brands.load();
    }
  });

  it('keeps an operator to the addresses of their allow-list', async () => {
    const office = await createOperator(harness, {
      role: 'auditor',
      ipAllowList: ['10.0.0.0/8', '2001:db8::/32'],
      remoteAddress: '10.1.2.3',
    });
    const elsewhere = await login({ username: office.username, password }, '203.0.113.9');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.body.data).toBe('operator_address_not_allowed');
    // The session opened in the office does not work from elsewhere either.
    const stolen = await call('GET', '/admin/api/me', {
      token: office.token,
      remoteAddress: '203.0.113.9',
    });
    expect(stolen.body.data).toBe('operator_token');
    const inOffice = await call('GET', '/admin/api/me', {
      token: office.token,
      remoteAddress: '10.200.0.1',
    });
    expect(inOffice.body.status).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '::ffff:10.9.9.9')).toBe(true);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8::1')).toBe(true);
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
    expect(['10.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32'].every(isAllowListEntry)).toBe(true);
    expect(['10.0.0.0/33', 'host.example', '10.0.0.1/8/9', ''].some(isAllowListEntry)).toBe(false);
  });

  it('ends sessions that are idle, too old, or of a disabled operator', async () => {
    const db = harness.database.db;
    const idle = await createOperator(harness, { role: 'auditor' });
    await db
      .update(operatorSessions)
      .set({
        lastSeenAt: sql`now() - make_interval(mins => ${OPERATOR_IDLE_MINUTES + 1})`,
      })
      .where(
        eq(
          operatorSessions.operatorId,
          sql`(select id from operators where username = ${idle.username})`,
        ),
      );
    expect((await call('GET', '/admin/api/me', { token: idle.token })).body.data).toBe(
      'operator_token',
    );

    const old = await createOperator(harness, { role: 'auditor' });
    await db
      .update(operatorSessions)
      .set({ createdAt: sql`now() - make_interval(hours => ${OPERATOR_SESSION_HOURS + 1})` })
      .where(
        eq(
          operatorSessions.operatorId,
          sql`(select id from operators where username = ${old.username})`,
        ),
      );
    expect((await call('GET', '/admin/api/me', { token: old.token })).body.data).toBe(
      'operator_token',
    );

    const leaver = await createOperator(harness, { role: 'auditor' });
    expect((await call('GET', '/admin/api/me', { token: leaver.token })).body.status).toBe(true);
    await db
      .update(operators)
      .set({ disabled: true })
      .where(eq(operators.username, leaver.username));
    expect((await call('GET', '/admin/api/me', { token: leaver.token })).body.data).toBe(
      'operator_token',
    );
  });

  it('stores recovery codes only as hashes, the same whatever the case and dash', () => {
    expect(hashRecoveryCode('abcd-2345')).toBe(hashRecoveryCode('ABCD2345'));
    expect(hashRecoveryCode('ABCD-2345')).not.toContain('ABCD');
  });
});
