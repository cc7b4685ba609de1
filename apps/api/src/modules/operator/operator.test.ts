import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { OperatorService } from './operator.service.ts';

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

describe('operator API', () => {
  it('logs in with a bearer token, and answers who is logged in', async () => {
    const login = await call('POST', '/admin/api/login', undefined, { username, password });
    expect(login.body.data.operator).toEqual({ username, role: 'admin' });
    const token = login.body.data.token as string;
    expect((await call('GET', '/admin/api/me', token)).body).toEqual({
      status: true,
      data: { username, role: 'admin' },
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

  it('locks an operator after five wrong passwords', async () => {
    const name = `lock${randomUUID().slice(0, 8)}`;
    await new OperatorService(harness.database.db).seedAdmin(name, password);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(
        (await call('POST', '/admin/api/login', undefined, { username: name, password: 'nope' }))
          .body.data,
      ).toBe('operator_login_wrong');
    }
    const fifth = await call('POST', '/admin/api/login', undefined, {
      username: name,
      password: 'nope',
    });
    expect(fifth.statusCode).toBe(423);
    expect(
      (await call('POST', '/admin/api/login', undefined, { username: name, password })).body.data,
    ).toBe('operator_locked');
  });

  it('runs the ledger check and records who did', async () => {
    const token = (await call('POST', '/admin/api/login', undefined, { username, password })).body
      .data.token;
    const check = await call('POST', '/admin/api/ledger/check', token);
    expect(check.body).toEqual({ status: true, data: { ok: true, violations: [] } });
    const log = await call('GET', '/admin/api/actions?limit=5', token);
    expect(log.body.data[0]).toMatchObject({ operator: username, action: 'ledger_check' });
  });

  it('answers bad input with validation and changes nothing', async () => {
    expect((await call('POST', '/admin/api/login', undefined, { username: '' })).body.data).toBe(
      'validation',
    );
    const token = (await call('POST', '/admin/api/login', undefined, { username, password })).body
      .data.token;
    expect((await call('GET', '/admin/api/actions?limit=9999', token)).body.data).toBe(
      'validation',
    );
  });
});
