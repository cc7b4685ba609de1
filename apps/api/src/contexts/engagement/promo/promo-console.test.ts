import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftExchanges, promotionGifts, promotions } from './promo.schema.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { createWalletTestApp, type WalletTestApp } from '../../money/withdrawal/wallet-test-app.ts';
import { seedBrandPromotions } from './promo.seed.ts';

/**
 * The operator calls the console's marketing screens added to the promo module: the promotion
 * list's status and kind filters, removing a gift, and the member-site preview of a body.
 */

let harness: WalletTestApp;
let brand: string;
const ids: Record<string, string> = {};

type Envelope<T = unknown> = { status: boolean; data: T; message?: string };

beforeAll(async () => {
  harness = await createWalletTestApp();
  brand = await harness.createBrand({});
  await seedBrandPromotions(harness.database.db, {
    code: brand,
    siteName: '测试娱乐',
    language: 'zh-CN',
  });
  const rows = await harness.database.db
    .select({ id: promotions.id, kind: promotions.kind })
    .from(promotions)
    .where(eq(promotions.brandCode, brand));
  for (const row of rows) ids[row.kind] = row.id.toString();
}, 60_000);

afterAll(async () => {
  await harness.close();
});

async function operator<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
  });
  return { statusCode: response.statusCode, body: response.json<Envelope<T>>() };
}

type Row = { id: string; kind: string; status: string };

describe('the promotion list filters', () => {
  it('filters by status and by kind, and refuses unknown values', async () => {
    const created = await operator<Row>('POST', '/admin/api/promo/promotions', {
      brand,
      kind: 'display',
      category: 'other',
      title: { en: 'Paused one' },
      startsAt: new Date().toISOString(),
      status: 'paused',
    });
    expect(created.body.data).toMatchObject({ status: 'paused' });
    const all = await operator<Row[]>('GET', `/admin/api/promo/promotions?brand=${brand}`);
    expect(all.body.data.length).toBeGreaterThan(2);
    const paused = await operator<Row[]>(
      'GET',
      `/admin/api/promo/promotions?brand=${brand}&status=paused`,
    );
    expect(paused.body.data.map((row) => row.id)).toEqual([created.body.data.id]);
    const signIn = await operator<Row[]>(
      'GET',
      `/admin/api/promo/promotions?brand=${brand}&kind=sign_in`,
    );
    expect(signIn.body.data.map((row) => row.id)).toEqual([ids.sign_in]);
    const none = await operator<Row[]>(
      'GET',
      `/admin/api/promo/promotions?brand=${brand}&kind=sign_in&status=paused`,
    );
    expect(none.body.data).toEqual([]);
    const bad = await operator('GET', `/admin/api/promo/promotions?brand=${brand}&kind=lottery`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the promotion texts', () => {
  it('clears a summary with an empty text, and keeps a title in at least one language', async () => {
    const created = await operator<{ id: string; summary: Record<string, string> }>(
      'POST',
      '/admin/api/promo/promotions',
      {
        brand,
        kind: 'display',
        category: 'other',
        title: { en: 'With summary' },
        summary: { en: 'Short' },
        startsAt: new Date().toISOString(),
      },
    );
    expect(created.body.data.summary).toEqual({ en: 'Short' });
    const cleared = await operator<{ summary: Record<string, string> }>(
      'PUT',
      `/admin/api/promo/promotions/${created.body.data.id}`,
      { summary: {} },
    );
    expect(cleared.body.data.summary).toEqual({});
    const noTitle = await operator('PUT', `/admin/api/promo/promotions/${created.body.data.id}`, {
      title: {},
    });
    expect(noTitle.statusCode).toBe(400);
  });
});

describe('removing a gift', () => {
  async function newGift(name: string) {
    const created = await operator<{ id: string }>(
      'POST',
      `/admin/api/promo/promotions/${ids.gift}/gifts`,
      { kind: 'item', name: { 'zh-CN': name }, turnoverCost: '10.00', stock: 5 },
    );
    return created.body.data.id;
  }

  async function giftRow(id: string) {
    const rows = await harness.database.db
      .select()
      .from(promotionGifts)
      .where(eq(promotionGifts.id, BigInt(id)));
    return rows[0];
  }

  it('deletes a gift nobody exchanged, with its action-log row', async () => {
    const id = await newGift('台灯');
    const removed = await operator('DELETE', `/admin/api/promo/gifts/${id}`);
    expect(removed.body.data).toEqual({ deleted: true, deactivated: false });
    expect(await giftRow(id)).toBeUndefined();
    const logged = await harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(eq(operatorActions.action, 'promotion_gift_delete'), eq(operatorActions.targetId, id)),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.details).toMatchObject({ deleted: true, after: null });
    const again = await operator('DELETE', `/admin/api/promo/gifts/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.body.data).toBe('gift_not_found');
  });

  it('takes an exchanged gift off the list and keeps it for the exchange records', async () => {
    const id = await newGift('雨伞');
    const member = await harness.register({ brand });
    await harness.database.db.insert(giftExchanges).values({
      brandCode: brand,
      promotionId: BigInt(ids.gift!),
      giftId: BigInt(id),
      memberId: member.memberId,
      idempotencyKey: 'console-gift-delete-1',
      turnoverCostMinor: 1_000n,
      currency: 'CNY',
      status: 'delivered',
    });
    const removed = await operator('DELETE', `/admin/api/promo/gifts/${id}`);
    expect(removed.body.data).toEqual({ deleted: false, deactivated: true });
    expect(await giftRow(id)).toMatchObject({ active: false });
    const listed = await operator<{ id: string; active: boolean }[]>(
      'GET',
      `/admin/api/promo/promotions/${ids.gift}/gifts`,
    );
    expect(listed.body.data.find((gift) => gift.id === id)).toMatchObject({ active: false });
  });

  it('answers bad ids with codes', async () => {
    expect((await operator('DELETE', '/admin/api/promo/gifts/abc')).statusCode).toBe(400);
    expect((await operator('DELETE', '/admin/api/promo/gifts/999999999')).body.data).toBe(
      'gift_not_found',
    );
  });
});

describe('the body preview', () => {
  it('renders Markdown as the member detail does, raw HTML escaped', async () => {
    const answer = await operator<{ html: string }>('POST', '/admin/api/promo/preview', {
      brand,
      markdown: '# Rules\n\n**Bold** [site](https://example.com) <script>alert(1)</script>',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.html).toContain('<h1>Rules</h1>');
    expect(answer.body.data.html).toContain('<strong>Bold</strong>');
    expect(answer.body.data.html).toContain('rel="noopener noreferrer nofollow"');
    expect(answer.body.data.html).not.toContain('<script>');
    expect(answer.body.data.html).toContain('&lt;script&gt;');
  });

  it('refuses an unknown brand and guests', async () => {
    const unknown = await operator('POST', '/admin/api/promo/preview', {
      brand: 'nosuchbrand',
      markdown: 'x',
    });
    expect(unknown.body.data).toBe('unknown_site');
    const guest = await harness.app.inject({
      method: 'POST',
      url: '/admin/api/promo/preview',
      payload: { brand, markdown: 'x' },
    });
    expect(guest.statusCode).toBe(401);
  });
});
