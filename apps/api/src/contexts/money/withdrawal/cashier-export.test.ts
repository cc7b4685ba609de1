import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDepositsExportEndpoint, adminWithdrawalsExportEndpoint } from '@lobby/contracts';
import { parseCsv } from '../../../test/csv.ts';
import { operatorActions, operators } from '../../identity/operator/operator.schema.ts';
import { depositOrders } from '../deposit/deposit.schema.ts';
import { createCashierHarness, type CashierHarness } from './cashier.test-support.ts';
import { withdrawalOrders } from './withdrawal.schema.ts';

/**
 * The cashier queues as CSV (the queue's filters, permission and brands, amounts as decimals,
 * the review state, the export's action-log row), and the balance before and after in the
 * action-log row of a balance adjustment.
 */
let h: CashierHarness;
let admin: { token: string; username: string };
const accountNumber = `6222${String(Date.now()).slice(-10)}`;
const orders = { first: '', second: '', paid: '' };
const deposits = { confirmed: '', submitted: '' };
let memberName = '';

async function download(path: string, query: string, token = admin.token) {
  const response = await h.harness.app.inject({
    method: 'GET',
    url: `${path}?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const csv = response.headers['content-type']?.toString().startsWith('text/csv') ?? false;
  const { header, rows } = csv ? parseCsv(response.body) : { header: [], rows: [] };
  return {
    statusCode: response.statusCode,
    body: response.body,
    code: csv ? undefined : response.json<{ data: unknown }>().data,
    header,
    rows,
  };
}

async function lastExport(list: string) {
  const [row] = await h.harness.database.db
    .select()
    .from(operatorActions)
    .where(and(eq(operatorActions.action, 'export'), eq(operatorActions.targetType, list)))
    .orderBy(desc(operatorActions.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  h = await createCashierHarness();
  admin = await h.superAdmin();
  const member = await h.member();
  memberName = member.username;
  const account = await h.payoutAccount(member.id, { accountNumber });
  orders.first = await h.withdrawal(member.id, account, 123_456n, new Date('2026-05-01T10:00:00Z'));
  orders.second = await h.withdrawal(member.id, account, 5_000n, new Date('2026-05-02T10:00:00Z'));
  orders.paid = await h.withdrawal(member.id, account, 7_000n, new Date('2026-05-03T10:00:00Z'));
  await h.setStatus(orders.paid, 'approved');
  // Decided by the admin: recorded by id, exported by username.
  const [me] = await h.harness.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, admin.username));
  await h.harness.database.db
    .update(withdrawalOrders)
    .set({ decidedBy: `operator:${me!.id}` })
    .where(eq(withdrawalOrders.orderNo, orders.paid));
  const held = await h.call(admin.token, 'POST', `/admin/api/withdrawals/${orders.second}/hold`, {
    reason: 'documents asked',
  });
  expect(held.body.status).toBe(true);

  await h.confirmedDeposit(member.id, 30_000n, new Date('2026-04-01T10:00:00Z'));
  const [confirmed] = await h.harness.database.db
    .select({ orderNo: depositOrders.orderNo })
    .from(depositOrders)
    .where(eq(depositOrders.memberId, member.id));
  deposits.confirmed = confirmed!.orderNo;
  await h.harness.database.db
    .update(depositOrders)
    .set({ decidedBy: `operator:${me!.id}` })
    .where(eq(depositOrders.orderNo, deposits.confirmed));
  deposits.submitted = `D${Date.now()}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  await h.harness.database.db.insert(depositOrders).values({
    orderNo: deposits.submitted,
    brandCode: h.brand,
    memberId: member.id,
    channelCode: 'bank',
    channelType: 'bank',
    currency: 'CNY',
    amountMinor: 8_850n,
    status: 'submitted',
    idempotencyKey: randomUUID(),
    requestHash: 'x',
    details: {
      notice: { payerName: '李四', transferredAt: '2026-04-02T09:00:00.000Z', note: 'n' },
    },
    createdAt: new Date('2026-04-02T10:00:00Z'),
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('withdrawal queue export', () => {
  it('answers the pending orders oldest first with the review state, account and flags', async () => {
    const answer = await download('/admin/api/withdrawals/export', `brand=${h.brand}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.header).toEqual([...adminWithdrawalsExportEndpoint.columns]);
    expect(answer.rows.map((row) => row.order_no)).toEqual([orders.first, orders.second]);
    expect(answer.rows[0]).toMatchObject({
      brand: h.brand,
      username: memberName,
      status: 'pending',
      amount: '1234.56',
      currency: 'CNY',
      account_type: 'bank',
      account_number: accountNumber,
      claimed_by: '',
      on_hold: 'false',
      created_at: '2026-05-01T10:00:00.000Z',
    });
    expect(answer.rows[0]!.risk_flags!.split(';')).toContain('first_withdrawal');
    expect(answer.rows[1]).toMatchObject({
      amount: '50.00',
      claimed_by: admin.username,
      on_hold: 'true',
      hold_reason: 'documents asked',
    });
    expect(await lastExport('withdrawals')).toMatchObject({
      brandCode: h.brand,
      details: { filter: { brand: h.brand, status: 'pending' }, rows: 2, outcome: 'complete' },
    });
  });

  it('applies the queue filters and direction', async () => {
    const path = '/admin/api/withdrawals/export';
    const newest = await download(path, `brand=${h.brand}&order=desc`);
    expect(newest.rows.map((row) => row.order_no)).toEqual([orders.second, orders.first]);
    const paid = await download(path, `brand=${h.brand}&status=approved`);
    expect(paid.rows.map((row) => [row.order_no, row.decided_by])).toEqual([
      [orders.paid, admin.username],
    ]);
    const held = await download(path, `brand=${h.brand}&claim=held`);
    expect(held.rows.map((row) => row.order_no)).toEqual([orders.second]);
    const big = await download(path, `brand=${h.brand}&amountMin=100&username=${memberName}`);
    expect(big.rows.map((row) => row.order_no)).toEqual([orders.first]);
    const bad = await download(path, `brand=${h.brand}&amountMin=5&amountMax=1`);
    expect([bad.statusCode, bad.code]).toEqual([400, 'validation']);
  });

  it("keeps an operator to the queue's permission and brands", async () => {
    const path = '/admin/api/withdrawals/export';
    const lumen = await h.operator('finance', { brands: ['lumen'] });
    const other = await download(path, `brand=${h.brand}`, lumen.token);
    expect([other.statusCode, other.code]).toEqual([403, 'forbidden']);
    const narrowed = await download(path, `username=${memberName}`, lumen.token);
    expect([narrowed.statusCode, narrowed.rows]).toEqual([200, []]);
    const service = await h.operator('content');
    const refused = await download(path, `brand=${h.brand}`, service.token);
    expect([refused.statusCode, refused.code]).toEqual([403, 'forbidden']);
  });
});

describe('deposit queue export', () => {
  it('answers the orders newest first by id with decimals, the notice and the details', async () => {
    const path = '/admin/api/deposits/export';
    const answer = await download(path, `brand=${h.brand}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.header).toEqual([...adminDepositsExportEndpoint.columns]);
    expect(answer.rows.map((row) => row.order_no)).toEqual([
      deposits.submitted,
      deposits.confirmed,
    ]);
    expect(answer.rows[0]).toMatchObject({
      brand: h.brand,
      username: memberName,
      status: 'submitted',
      channel_type: 'bank',
      amount: '88.50',
      payer_name: '李四',
      transferred_at: '2026-04-02T09:00:00.000Z',
      created_at: '2026-04-02T10:00:00.000Z',
      notes_count: '0',
    });
    expect(answer.rows[1]).toMatchObject({
      status: 'confirmed',
      amount: '300.00',
      decided_by: admin.username,
    });
    // A quoted cell: the JSON's commas and quotes survive.
    expect(JSON.parse(answer.rows[0]!.details!)).toEqual({
      notice: { payerName: '李四', transferredAt: '2026-04-02T09:00:00.000Z', note: 'n' },
    });
    const submitted = await download(path, `brand=${h.brand}&status=submitted&channelType=bank`);
    expect(submitted.rows.map((row) => row.order_no)).toEqual([deposits.submitted]);
    const oldest = await download(path, `brand=${h.brand}&order=asc&to=2026-04-02T00:00:00Z`);
    expect(oldest.rows.map((row) => row.order_no)).toEqual([deposits.confirmed]);
    expect(await lastExport('deposits')).toMatchObject({
      brandCode: h.brand,
      details: { filter: { brand: h.brand, order: 'asc' }, rows: 1, outcome: 'complete' },
    });
  });

  it("keeps an operator to the queue's permission and brands", async () => {
    const path = '/admin/api/deposits/export';
    const lumen = await h.operator('finance', { brands: ['lumen'] });
    const other = await download(path, `brand=${h.brand}`, lumen.token);
    expect([other.statusCode, other.code]).toEqual([403, 'forbidden']);
    const narrowed = await download(path, `username=${memberName}`, lumen.token);
    expect([narrowed.statusCode, narrowed.rows]).toEqual([200, []]);
    const content = await h.operator('content');
    const refused = await download(path, `brand=${h.brand}`, content.token);
    expect([refused.statusCode, refused.code]).toEqual([403, 'forbidden']);
    const bad = await download(path, `brand=${h.brand}&status=lost`);
    expect([bad.statusCode, bad.code]).toEqual([400, 'validation']);
  });
});

describe('balance adjustment action log', () => {
  it('records the wallet balance before and after, and none on a replay', async () => {
    const member = await h.member();
    const adjust = (amount: string, idempotencyKey: string) =>
      h.call(admin.token, 'POST', `/admin/api/members/${member.username}/adjust`, {
        brand: h.brand,
        amount,
        reason: 'goodwill',
        idempotencyKey,
      });
    const key = randomUUID();
    expect((await adjust('12.34', key)).body.status).toBe(true);
    expect((await adjust('-2.34', randomUUID())).body.status).toBe(true);
    expect((await adjust('12.34', key)).body.data).toMatchObject({ replayed: true });
    const rows = await h.harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.action, 'member_adjust'),
          eq(operatorActions.targetId, member.username),
        ),
      )
      .orderBy(asc(operatorActions.id));
    expect(rows.map((row) => row.details)).toEqual([
      expect.objectContaining({
        amount: '12.34',
        replayed: false,
        before: { balance: '0.00' },
        after: { balance: '12.34' },
      }),
      expect.objectContaining({
        amount: '-2.34',
        before: { balance: '12.34' },
        after: { balance: '10.00' },
      }),
      expect.not.objectContaining({ before: expect.anything() }),
    ]);
    expect(rows[2]!.details).toMatchObject({ replayed: true });
  });
});

describe('the OpenAPI document', () => {
  it('describes the queue exports as CSV, with their permissions and filters', async () => {
    const response = await h.harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Operation = {
      'x-permission'?: string;
      parameters?: { name: string }[];
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const paths = response.json<{ paths: Record<string, { get: Operation }> }>().paths;
    for (const [path, permission] of [
      ['/admin/api/deposits/export', 'deposits.review'],
      ['/admin/api/withdrawals/export', 'withdrawals.review'],
    ] as const) {
      const operation = paths[path]!.get;
      expect(operation['x-permission'], path).toBe(permission);
      expect(Object.keys(operation.responses['200']?.content ?? {}), path).toEqual(['text/csv']);
      const names = (operation.parameters ?? []).map((parameter) => parameter.name);
      expect(names, path).toEqual(expect.arrayContaining(['brand', 'status', 'claim', 'username']));
      for (const paging of ['limit', 'page', 'pageSize']) expect(names, path).not.toContain(paging);
    }
  });
});
