import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorLogin } from '../../../test/operators.ts';
import { operatorActions, operators } from './operator.schema.ts';
import { OperatorService } from './operator.service.ts';
import { createOperator } from './operator.test-support.ts';

/** The action log's reader: filters, keyset pages, and the operator's brands. */
let harness: TestApp;
let admin: string;
let adminName: string;
type Row = { id: string; operator: string; action: string; brandCode: string | null };

async function actions(query: string, token = admin) {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/actions?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { statusCode: response.statusCode, data: response.json<{ data: Row[] | string }>().data };
}

beforeAll(async () => {
  harness = await createTestApp();
  adminName = `log${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(adminName, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username: adminName, password: 'operator-pass-1' });
  for (let index = 0; index < 3; index++) {
    await harness.app.inject({
      method: 'POST',
      url: '/admin/api/operators',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        username: `logged${index}${randomUUID().slice(0, 6)}`,
        password: 'a-long-staff-password',
        role: 'auditor',
        brands: ['lumen'],
        reason: `hire ${index}`,
      },
    });
  }
  // One action in a brand, written directly: the shared demo brands stay as they are for the
  // other test files on a shared database.
  const [me] = await harness.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, adminName));
  await harness.database.db.insert(operatorActions).values({
    operatorId: me!.id,
    action: 'test_brand_action',
    brandCode: 'lumen',
    ip: '127.0.0.1',
  });
});
afterAll(async () => {
  await harness.close();
});

describe('the action log', () => {
  it('filters by operator, action and time, newest first', async () => {
    const created = (await actions(`operator=${adminName.toUpperCase()}&action=operator_create`))
      .data as Row[];
    expect(created).toHaveLength(3);
    expect(created.every((row) => row.operator === adminName)).toBe(true);
    expect(created.map((row) => Number(row.id))).toEqual(
      [...created.map((row) => Number(row.id))].sort((a, b) => b - a),
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await actions(`from=${encodeURIComponent(future)}`)).data).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      ((await actions(`to=${encodeURIComponent(past)}&operator=${adminName}`)).data as Row[])
        .length,
    ).toBe(0);
  });

  it('pages by the last id seen, without gaps or repeats', async () => {
    const all = (await actions(`operator=${adminName}&limit=500`)).data as Row[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = (await actions(`operator=${adminName}&limit=2`)).data as Row[];
    const second = (await actions(`operator=${adminName}&limit=2&beforeId=${first[1]!.id}`))
      .data as Row[];
    expect([...first, ...second].map((row) => row.id)).toEqual(
      all.slice(0, 4).map((row) => row.id),
    );
  });

  it("shows an operator their brands' actions only", async () => {
    const auditor = await createOperator(harness, { role: 'auditor', brands: ['lumen'] });
    const rows = (await actions('limit=500', auditor.token)).data as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.brandCode === 'lumen')).toBe(true);
    expect((await actions('brand=jinsheng', auditor.token)).data).toBe('forbidden');
    const service = await createOperator(harness, { role: 'customer_service' });
    expect((await actions('limit=5', service.token)).data).toBe('forbidden');
  });

  it('answers bad filters with validation', async () => {
    for (const query of ['beforeId=abc', 'from=yesterday', 'limit=0', `action=${'x'.repeat(65)}`]) {
      const answer = await actions(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.data, query).toBe('validation');
    }
  });
});
