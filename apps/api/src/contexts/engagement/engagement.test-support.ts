import { eq, sql } from 'drizzle-orm';
import { brands } from '../platform/brand/brand.schema.ts';
import type { WalletTestApp } from '../money/withdrawal/wallet-test-app.ts';

/** Test support for the engagement modules (not a test file): brands in other time zones. */

export const SHANGHAI = 'Asia/Shanghai';
export const NEW_YORK = 'America/New_York';

/**
 * A brand of its own, as `createBrand` makes one, whose business time zone is `timeZone`
 * (`settings.timeZone`); the app's registry serves it at once.
 */
export async function createBrandInZone(harness: WalletTestApp, timeZone: string): Promise<string> {
  const code = await harness.createBrand({});
  await harness.database.db
    .update(brands)
    .set({
      settings: sql`jsonb_set(${brands.settings}, '{timeZone}', to_jsonb(${timeZone}::text))`,
    })
    .where(eq(brands.code, code));
  await harness.app.brands.load();
  const zone = harness.app.brands.get(code)?.config.settings.timeZone;
  if (zone !== timeZone) throw new Error(`brand ${code} is in ${String(zone)}, not ${timeZone}`);
  return code;
}
