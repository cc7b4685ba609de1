import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@lobby/contracts';
import { form } from '../test/app.ts';
import {
  createWalletTestApp,
  type WalletTestApp,
} from '../contexts/money/withdrawal/wallet-test-app.ts';

/**
 * The text rule of every request (plugins/input.ts): no control character reaches a route, and
 * so none reaches SQL. This walks every string field of every endpoint of the contracts (body,
 * query and path parameters), sends a NUL in it, member and operator credentials attached, and
 * proves the answer is `validation` naming that field, and that no statement ran with a NUL.
 */

type Part = 'body' | 'query' | 'params';
type Endpoint = {
  path: string;
  method?: string;
  methods?: readonly string[];
  body?: unknown;
  query?: unknown;
  params?: unknown;
};
type Case = { name: string; endpoint: Endpoint; method: string; part: Part; path: string[] };

let harness: WalletTestApp;
let memberToken: string;
let operatorToken: string;
const statementsWithNul: string[] = [];

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.values(value).some(hasNul);
  return false;
}

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null || !('path' in value)) return false;
  const { path } = value;
  return typeof path === 'string' && (path.startsWith('/api/') || path.startsWith('/admin/api/'));
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every string leaf of a zod schema, as a path ('*' for array items and record values). */
function stringPaths(schema: unknown, path: string[] = [], seen = new Set<unknown>()): string[][] {
  if (schema === undefined || seen.has(schema)) return [];
  const def = defOf(schema);
  const next = new Set(seen).add(schema);
  const child = (key: string, segment?: string) =>
    stringPaths(def[key], segment ? [...path, segment] : path, next);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, value]) =>
        stringPaths(value, [...path, name], next),
      );
    case 'array':
      return child('element', '*');
    case 'record':
      return child('valueType', '*');
    case 'union':
      return (def.options as unknown[]).flatMap((option) => stringPaths(option, path, next));
    case 'pipe':
      return [...child('in'), ...child('out')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return child('innerType');
    default:
      return [];
  }
}

/** One value per path: `{a: {b: [x]}}` for ['a', 'b', '*']. */
function valueAt(path: string[], leaf: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const inner = valueAt(rest, leaf);
  return head === '*' ? [inner] : { [head]: inner };
}

function cases(): Case[] {
  const found = new Map<string, Case>();
  for (const value of Object.values(contracts)) {
    if (!isEndpoint(value)) continue;
    const methods = value.methods ?? [value.method ?? 'GET'];
    for (const method of methods) {
      for (const part of ['body', 'query', 'params'] as const) {
        if (part === 'body' && method === 'GET') continue;
        for (const path of stringPaths(value[part])) {
          // Query strings carry flat names only.
          if (part !== 'body' && path.length !== 1) continue;
          const name = `${method} ${value.path} ${part} ${path.join('.')}`;
          found.set(name, { name, endpoint: value, method, part, path });
        }
      }
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const ALL_CASES = cases();
const NUL_TEXT = 'a\u0000b';

/**
 * Where a field travels: `params` of an endpoint whose path names no such parameter are its
 * fields either way (GET in the query, POST in the body, as `/api/game/transfer`).
 */
function placeOf(testCase: Case): Part {
  if (testCase.part !== 'params' || testCase.endpoint.path.includes(`:${testCase.path[0]}`)) {
    return testCase.part;
  }
  return testCase.method === 'GET' ? 'query' : 'body';
}

/** A form body with the member's headers besides its content type. */
function memberForm(headers: Record<string, string>, fields: Record<string, string>) {
  const body = form(fields);
  return { payload: body.payload, headers: { ...headers, ...body.headers } };
}

function urlOf(endpoint: Endpoint, part: Part, field: string | undefined): string {
  let url = endpoint.path.replaceAll(/:(\w+)/g, (_match, name: string) =>
    part === 'params' && name === field ? encodeURIComponent(NUL_TEXT) : '1',
  );
  if (part === 'query' && field) url += `?${field}=${encodeURIComponent(NUL_TEXT)}`;
  return url;
}

beforeAll(async () => {
  harness = await createWalletTestApp({
    observeQuery(query, params) {
      if (hasNul(params) || query.includes('\u0000')) statementsWithNul.push(query);
    },
  });
  memberToken = (await harness.register()).token;
  operatorToken = await harness.operatorToken();
}, 60_000);

afterAll(async () => {
  await harness.close();
});

describe('control characters in any contract string', () => {
  it('finds the string fields of the contracts to try', () => {
    // A walk that found nothing would prove nothing: the contracts have hundreds of fields.
    expect(ALL_CASES.length).toBeGreaterThan(150);
    const names = ALL_CASES.map((testCase) => testCase.name);
    expect(names).toContain('POST /api/f/v1/member/login/mpe body username');
    expect(names).toContain('POST /admin/api/login body username');
    expect(names).toContain('POST /api/f/v1/deposit/notice body payerName');
  });

  it.each(ALL_CASES.map((testCase) => [testCase.name, testCase] as const))(
    '%s: a NUL is refused with validation and the field',
    async (_name, testCase) => {
      const field = testCase.path.join('.');
      const headers = {
        t: memberToken,
        authorization: `Bearer ${operatorToken}`,
      };
      const place = placeOf(testCase);
      const jsonBody =
        place === 'body'
          ? valueAt(testCase.path, NUL_TEXT)
          : testCase.method === 'GET'
            ? undefined
            : {};
      const response = await harness.app.inject({
        method: testCase.method as 'GET' | 'POST',
        url: urlOf(testCase.endpoint, place, testCase.path[0]),
        headers,
        ...(jsonBody === undefined ? {} : { payload: jsonBody as object }),
      });
      expect(response.statusCode, response.body).toBe(400);
      const envelope = response.json<{ data: string; fields?: { path: string }[] }>();
      expect(envelope.data).toBe('validation');
      expect(envelope.fields?.[0]?.path).toBe(field.replaceAll('*', '0'));
    },
  );

  it('refuses %00 in a form body, a query string and a path parameter alike', async () => {
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/member/login/mpe',
      ...form({ username: 'ab\u0000c', password: 'x', key: 'k', code: 'c' }),
    });
    expect(login.json()).toMatchObject({
      data: 'validation',
      fields: [{ path: 'username', code: 'control_character' }],
    });
    const query = await harness.app.inject({
      method: 'GET',
      url: '/api/findmed/v1/member/record/game?platform=%00',
      headers: { t: memberToken },
    });
    expect(query.json()).toMatchObject({ data: 'validation', fields: [{ path: 'platform' }] });
    const param = await harness.app.inject({
      method: 'GET',
      url: '/api/f/v1/upload/%00',
    });
    expect(param.json()).toMatchObject({ data: 'validation', fields: [{ path: 'id' }] });
  });

  it('keeps tab and line breaks for multi-line texts only', async () => {
    const member = await harness.register();
    const multiLine = await harness.app.inject({
      method: 'POST',
      url: '/api/findmed/v1/member/feedback',
      ...memberForm(member.headers, {
        category: '1',
        content: 'line one\r\nline two\tand a tab, long enough',
      }),
    });
    expect(multiLine.json().fields ?? []).not.toContainEqual(
      expect.objectContaining({ code: 'control_character' }),
    );
    const singleLine = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/deposit/notice',
      ...memberForm(member.headers, {
        orderNo: 'D1',
        payerName: 'Zhang\nSan',
        transferredAt: '2026-01-01T00:00:00Z',
      }),
    });
    expect(singleLine.json(), singleLine.body).toMatchObject({
      data: 'validation',
      fields: [{ path: 'payerName', code: 'control_character' }],
    });
    const escape = await harness.app.inject({
      method: 'POST',
      url: '/api/findmed/v1/member/feedback',
      ...memberForm(member.headers, {
        category: '1',
        content: 'an escape \u001b[31m in a long enough text',
      }),
    });
    expect(escape.json()).toMatchObject({ data: 'validation', fields: [{ path: 'content' }] });
  });

  it('let no statement run with a NUL in it', () => {
    expect(statementsWithNul).toEqual([]);
  });
});

describe('an absent body', () => {
  it('is an empty form: a call that takes no fields works without one', async () => {
    const member = await harness.register();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/findmed/v1/member/logout',
      headers: member.headers,
    });
    expect(response.json()).toMatchObject({ status: true });
    // The daily sign-in takes no fields: without a body it is the same call as with an empty one.
    const signer = await harness.register();
    const sign = await harness.app.inject({
      method: 'POST',
      url: '/api/findmed/v1/promo/sign',
      headers: signer.headers,
    });
    expect(sign.json().data).not.toBe('validation');
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/member/login/mpe',
    });
    // A call that needs fields names them, as for an empty form.
    expect(refused.json()).toMatchObject({ data: 'validation' });
    expect(refused.statusCode).toBe(400);
  });
});
