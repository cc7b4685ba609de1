import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorCall, operatorLogin, type OperatorAnswer } from '../../../test/operators.ts';
import { operatorActions, operators } from './operator.schema.ts';
import { OperatorService } from './operator.service.ts';

/**
 * The operators screen's API: accounts with roles, brands and addresses, the account actions,
 * and custom roles; every change logged with before and after, bad input changing nothing.
 */
let harness: TestApp;
let admin: string;
let adminId: string;
const password = 'a-long-staff-password';

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, body?: object) {
  return operatorCall(harness.app, method, url, token, body);
}

const newName = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;

async function operatorCount(): Promise<number> {
  const [row] = await harness.database.db.select({ total: count() }).from(operators);
  return Number(row?.total ?? 0);
}

beforeAll(async () => {
  harness = await createTestApp();
  const username = newName('root');
  await new OperatorService(harness.database.db).seedAdmin(username, password);
  admin = await operatorLogin(harness.app, { username, password });
  const [row] = await harness.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, username));
  adminId = String(row?.id);
});
afterAll(async () => {
  await harness.close();
});

describe('the operators screen', () => {
  it('creates an operator with a role, brands and addresses, and logs it', async () => {
    const username = newName('fin');
    const created = await call('POST', '/admin/api/operators', admin, {
      username,
      password,
      role: 'finance',
      brands: ['jinsheng'],
      ipAllowList: ['127.0.0.1', '10.0.0.0/8'],
      reason: 'new cashier',
    });
    expect(created.body.data).toMatchObject({
      username,
      role: 'finance',
      brands: ['jinsheng'],
      ipAllowList: ['127.0.0.1', '10.0.0.0/8'],
      disabled: false,
      totpEnabled: false,
      sessions: 0,
      lastLoginAt: null,
    });
    const [logged] = await harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.targetType, 'operator'),
          eq(operatorActions.targetId, created.body.data.id as string),
        ),
      );
    expect(logged).toMatchObject({ action: 'operator_create', reason: 'new cashier' });
    expect(logged?.details).toMatchObject({ after: { role: 'finance', brands: ['jinsheng'] } });
    expect(JSON.stringify(logged?.details)).not.toContain(password);

    const token = await operatorLogin(harness.app, { username, password });
    expect((await call('GET', '/admin/api/withdrawals', token)).statusCode).toBe(200);
    expect((await call('GET', '/admin/api/promo/promotions?brand=jinsheng', token)).body.data).toBe(
      'forbidden',
    );
    expect((await call('GET', '/admin/api/withdrawals?brand=lumen', token)).body.data).toBe(
      'forbidden',
    );
    expect((await call('GET', '/admin/api/operators', token)).body.data).toBe('forbidden');

    const listed = await call('GET', `/admin/api/operators?q=${username}`, admin);
    expect(listed.body.data).toMatchObject({ total: 1, items: [{ username, sessions: 1 }] });
    expect(listed.body.data.items[0].lastLoginAt).toEqual(expect.any(String));
  });

  it('refuses bad input with a clear code, and creates nothing', async () => {
    const before = await operatorCount();
    const base = { username: newName('bad'), password, role: 'risk', brands: 'all', reason: 'x' };
    const cases: [object, string][] = [
      [{ ...base, username: '1starts-with-digit' }, 'validation'],
      [{ ...base, password: 'short' }, 'validation'],
      [{ ...base, reason: '' }, 'validation'],
      [{ ...base, brands: [] }, 'validation'],
      [{ ...base, role: 'no_such_role' }, 'operator_role_unknown'],
      [{ ...base, brands: ['nosuchbrand'] }, 'operator_brand_unknown'],
      [{ ...base, ipAllowList: ['10.0.0.0/33'] }, 'operator_allow_list_invalid'],
      [{ ...base, ipAllowList: ['office.example'] }, 'operator_allow_list_invalid'],
    ];
    for (const [body, code] of cases) {
      const answer = await call('POST', '/admin/api/operators', admin, body);
      expect(answer.body.data, JSON.stringify(body)).toBe(code);
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect(await operatorCount()).toBe(before);
    const username = newName('twin');
    expect(
      (await call('POST', '/admin/api/operators', admin, { ...base, username })).body.status,
    ).toBe(true);
    const twin = await call('POST', '/admin/api/operators', admin, {
      ...base,
      username,
    });
    expect(twin.body.data).toBe('operator_username_taken');
    expect(await operatorCount()).toBe(before + 1);
  });

  it('changes roles and brands at once, and never the caller’s own', async () => {
    const username = newName('chg');
    const created = await call('POST', '/admin/api/operators', admin, {
      username,
      password,
      role: 'finance',
      brands: 'all',
      reason: 'hire',
    });
    const id = created.body.data.id as string;
    const token = await operatorLogin(harness.app, { username, password });
    expect((await call('GET', '/admin/api/withdrawals', token)).statusCode).toBe(200);

    const changed = await call('PATCH', `/admin/api/operators/${id}`, admin, {
      role: 'customer_service',
      brands: ['lumen', 'jinsheng'],
      reason: 'moved to support',
    });
    expect(changed.body.data).toMatchObject({
      role: 'customer_service',
      brands: ['jinsheng', 'lumen'],
    });
    // The same session holds the new rights at its next request.
    expect((await call('GET', '/admin/api/withdrawals', token)).body.data).toBe('forbidden');
    const [logged] = await harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.action, 'operator_update'),
          eq(operatorActions.targetType, 'operator'),
          eq(operatorActions.targetId, id),
        ),
      );
    expect(logged?.details).toMatchObject({
      before: { role: 'finance', brands: 'all' },
      after: { role: 'customer_service', brands: ['jinsheng', 'lumen'] },
    });

    const self = await call('PATCH', `/admin/api/operators/${adminId}`, admin, {
      role: 'auditor',
      reason: 'oops',
    });
    expect(self.body.data).toBe('operator_self_change');
    expect(
      (await call('POST', `/admin/api/operators/${adminId}/disable`, admin, { reason: 'x' })).body
        .data,
    ).toBe('operator_self_change');
    expect(
      (await call('PATCH', '/admin/api/operators/999999999', admin, { role: 'risk', reason: 'x' }))
        .body.data,
    ).toBe('operator_not_found');
  });

  it('logs out, disables, enables and resets the second factor of an account', async () => {
    const username = newName('acc');
    const created = await call('POST', '/admin/api/operators', admin, {
      username,
      password,
      role: 'risk',
      brands: 'all',
      reason: 'hire',
    });
    const id = created.body.data.id as string;
    let token = await operatorLogin(harness.app, { username, password });
    const act = (action: string) =>
      call('POST', `/admin/api/operators/${id}/${action}`, admin, { reason: `test ${action}` });

    expect((await act('logout')).body.data.sessions).toBe(0);
    expect((await call('GET', '/admin/api/me', token)).body.data).toBe('operator_token');

    token = await operatorLogin(harness.app, { username, password });
    expect((await act('disable')).body.data).toMatchObject({ disabled: true, sessions: 0 });
    expect((await call('GET', '/admin/api/me', token)).body.data).toBe('operator_token');
    await expect(operatorLogin(harness.app, { username, password })).rejects.toThrow(
      'operator_login_wrong',
    );
    expect((await act('enable')).body.data.disabled).toBe(false);
    token = await operatorLogin(harness.app, { username, password });
    expect((await call('GET', '/admin/api/me', token)).body.data.totpEnabled).toBe(true);

    expect((await act('reset-totp')).body.data).toMatchObject({ totpEnabled: false, sessions: 0 });
    const fresh = await harness.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      payload: { username, password },
    });
    expect(fresh.json<OperatorAnswer['body']>().data.operator.totpEnrolmentRequired).toBe(true);
    expect((await act('explode')).body.data).toBe('validation');
  });

  it('lists roles, and keeps custom ones editable and built-in ones fixed', async () => {
    const roles = await call('GET', '/admin/api/roles', admin);
    const finance = (roles.body.data.roles as { key: string; permissions: string[] }[]).find(
      (role) => role.key === 'finance',
    );
    expect(finance?.permissions).toEqual([...BUILT_IN_ROLES.finance]);

    const key = `clerk_${randomUUID().slice(0, 6)}`;
    const saved = await call('PUT', `/admin/api/roles/${key}`, admin, {
      permissions: ['withdrawals.review', 'members.read'],
      reason: 'payout clerks',
    });
    expect(saved.body.data).toMatchObject({
      key,
      builtIn: false,
      permissions: ['members.read', 'withdrawals.review'],
    });
    const username = newName('clk');
    await call('POST', '/admin/api/operators', admin, {
      username,
      password,
      role: key,
      brands: 'all',
      reason: 'hire',
    });
    const token = await operatorLogin(harness.app, { username, password });
    expect((await call('GET', '/admin/api/withdrawals', token)).statusCode).toBe(200);
    await call('PUT', `/admin/api/roles/${key}`, admin, {
      permissions: ['members.read'],
      reason: 'narrowed',
    });
    expect((await call('GET', '/admin/api/withdrawals', token)).body.data).toBe('forbidden');

    expect(
      (await call('PUT', '/admin/api/roles/finance', admin, { permissions: [], reason: 'x' })).body
        .data,
    ).toBe('operator_role_built_in');
    expect(
      (
        await call('PUT', `/admin/api/roles/${key}`, admin, {
          permissions: ['members.read', 'members.read'],
          reason: 'x',
        })
      ).body.data,
    ).toBe('validation');
    expect(
      (await call('PUT', `/admin/api/roles/${key}`, admin, { permissions: ['root'], reason: 'x' }))
        .body.data,
    ).toBe('validation');
  });
});
