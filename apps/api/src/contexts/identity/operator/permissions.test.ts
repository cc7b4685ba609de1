import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, PERMISSIONS, type Permission } from '@lobby/contracts';
import { operatorAuthPlugin, type OperatorRoute } from '../../../plugins/operator-auth.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createOperator } from './operator.test-support.ts';

/**
 * The permission matrix of the operator API: every operator route declares the permission it
 * needs, an operator whose role lacks it is refused with `forbidden` before anything else
 * happens, and one whose role holds only it gets past the guard.
 */
let harness: TestApp;
let routes: OperatorRoute[];

beforeAll(async () => {
  harness = await createTestApp();
  routes = harness.app.operatorRoutes;
});
afterAll(async () => {
  await harness.close();
});

/** The route's URL with each path parameter filled in. */
function urlOf(route: OperatorRoute): string {
  return route.url.replace(/:[A-Za-z]+/g, '1');
}

async function call(route: OperatorRoute, token: string) {
  const response = await harness.app.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    headers: { authorization: `Bearer ${token}` },
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
  // A CSV export past the guard answers CSV, not the envelope.
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return {
    statusCode: response.statusCode,
    code: json ? response.json<{ data: unknown }>().data : undefined,
  };
}

describe('operator permissions', () => {
  it('lists every operator route with its permission; only logout, me and enrolment need a session alone', () => {
    expect(routes.length).toBeGreaterThanOrEqual(66);
    const sessionOnly = routes.filter((route) => route.permission === 'session');
    expect(sessionOnly.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /admin/api/me',
      'POST /admin/api/logout',
      'POST /admin/api/me/totp/confirm',
      'POST /admin/api/me/totp/setup',
    ]);
    for (const route of routes) {
      if (route.permission !== 'session') expect(PERMISSIONS).toContain(route.permission);
    }
  });

  it('refuses to start with an operator route that declares no permission', async () => {
    const app = Fastify();
    await app.register(fp(async () => undefined, { name: 'request-context' }));
    await app.register(operatorAuthPlugin, { operators: { resolve: async () => null } });
    await expect(
      app.register(async (scope) => {
        scope.get('/admin/api/undeclared', { config: { access: 'operator' } }, async () => 'x');
      }),
    ).rejects.toThrow('GET /admin/api/undeclared declares no permission');
    await app.close();
  });

  it('answers forbidden (403) on every route to a role that lacks its permission', async () => {
    const lacking = new Map<Permission, string>();
    for (const permission of PERMISSIONS) {
      const { token } = await createOperator(harness, {
        role: `test_without_${permission.replace('.', '_')}`,
        permissions: PERMISSIONS.filter((other) => other !== permission),
      });
      lacking.set(permission, token);
    }
    const refused: string[] = [];
    for (const route of routes) {
      if (route.permission === 'session') continue;
      const answer = await call(route, lacking.get(route.permission) ?? '');
      if (answer.statusCode !== 403 || answer.code !== 'forbidden') {
        refused.push(`${route.method} ${route.url}: ${answer.statusCode} ${String(answer.code)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('lets a role holding only the permission past the guard on every route', async () => {
    const only = new Map<Permission, string>();
    for (const permission of PERMISSIONS) {
      const { token } = await createOperator(harness, {
        role: `test_only_${permission.replace('.', '_')}`,
        permissions: [permission],
      });
      only.set(permission, token);
    }
    const stopped: string[] = [];
    for (const route of routes) {
      if (route.permission === 'session') continue;
      const answer = await call(route, only.get(route.permission) ?? '');
      if (answer.statusCode === 401 || answer.statusCode === 403 || answer.statusCode >= 500) {
        stopped.push(`${route.method} ${route.url}: ${answer.statusCode} ${String(answer.code)}`);
      }
    }
    expect(stopped).toEqual([]);
  });

  it('gives the built-in roles what they are for, and nothing to an unknown role', async () => {
    const withdrawals = routes.find((route) => route.url === '/admin/api/withdrawals')!;
    const promotions = routes.find(
      (route) => route.method === 'GET' && route.url === '/admin/api/promo/promotions',
    )!;
    const finance = await createOperator(harness, { role: 'finance' });
    const service = await createOperator(harness, { role: 'customer_service' });
    const marketing = await createOperator(harness, { role: 'marketing' });
    const unknown = await createOperator(harness, { role: 'no_such_role' });
    expect((await call(withdrawals, finance.token)).statusCode).not.toBe(403);
    expect((await call(withdrawals, service.token)).code).toBe('forbidden');
    expect((await call(promotions, marketing.token)).statusCode).not.toBe(403);
    expect((await call(promotions, finance.token)).code).toBe('forbidden');
    expect((await call(withdrawals, unknown.token)).code).toBe('forbidden');
    expect(BUILT_IN_ROLES.super_admin).toEqual(PERMISSIONS);
    expect(BUILT_IN_ROLES.auditor.every((permission) => /\.read$/.test(permission))).toBe(true);
  });

  it('carries each operation its permission as x-permission in the OpenAPI document', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = response.json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>().paths;
    const mismatches: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = paths[path]?.[route.method.toLowerCase()];
      const expected = route.permission === 'session' ? undefined : route.permission;
      if (operation?.['x-permission'] !== expected) {
        mismatches.push(`${route.method} ${route.url}: ${String(operation?.['x-permission'])}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(paths['/admin/api/login']?.post?.['x-permission']).toBeUndefined();
  });
});
