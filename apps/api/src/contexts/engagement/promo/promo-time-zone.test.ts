import { addDays, dayOf, dayStart } from '@lobby/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../../test/members.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { createWalletTestApp, type WalletTestApp } from '../../money/withdrawal/wallet-test-app.ts';
import { createBrandInZone, NEW_YORK, SHANGHAI } from '../engagement.test-support.ts';
import { seedBrandPromotions } from './promo.seed.ts';
import { PromoService } from './promo.service.ts';

/**
 * Sign-in days are the brand's: a brand in New York signs in on New York's day, whatever day it
 * is in Shanghai, and a Shanghai brand keeps Shanghai's.
 */
const P = '/api/findmed/v1/promo';

let harness: WalletTestApp;
let newYork: string;
let shanghai: string;

beforeAll(async () => {
  harness = await createWalletTestApp();
  newYork = await createBrandInZone(harness, NEW_YORK);
  shanghai = await harness.createBrand({});
  for (const code of [newYork, shanghai]) {
    await seedBrandPromotions(harness.database.db, {
      code,
      siteName: '测试娱乐',
      language: 'zh-CN',
    });
  }
}, 60_000);

afterAll(async () => {
  expect(await harness.ledger.check()).toEqual([]);
  await harness.close();
});

function brandOf(code: string) {
  const brand = harness.app.brands.get(code);
  if (!brand) throw new Error(`no brand ${code}`);
  return brand;
}

/** The promotions as they run at `instant`. */
function promoAt(instant: Date): PromoService {
  return new PromoService({
    db: harness.database.db,
    ledger: harness.ledger,
    operators: new OperatorService(harness.database.db),
    brands: harness.app.brands,
    now: () => instant,
  });
}

describe("sign-in days of the brand's time zone", () => {
  it("signs a New York brand's member in on New York's day through the API", async () => {
    const member = await harness.register({ brand: newYork });
    const before = dayOf(new Date(), NEW_YORK);
    const signed = await post(harness.app, `${P}/sign`, {}, member.headers);
    const after = dayOf(new Date(), NEW_YORK);
    expect(signed.body.status).toBe(true);
    const day = (signed.body.data as { day: string }).day;
    expect([before, after]).toContain(day);
    const info = await get(harness.app, `${P}/sign/info`, member.headers);
    expect(info.body.data).toMatchObject({ today: day, signedToday: true, streak: 1 });
  });

  it('signs in on the day of each brand at an instant when New York and Shanghai differ', async () => {
    // 14:00 yesterday in New York is already the next day in Shanghai (02:00 or 03:00).
    const yesterday = addDays(dayOf(new Date(), NEW_YORK), -1);
    const instant = new Date(dayStart(yesterday, NEW_YORK).getTime() + 14 * 3_600_000);
    expect(dayOf(instant, SHANGHAI)).toBe(addDays(yesterday, 1));
    const promo = promoAt(instant);

    const inNewYork = await harness.register({ brand: newYork });
    const viewer = { brand: brandOf(newYork), memberId: inNewYork.memberId };
    expect(await promo.signIn.sign(viewer)).toMatchObject({ day: yesterday, streak: 1 });
    const info = await promo.signIn.signInfo(viewer.brand, 'zh-CN', inNewYork.memberId);
    expect(info).toMatchObject({ today: yesterday, signedToday: true });
    expect((await promo.reads.flags(viewer.brand, inNewYork.memberId)).signedToday).toBe(true);
    await expect(promo.signIn.sign(viewer)).rejects.toMatchObject({ code: 'already_signed' });

    const inShanghai = await harness.register({ brand: shanghai });
    const answer = await promo.signIn.sign({
      brand: brandOf(shanghai),
      memberId: inShanghai.memberId,
    });
    expect(answer.day).toBe(addDays(yesterday, 1));
  });

  it("offers re-signing of the missed days of the brand's own month", async () => {
    // Midday on the 2nd in New York: the 1st is the one missed day of this month to re-sign.
    const month = dayOf(new Date(), NEW_YORK).slice(0, 7);
    const instant = new Date(dayStart(`${month}-02`, NEW_YORK).getTime() + 12 * 3_600_000);
    const member = await harness.register({ brand: newYork });
    const info = await promoAt(instant).signIn.signInfo(brandOf(newYork), 'en', member.memberId);
    expect(info.today).toBe(`${month}-02`);
    expect(info.resignableDays).toEqual([`${month}-01`]);
  });
});
