import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorService } from '../contexts/identity/operator/operator.service.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { operatorLogin } from '../test/operators.ts';

type Operation = { responses?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

let development: TestApp;
let production: TestApp;

async function operatorToken(harness: TestApp): Promise<string> {
  const name = `doc${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(name, 'operator-pass-1');
  const loginToken = await operatorLogin(harness.app, {
    username: name,
    password: 'operator-pass-1',
  });
  return loginToken;
}

async function documentOf(harness: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await harness.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

const operatorPaths = (document: Document) =>
  Object.keys(document.paths).filter((path) => path.startsWith('/admin/api'));

beforeAll(async () => {
  development = await createTestApp();
  production = await createTestApp({ production: true });
}, 60_000);

afterAll(async () => {
  await development.close();
  await production.close();
});

describe('the OpenAPI document', () => {
  it('lists for every operation the failures it can answer', async () => {
    const document = await documentOf(development, '/api/openapi.json');
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {}).map((status) =>
          status.toLowerCase(),
        );
        if (!statuses.includes('4xx') || !statuses.includes('5xx')) {
          undocumented.push(`${method} ${path}: ${statuses.join(',')}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
  });

  it('shows the operator API to everyone outside production', async () => {
    expect(
      operatorPaths(await documentOf(development, '/api/openapi.json')).length,
    ).toBeGreaterThan(20);
  });

  it('in production, shows the operator API only to a logged-in operator', async () => {
    for (const url of ['/api/openapi.json', '/api/docs/json']) {
      const anonymous = await documentOf(production, url);
      expect(operatorPaths(anonymous), url).toEqual([]);
      expect(Object.keys(anonymous.paths)).toContain('/api/f/v1/member/login/mpe');
      const forged = await documentOf(production, url, {
        authorization: `Bearer ${'x'.repeat(40)}`,
      });
      expect(operatorPaths(forged), url).toEqual([]);
    }
    const token = await operatorToken(production);
    const document = await documentOf(production, '/api/openapi.json', {
      authorization: `Bearer ${token}`,
    });
    expect(operatorPaths(document)).toContain('/admin/api/login');
    expect(operatorPaths(document).length).toBeGreaterThan(20);
  });
});

describe('errors the router meets before any route', () => {
  it.each([
    ['/api/f/v1/upload/%ZZ', 400, 'malformed_url'],
    ['/admin/api/promo/promotions/%E0%A4%A', 400, 'malformed_url'],
    [`/api/f/v1/upload/${'a'.repeat(201)}`, 414, 'url_too_long'],
    [`/admin/api/promo/promotions/${'9'.repeat(300)}`, 414, 'url_too_long'],
  ])('%s answers the envelope with %i %s', async (url, status, code) => {
    const response = await development.app.inject({ method: 'GET', url, headers: { lang: 'en' } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json<{ status: boolean; data: string; message: string }>();
    expect(body).toMatchObject({ status: false, data: code });
    expect(body.message).toMatch(/address/);
    expect(response.body).not.toContain('FST_');
  });
});
