import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActionsExportEndpoint,
  adminApprovalsExportEndpoint,
  adminMembersExportEndpoint,
  adminOperatorsExportEndpoint,
} from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { operatorCall, operatorLogin } from '../../test/operators.ts';
import { members } from '../identity/member/member.schema.ts';
import { operatorActions, operators } from '../identity/operator/operator.schema.ts';
import { OperatorService } from '../identity/operator/operator.service.ts';
import { createOperator } from '../identity/operator/operator.test-support.ts';
import { approvalRequests } from '../money/approvals/approvals.schema.ts';

/** A phone of this run: the unique index spans every test file's members on PostgreSQL. */
const testPhone = `139${String(randomInt(100_000_000)).padStart(8, '0')}`;

/**
 * The CSV exports of the back office's lists (members, action log, approvals, operators): the
 * list's filter, permission and brands; the format; batches; and the export's action-log row.
 */
let harness: TestApp;
let admin: string;
let adminName: string;
let adminId: bigint;
let statements: string[] = [];
const tag = randomUUID().replaceAll('-', '').slice(0, 6);
const BOM = '\uFEFF';

async function download(url: string, token = admin) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  const csv = response.headers['content-type']?.toString().startsWith('text/csv') ?? false;
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
    code: csv ? undefined : response.json<{ data: unknown }>().data,
    /** The lines without the BOM, each split into cells (no test cell holds a comma). */
    rows: response.body
      .replace(BOM, '')
      .split('\r\n')
      .slice(0, -1)
      .map((line) => line.split(',')),
  };
}

async function member(brand: string, name: string, fields: Partial<typeof members.$inferInsert>) {
  const username = `${name}${tag}`;
  await harness.database.db.insert(members).values({
    brandCode: brand,
    username,
    usernameKey: username.toLowerCase(),
    passwordHash: 'x',
    inviteCode: `X${name}${tag}`.slice(0, 12).toUpperCase(),
    ...fields,
  });
}

/** The newest export rows of the action log for a list, by this test's admin. */
async function exportsLogged(list: string, operatorId = adminId) {
  return harness.database.db
    .select()
    .from(operatorActions)
    .where(
      and(
        eq(operatorActions.action, 'export'),
        eq(operatorActions.targetType, list),
        eq(operatorActions.operatorId, operatorId),
      ),
    )
    .orderBy(desc(operatorActions.id));
}

beforeAll(async () => {
  harness = await createTestApp({
    observeQuery: (query) => statements.push(query),
  });
  adminName = `exp${tag}`;
  await new OperatorService(harness.database.db).seedAdmin(adminName, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username: adminName, password: 'operator-pass-1' });
  const [me] = await harness.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, adminName));
  adminId = me!.id;
  await member('jinsheng', 'eve', {
    realName: '=HYPERLINK("http://evil.example")',
    phoneAreaCode: '86',
    phone: testPhone,
    createdAt: new Date('2026-02-01T08:00:00Z'),
  });
  await member('jinsheng', 'zhang', {
    realName: '张伟',
    createdAt: new Date('2026-02-02T00:00:00Z'),
  });
  await member('lumen', 'luke', { createdAt: new Date('2026-02-03T00:00:00Z') });
  const credit = await operatorCall(
    harness.app,
    'POST',
    `/admin/api/members/zhang${tag}/adjust`,
    admin,
    {
      brand: 'jinsheng',
      amount: '120.50',
      reason: 'export test',
      idempotencyKey: randomUUID(),
    },
  );
  expect(credit.body.status).toBe(true);
}, 60_000);
afterAll(async () => {
  await harness.close();
});

describe('members export', () => {
  it('answers the filtered members as CSV: BOM, header, money as decimals, formulas neutralised', async () => {
    const answer = await download(`/admin/api/members/export?q=${tag}&brand=jinsheng&order=asc`);
    // The static segment wins over the member record's `/members/:id`.
    expect(harness.app.hasRoute({ method: 'GET', url: '/admin/api/members/:id' })).toBe(true);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="members-\d{8}T\d{6}Z\.csv"$/,
    );
    expect(answer.body.startsWith(`${BOM}id,brand,username,`)).toBe(true);
    const [header, ...rows] = answer.rows;
    expect(header).toEqual([...adminMembersExportEndpoint.columns]);
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(rows.map((row) => cell(row, 'username'))).toEqual([`eve${tag}`, `zhang${tag}`]);
    const [eve, zhang] = rows;
    expect(cell(zhang!, 'balance')).toBe('120.50');
    expect(cell(zhang!, 'currency')).toBe('CNY');
    expect(cell(zhang!, 'real_name')).toBe('张伟');
    expect(cell(eve!, 'balance')).toBe('0.00');
    expect(cell(eve!, 'registered_at')).toBe('2026-02-01T08:00:00.000Z');
    expect(cell(eve!, 'phone')).toBe(`'+86 ${testPhone}`);
    // The formula's quotes make the cell a quoted one: the apostrophe comes first inside.
    expect(answer.body).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    const [logged] = await exportsLogged('members');
    expect(logged).toMatchObject({
      brandCode: 'jinsheng',
      details: {
        filter: { q: tag, brand: 'jinsheng', order: 'asc' },
        rows: 2,
        outcome: 'complete',
      },
    });
  });

  it("keeps an operator to the list's brands and permission", async () => {
    const lumen = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
    const own = await download(`/admin/api/members/export?q=${tag}`, lumen.token);
    expect(own.rows.slice(1).map((row) => row[2])).toEqual([`luke${tag}`]);
    const other = await download(`/admin/api/members/export?q=${tag}&brand=jinsheng`, lumen.token);
    expect([other.statusCode, other.code]).toEqual([403, 'forbidden']);
    const content = await createOperator(harness, { role: 'content' });
    const refused = await download(`/admin/api/members/export?q=${tag}`, content.token);
    expect([refused.statusCode, refused.code]).toEqual([403, 'forbidden']);
    const bad = await download('/admin/api/members/export?balanceAbove=abc');
    expect([bad.statusCode, bad.code]).toEqual([400, 'validation']);
  });

  it('streams a large export in keyset batches, every member once, and logs it', async () => {
    const bulk = `bulk${tag}`;
    await harness.database.db.insert(members).values(
      Array.from({ length: 2_500 }, (_, index) => ({
        brandCode: 'lumen',
        username: `${bulk}n${index}`,
        usernameKey: `${bulk}n${index}`,
        passwordHash: 'x',
        inviteCode: `B${tag}${index}`.toUpperCase(),
      })),
    );
    statements = [];
    const answer = await download(`/admin/api/members/export?q=${bulk}&brand=lumen`);
    expect(answer.statusCode).toBe(200);
    const names = answer.rows.slice(1).map((row) => row[2]);
    expect(names).toHaveLength(2_500);
    expect(new Set(names).size).toBe(2_500);
    const ids = answer.rows.slice(1).map((row) => BigInt(row[0]!));
    expect(ids.every((id, index) => index === 0 || id < ids[index - 1]!)).toBe(true);
    const batches = statements.filter((query) => /order by m\.id desc limit/i.test(query));
    expect(batches).toHaveLength(3);
    const [logged] = await exportsLogged('members');
    expect(logged?.details).toMatchObject({ rows: 2_500, outcome: 'complete' });
  });
});

describe('the other lists', () => {
  it('exports the action log with before and after, within the filter', async () => {
    const created = await operatorCall(harness.app, 'POST', '/admin/api/operators', admin, {
      username: `logged${tag}`,
      password: 'a-long-staff-password',
      role: 'auditor',
      brands: ['lumen'],
      reason: 'hire',
    });
    await operatorCall(
      harness.app,
      'PATCH',
      `/admin/api/operators/${created.body.data.id}`,
      admin,
      {
        role: 'finance',
        reason: '=cmd|calc',
      },
    );
    const answer = await download(
      `/admin/api/actions/export?operator=${adminName}&action=operator_update`,
    );
    const [header, ...rows] = answer.rows;
    expect(header).toEqual([...adminActionsExportEndpoint.columns]);
    expect(rows).toHaveLength(1);
    expect(answer.body).toContain(`,'=cmd|calc,"{""role"":""auditor""}","{""role"":""finance""}",`);
    const [logged] = await exportsLogged('actions');
    expect(logged?.details).toMatchObject({
      filter: { operator: adminName, action: 'operator_update' },
      rows: 1,
    });
    const auditor = await createOperator(harness, { role: 'auditor', brands: ['lumen'] });
    const narrowed = await download(
      `/admin/api/actions/export?operator=${adminName}&action=operator_update`,
      auditor.token,
    );
    // The operator's actions have no brand: an operator of one brand sees none of them.
    expect(narrowed.rows).toHaveLength(1);
  });

  it('exports the approvals queue with amounts as decimals', async () => {
    const target = `queue${tag}`;
    await harness.database.db.insert(approvalRequests).values({
      brandCode: 'jinsheng',
      kind: 'balance_adjustment',
      target,
      amountMinor: 500_050n,
      currency: 'CNY',
      reason: 'big credit',
      payload: { amount: '5000.50', idempotencyKey: randomUUID() },
      requestedBy: adminId,
    });
    const answer = await download('/admin/api/approvals/export?status=pending&brand=jinsheng');
    const [header, ...rows] = answer.rows;
    expect(header).toEqual([...adminApprovalsExportEndpoint.columns]);
    const ours = rows.filter((row) => row[3] === target);
    expect(ours).toHaveLength(1);
    expect(ours[0]![4]).toBe('5000.50');
    const lumen = await createOperator(harness, { role: 'finance', brands: ['lumen'] });
    const other = await download('/admin/api/approvals/export?brand=jinsheng', lumen.token);
    expect(other.code).toBe('forbidden');
    const narrowed = await download('/admin/api/approvals/export?status=pending', lumen.token);
    expect(narrowed.rows.slice(1).every((row) => row[1] === 'lumen')).toBe(true);
  });

  it('exports the operators, to operators of every brand with operators.manage only', async () => {
    const answer = await download(`/admin/api/operators/export?q=${tag}`);
    const [header, ...rows] = answer.rows;
    expect(header).toEqual([...adminOperatorsExportEndpoint.columns]);
    expect(rows.map((row) => row[1])).toEqual([adminName, `logged${tag}`].sort());
    expect(answer.body).not.toMatch(/argon|\$/);
    const scoped = await createOperator(harness, { role: 'super_admin', brands: ['lumen'] });
    expect((await download('/admin/api/operators/export', scoped.token)).code).toBe('forbidden');
    const finance = await createOperator(harness, { role: 'finance' });
    expect((await download('/admin/api/operators/export', finance.token)).code).toBe('forbidden');
  });
});

describe('the OpenAPI document', () => {
  it('describes each export as CSV, with its permission and the list filters', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Operation = {
      'x-permission'?: string;
      parameters?: { name: string }[];
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const paths = response.json<{ paths: Record<string, { get: Operation }> }>().paths;
    for (const [path, permission] of [
      ['/admin/api/members/export', 'members.read'],
      ['/admin/api/actions/export', 'audit.read'],
      ['/admin/api/approvals/export', 'approvals.decide'],
      ['/admin/api/operators/export', 'operators.manage'],
    ] as const) {
      const operation = paths[path]!.get;
      expect(operation['x-permission'], path).toBe(permission);
      expect(Object.keys(operation.responses['200']?.content ?? {}), path).toEqual(['text/csv']);
      const names = (operation.parameters ?? []).map((parameter) => parameter.name);
      expect(names, path).not.toContain('page');
      expect(names, path).not.toContain('beforeId');
    }
  });
});
