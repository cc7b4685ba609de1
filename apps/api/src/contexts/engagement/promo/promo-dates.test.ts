import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { promotions } from './promo.schema.ts';
import { createWalletTestApp, type WalletTestApp } from '../../money/withdrawal/wallet-test-app.ts';
import { seedBrandPromotions } from './promo.seed.ts';

/**
 * A promotion dated before year 100 used to be stored and then break the brand's lists for
 * everyone (the drivers read such years back as invalid dates). Dates are bounded by the
 * contracts, and the database refuses a row outside the bounds.
 */
let harness: WalletTestApp;
let brand: string;
let promotionId: string;

beforeAll(async () => {
  harness = await createWalletTestApp();
  brand = await harness.createBrand({});
  await seedBrandPromotions(harness.database.db, {
    code: brand,
    siteName: '测试娱乐',
    language: 'zh-CN',
  });
  const rows = await harness.database.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(eq(promotions.brandCode, brand));
  promotionId = String(rows[0]?.id);
}, 60_000);

afterAll(async () => {
  await harness.close();
});

async function operator(method: 'PUT' | 'POST' | 'GET', url: string, payload?: object) {
  const response = await harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
  });
  return { statusCode: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function storedStart(): Promise<string | undefined> {
  const rows = await queryRows<{ startsAt: string }>(
    harness.database.db,
    sql`select starts_at::text as "startsAt" from promotions where id = ${promotionId}`,
  );
  return rows[0]?.startsAt;
}

describe('promotion dates', () => {
  it.each([
    '0020-02-29T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '1999-12-31T23:59:59Z',
    '2101-01-01T00:00:00Z',
  ])('refuses startsAt %s with validation, and stores nothing', async (startsAt) => {
    const before = await storedStart();
    const answer = await operator('PUT', `/admin/api/promo/promotions/${promotionId}`, {
      startsAt,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ data: 'validation', fields: [{ path: 'startsAt' }] });
    expect(await storedStart()).toBe(before);
  });

  it('refuses a banner ending in year 0020 too', async () => {
    const answer = await operator('POST', '/admin/api/promo/banners', {
      brand,
      placement: 'home_top',
      title: { 'zh-CN': '横幅' },
      endsAt: '0020-01-01T00:00:00Z',
    });
    expect(answer.body).toMatchObject({ data: 'validation', fields: [{ path: 'endsAt' }] });
  });

  it('accepts dates within 2000 to 2100, and the lists keep answering', async () => {
    const answer = await operator('PUT', `/admin/api/promo/promotions/${promotionId}`, {
      startsAt: '2000-01-01T00:00:00Z',
      endsAt: '2100-12-31T23:59:59Z',
    });
    expect(answer.statusCode).toBe(200);
    const list = await harness.app.inject({
      method: 'GET',
      url: '/api/findmed/v1/promo/list',
      headers: harness.hostOf(brand),
    });
    expect(list.statusCode).toBe(200);
    expect((await operator('GET', `/admin/api/promo/promotions?brand=${brand}`)).statusCode).toBe(
      200,
    );
  });

  it('cannot hold such a date at all: the database refuses it', async () => {
    await expect(
      harness.database.db.execute(
        sql`update promotions set starts_at = '0020-02-29T00:00:00Z' where id = ${promotionId}`,
      ),
    ).rejects.toThrow();
    await expect(
      harness.database.db.execute(
        sql`update promotions set ends_at = '2200-01-01T00:00:00Z' where id = ${promotionId}`,
      ),
    ).rejects.toThrow();
  });
});
