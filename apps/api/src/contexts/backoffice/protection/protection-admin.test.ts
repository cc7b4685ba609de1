import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { createWalletTestApp, type WalletTestApp } from '../../money/withdrawal/wallet-test-app.ts';

/**
 * Player protection in the back office (issue 15): the member 360's protection panel within the
 * operator's brands, and the exclusion registry searched by identifier, showing only the brand
 * and period of a match, each search in the action log without the value.
 */
let h: WalletTestApp;

beforeAll(async () => {
  h = await createWalletTestApp();
});
afterAll(async () => {
  await h.close();
});

async function admin(method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  const response = await h.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token ?? (await h.operatorToken())}` },
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown }>(),
  };
}

async function member(
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  url: string,
  payload?: object,
) {
  const response = await h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return response.json<{ status: boolean; data: unknown }>();
}

describe('protection in the back office', () => {
  it("shows a member's limits, pending raise and exclusion in their brand only", async () => {
    const m = await h.register({ withdrawPassword: null });
    await member('POST', m.headers, '/api/f/v1/protection/limits', {
      kind: 'deposit',
      period: 'week',
      amount: '300',
    });
    await member('POST', m.headers, '/api/f/v1/protection/limits', {
      kind: 'deposit',
      period: 'week',
      amount: '900',
    });
    await member('POST', m.headers, '/api/f/v1/protection/exclusion', {
      kind: 'time_out',
      period: '7d',
      confirm: true,
    });
    const url = `/admin/api/members/${m.memberId}/protection`;
    const panel = await admin('GET', url);
    expect(panel.statusCode).toBe(200);
    expect(panel.body.data).toMatchObject({
      limits: {
        limits: [
          { kind: 'deposit', period: 'week', amount: '300.00', pending: { amount: '900.00' } },
        ],
      },
      exclusion: { kind: 'time_out', period: '7d' },
      realityCheck: { minutes: 0 },
    });
    const other = await createOperator(h, { role: 'customer_service', brands: ['lumen'] });
    const hidden = await admin('GET', url, undefined, other.token);
    expect(hidden.statusCode).toBe(404);
    const bad = await admin('GET', '/admin/api/members/abc/protection');
    expect(bad.statusCode).toBe(400);
  });

  it('finds a self-excluded phone in the registry by brand and period only, and logs the search', async () => {
    const m = await h.register({ withdrawPassword: null });
    const phone = `136${String(Date.now()).slice(-8)}`;
    await h.database.db.execute(
      sql`update members set phone_area_code = '86', phone = ${phone} where id = ${m.memberId}`,
    );
    await member('POST', m.headers, '/api/f/v1/protection/exclusion', {
      kind: 'self_exclusion',
      period: '1y',
      confirm: true,
    });
    const risk = await createOperator(h, { role: 'risk' });
    const found = await admin(
      'POST',
      '/admin/api/exclusion-registry/search',
      { kind: 'phone', value: `+86 ${phone}` },
      risk.token,
    );
    expect(found.body.data).toEqual([
      {
        kind: 'phone',
        brand: 'jinsheng',
        startsAt: expect.any(String),
        endsAt: expect.any(String),
      },
    ]);
    // Nothing names the person: no member, username or identifier.
    expect(Object.keys((found.body.data as object[])[0] ?? {})).toEqual([
      'kind',
      'brand',
      'startsAt',
      'endsAt',
    ]);
    const none = await admin(
      'POST',
      '/admin/api/exclusion-registry/search',
      { kind: 'phone', value: '8613900000000' },
      risk.token,
    );
    expect(none.body.data).toEqual([]);
    const [logged] = await h.database.db
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.action, 'exclusion_registry_search')))
      .orderBy(desc(operatorActions.id))
      .limit(1);
    expect(logged?.details).toEqual({ kind: 'phone', matches: 0 });
    expect(JSON.stringify([logged?.details, logged?.reason, logged?.targetId])).not.toContain(
      '8613900000000',
    );
    const service = await createOperator(h, { role: 'customer_service' });
    const refused = await admin(
      'POST',
      '/admin/api/exclusion-registry/search',
      { kind: 'phone', value: phone },
      service.token,
    );
    expect(refused.statusCode).toBe(403);
  });
});
