import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorLogin } from '../../../test/operators.ts';
import { members } from '../../identity/member/member.schema.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { memberVips } from '../../engagement/vip/vip.schema.ts';

/** The back office's member search: every identifier, the filters, sorting, paging, scopes. */
let harness: TestApp;
let admin: string;
// Starts with letters no hex name has: other files' members (random hex names, shared database
// on PostgreSQL) can never contain it.
const tag = `zq${randomUUID().replaceAll('-', '').slice(0, 6)}`;
const phone = `139${String(randomInt(100_000_000)).padStart(8, '0')}`;
type Row = { username: string; brand: string; balance: string; id: string; vipLevel: number };
type Page = { items: Row[]; total: number };

async function search(query: string, token = admin) {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/members?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { statusCode: response.statusCode, body: response.json<{ data: Page | string }>() };
}

async function found(query: string, token = admin): Promise<string[]> {
  const answer = await search(query, token);
  const page = answer.body.data as Page;
  return page.items.map((row) => row.username).sort();
}

async function member(
  brand: string,
  name: string,
  fields: Partial<typeof members.$inferInsert> = {},
): Promise<bigint> {
  const username = `${name}${tag}`;
  const [row] = await harness.database.db
    .insert(members)
    .values({
      brandCode: brand,
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: 'x',
      inviteCode: `I${name}${tag}`.slice(0, 12).toUpperCase(),
      ...fields,
    })
    .returning({ id: members.id });
  return row!.id;
}

async function credit(brand: string, username: string, amount: string) {
  const response = await harness.app.inject({
    method: 'POST',
    url: `/admin/api/members/${username}${tag}/adjust`,
    headers: { authorization: `Bearer ${admin}` },
    payload: { brand, amount, reason: 'search test', idempotencyKey: randomUUID() },
  });
  expect(response.json<{ status: boolean }>().status).toBe(true);
}

beforeAll(async () => {
  harness = await createTestApp();
  const username = `srch${tag}`;
  await new OperatorService(harness.database.db).seedAdmin(username, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username, password: 'operator-pass-1' });
  const agentId = await member('jinsheng', 'agent');
  await member('jinsheng', 'alice', {
    phoneAreaCode: '86',
    phone,
    email: `alice${tag}@example.com`,
    realName: '张丽丝',
    registerIp: '198.51.100.7',
    registerDeviceNo: `dev-alice-${tag}`,
    referrerMemberId: agentId,
    createdAt: new Date('2026-01-10T00:00:00Z'),
  });
  const bobId = await member('jinsheng', 'bob', {
    lastLoginIp: '203.0.113.44',
    lastLoginAt: new Date('2026-11-01T00:00:00Z'),
    status: 'disabled',
    createdAt: new Date('2026-06-10T00:00:00Z'),
  });
  await harness.database.db
    .insert(memberVips)
    .values({ memberId: bobId, brandCode: 'jinsheng', level: 3 });
  await member('lumen', 'carol', { createdAt: new Date('2026-09-10T00:00:00Z') });
  await credit('jinsheng', 'alice', '120.50');
  await credit('jinsheng', 'bob', '900.00');
});
afterAll(async () => {
  await harness.close();
});

describe('member search', () => {
  it('finds a member by any of their identifiers', async () => {
    const alice = [`alice${tag}`];
    expect(await found(`q=ALICE${tag}`)).toEqual(alice);
    expect(await found(`q=${encodeURIComponent(`alice${tag}@example`)}`)).toEqual(alice);
    expect(await found(`q=${encodeURIComponent('丽丝')}&brand=jinsheng`)).toContain(`alice${tag}`);
    expect(await found(`q=198.51.100.7`)).toEqual(alice);
    expect(await found(`q=dev-alice-${tag}`)).toEqual(alice);
    // An invite code is matched whole, never by a part of it.
    const inviteCode = `IALICE${tag}`.slice(0, 12).toUpperCase();
    expect(await found(`q=${inviteCode}`)).toEqual(alice);
    expect(await found(`q=${inviteCode.slice(0, 9)}`)).toEqual([]);
    const page = (await search(`q=alice${tag}`)).body.data as Page;
    // A member id finds its member (and whoever has those digits in a name or number).
    expect(await found(`q=${page.items[0]!.id}`)).toContain(`alice${tag}`);
    expect(await found(`q=203.0.113.44`)).toEqual([`bob${tag}`]);
    // LIKE wildcards are text, not patterns.
    expect(await found(`q=${encodeURIComponent('%')}${tag}`)).toEqual([]);
  });

  it('filters by brand, status, VIP level, agent, dates and balance', async () => {
    const ours = (extra: string) => found(`q=${tag}&${extra}`);
    expect(await ours('brand=lumen')).toEqual([`carol${tag}`]);
    expect(await ours('status=disabled')).toEqual([`bob${tag}`]);
    expect(await ours('vipLevel=3')).toEqual([`bob${tag}`]);
    expect(await ours(`agent=AGENT${tag}`)).toEqual([`alice${tag}`]);
    expect(
      await ours('registeredFrom=2026-06-01T00:00:00Z&registeredTo=2026-07-01T00:00:00Z'),
    ).toEqual([`bob${tag}`]);
    expect(await ours('lastLoginFrom=2026-10-01T00:00:00Z')).toEqual([`bob${tag}`]);
    expect(await ours('balanceAbove=100')).toEqual([`alice${tag}`, `bob${tag}`]);
    expect(await ours('balanceAbove=500.00')).toEqual([`bob${tag}`]);
  });

  it('sorts and pages on the server', async () => {
    const byBalance = (await search(`q=${tag}&brand=jinsheng&sort=balance&order=desc`)).body
      .data as Page;
    expect(byBalance.items.map((row) => [row.username, row.balance])).toEqual([
      [`bob${tag}`, '900.00'],
      [`alice${tag}`, '120.50'],
      [`agent${tag}`, '0.00'],
    ]);
    const second = (await search(`q=${tag}&sort=username&order=asc&pageSize=1&page=2`)).body
      .data as Page;
    expect(second.total).toBe(4);
    expect(second.items.map((row) => row.username)).toEqual([`alice${tag}`]);
  });

  it('keeps an operator to their brands', async () => {
    const lumen = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
    expect(await found(`q=${tag}`, lumen.token)).toEqual([`carol${tag}`]);
    expect((await search(`q=${tag}&brand=jinsheng`, lumen.token)).body.data).toBe('forbidden');
    const content = await createOperator(harness, { role: 'content' });
    expect((await search(`q=${tag}`, content.token)).body.data).toBe('forbidden');
  });

  it('answers bad input with validation', async () => {
    for (const query of [
      'pageSize=0',
      'pageSize=201',
      'sort=password',
      'balanceAbove=abc',
      'registeredFrom=yesterday',
      'vipLevel=31',
      `q=${'x'.repeat(65)}`,
    ]) {
      const answer = await search(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body.data, query).toBe('validation');
    }
  });
});
