import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorLogin } from '../../../test/operators.ts';
import { RATE_LIMITS } from '../../../plugins/rate-limit.ts';
import { OPERATOR_ALERT_ATTEMPTS, OperatorService } from './operator.service.ts';

let harness: TestApp;
const username = `admin${randomUUID().slice(0, 8)}`;
const password = 'operator-pass-1';

beforeAll(async () => {
  harness = await createTestApp();
  await new OperatorService(harness.database.db).seedAdmin(username, password);
});
afterAll(async () => {
  await harness.close();
});

async function call(method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const response = await harness.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { statusCode: response.statusCode, body: response.json() };
}

function login(body: { username: string; password: string }, remoteAddress: string) {
  return harness.app
    .inject({ method: 'POST', url: '/admin/api/login', payload: body, remoteAddress })
    .then((response) => ({
      statusCode: response.statusCode,
      body: response.json<{ status: boolean; data: unknown; retryAfterSeconds?: number }>(),
    }));
}

describe('operator API', () => {
  it('logs in with a bearer token, and answers who is logged in', async () => {
    const login = await call('POST', '/admin/api/login', undefined, { username, password });
    const superAdmin = {
      username,
      role: 'super_admin',
      permissions: [...PERMISSIONS],
      brands: 'all',
      // A super admin must enrol TOTP: until then the session is good for enrolment only.
      totpEnabled: false,
      totpEnrolmentRequired: true,
    };
    expect(login.body.data.operator).toEqual(superAdmin);
    const token = login.body.data.token as string;
    expect((await call('GET', '/admin/api/me', token)).body).toEqual({
      status: true,
      data: superAdmin,
    });
    expect((await call('POST', '/admin/api/logout', token)).body.data).toEqual({ loggedOut: true });
    expect((await call('GET', '/admin/api/me', token)).body.data).toBe('operator_token');
  });

  it('refuses calls without a valid token, and member tokens are no operator tokens', async () => {
    for (const token of [undefined, 'x'.repeat(43), 'not a token']) {
      const answer = await call('GET', '/admin/api/me', token);
      expect(answer.statusCode).toBe(401);
      expect(answer.body.data).toBe('operator_token');
    }
  });

  it('locks a name after five wrong passwords, for the address that sent them', async () => {
    const name = `lock${randomUUID().slice(0, 8)}`;
    await new OperatorService(harness.database.db).seedAdmin(name, password);
    const stranger = '203.0.113.7';
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login({ username: name, password: 'nope' }, stranger)).body.data).toBe(
        'operator_login_wrong',
      );
    }
    const fifth = await login({ username: name, password: 'nope' }, stranger);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.body.retryAfterSeconds).toBeGreaterThan(29 * 60);
    // The stranger is locked out, even with the right password...
    expect((await login({ username: name, password }, stranger)).body.data).toBe('operator_locked');
    // ...but the operator, from their own address, is not.
    const own = await login({ username: name, password }, '198.51.100.20');
    expect(own.body.status).toBe(true);
  });

  it('cannot be locked out by strangers from many addresses, and raises an alert', async () => {
    const name = `siege${randomUUID().slice(0, 8)}`;
    await new OperatorService(harness.database.db).seedAdmin(name, password);
    for (let address = 1; address <= OPERATOR_ALERT_ATTEMPTS / 4 + 1; address++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        await login({ username: name, password: 'nope' }, `192.0.2.${address}`);
      }
    }
    expect(harness.logs).toContainEqual(
      expect.objectContaining({ alert: 'operator_login_attack', username: name, level: 40 }),
    );
    const own = await login({ username: name, password }, '198.51.100.21');
    expect(own.body.status).toBe(true);
  });

  it('limits logins per address, whatever the names', async () => {
    const limited = await createTestApp({ rateLimits: { multiplier: 1 } });
    try {
      const answers: number[] = [];
      for (let index = 0; index < RATE_LIMITS.operatorLogin.ip + 1; index++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/admin/api/login',
          remoteAddress: '203.0.113.50',
          payload: { username: `nobody${index}`, password: 'nope-nope' },
        });
        answers.push(response.statusCode);
      }
      expect(answers.slice(0, -1).every((status) => status === 400)).toBe(true);
      expect(answers.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('runs the ledger check and records who did', async () => {
    const token = await operatorLogin(harness.app, { username, password });
    const check = await call('POST', '/admin/api/ledger/check', token);
    expect(check.body).toEqual({ status: true, data: { ok: true, violations: [] } });
    const log = await call('GET', '/admin/api/actions?limit=5', token);
    expect(log.body.data[0]).toMatchObject({ operator: username, action: 'ledger_check' });
  });

  it('answers bad input with validation and changes nothing', async () => {
    expect((await call('POST', '/admin/api/login', undefined, { username: '' })).body.data).toBe(
      'validation',
    );
    const token = await operatorLogin(harness.app, { username, password });
    expect((await call('GET', '/admin/api/actions?limit=9999', token)).body.data).toBe(
      'validation',
    );
  });
});
