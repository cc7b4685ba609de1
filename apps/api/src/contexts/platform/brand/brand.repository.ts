import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { brandHosts, brands } from './brand.schema.ts';

export type BrandRow = typeof brands.$inferSelect;
export type NewBrandRow = typeof brands.$inferInsert;
export type BrandWithHosts = BrandRow & { hosts: string[] };

/** Every brand with its hosts, enabled or not. */
export async function listBrandsWithHosts(executor: Executor): Promise<BrandWithHosts[]> {
  const [brandRows, hostRows] = await Promise.all([
    executor.select().from(brands).orderBy(asc(brands.code)),
    executor.select().from(brandHosts).orderBy(asc(brandHosts.host)),
  ]);
  const hostsByBrand = new Map<string, string[]>();
  for (const row of hostRows) {
    const hosts = hostsByBrand.get(row.brandCode) ?? [];
    hosts.push(row.host);
    hostsByBrand.set(row.brandCode, hosts);
  }
  return brandRows.map((row) => ({ ...row, hosts: hostsByBrand.get(row.code) ?? [] }));
}

export async function countBrands(executor: Executor): Promise<number> {
  const rows = await executor.select({ count: sql<number>`count(*)::int` }).from(brands);
  return rows[0]?.count ?? 0;
}

/** Inserts a brand and its hosts unless a brand with that code exists; true when inserted. */
export async function insertBrandIfAbsent(
  executor: Executor,
  brand: NewBrandRow,
  hosts: readonly string[],
): Promise<boolean> {
  const inserted = await executor
    .insert(brands)
    .values(brand)
    .onConflictDoNothing()
    .returning({ code: brands.code });
  if (inserted.length === 0) return false;
  if (hosts.length > 0) {
    await executor
      .insert(brandHosts)
      .values(hosts.map((host) => ({ host, brandCode: brand.code })))
      .onConflictDoNothing();
  }
  return true;
}

export async function findBrandRevision(executor: Executor, code: string): Promise<bigint | null> {
  const rows = await executor
    .select({ revision: brands.revision })
    .from(brands)
    .where(eq(brands.code, code));
  return rows[0]?.revision ?? null;
}

export type BrandContactsRow = Pick<BrandRow, 'code' | 'contacts' | 'revision' | 'updatedAt'>;

/** A brand's contact entries and revision, enabled or not; null when no brand has the code. */
export async function findBrandContacts(
  executor: Executor,
  code: string,
): Promise<BrandContactsRow | null> {
  const rows = await executor
    .select({
      code: brands.code,
      contacts: brands.contacts,
      revision: brands.revision,
      updatedAt: brands.updatedAt,
    })
    .from(brands)
    .where(eq(brands.code, code));
  return rows[0] ?? null;
}

/**
 * Replaces a brand's contact entries and bumps its revision, so caches can tell they are stale;
 * null when no brand has the code.
 */
export async function updateBrandContacts(
  executor: Executor,
  code: string,
  contacts: BrandRow['contacts'],
): Promise<BrandContactsRow | null> {
  const rows = await executor
    .update(brands)
    .set({ contacts, revision: sql`${brands.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(brands.code, code))
    .returning({
      code: brands.code,
      contacts: brands.contacts,
      revision: brands.revision,
      updatedAt: brands.updatedAt,
    });
  return rows[0] ?? null;
}

export type BrandComplianceRow = Pick<BrandRow, 'code' | 'compliance' | 'revision'>;

/** A brand's compliance profile as stored, its row locked when `lock`; null when none. */
export async function findBrandCompliance(
  executor: Executor,
  code: string,
  lock = false,
): Promise<BrandComplianceRow | null> {
  const query = executor
    .select({ code: brands.code, compliance: brands.compliance, revision: brands.revision })
    .from(brands)
    .where(eq(brands.code, code));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Replaces a brand's compliance profile and bumps its revision; null when no brand has the code. */
export async function updateBrandCompliance(
  executor: Executor,
  code: string,
  compliance: BrandRow['compliance'],
): Promise<BrandComplianceRow | null> {
  const rows = await executor
    .update(brands)
    .set({ compliance, revision: sql`${brands.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(brands.code, code))
    .returning({ code: brands.code, compliance: brands.compliance, revision: brands.revision });
  return rows[0] ?? null;
}

export type BrandPlatformsRow = Pick<BrandRow, 'code' | 'platformIds' | 'revision'>;

/** A brand's platform list as stored (an ordered comma list), its row locked when `lock`. */
export async function findBrandPlatforms(
  executor: Executor,
  code: string,
  lock = false,
): Promise<BrandPlatformsRow | null> {
  const query = executor
    .select({ code: brands.code, platformIds: brands.platformIds, revision: brands.revision })
    .from(brands)
    .where(eq(brands.code, code));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Replaces a brand's platform list and bumps its revision; null when no brand has the code. */
export async function updateBrandPlatforms(
  executor: Executor,
  code: string,
  platformIds: BrandRow['platformIds'],
): Promise<BrandPlatformsRow | null> {
  const rows = await executor
    .update(brands)
    .set({ platformIds, revision: sql`${brands.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(brands.code, code))
    .returning({ code: brands.code, platformIds: brands.platformIds, revision: brands.revision });
  return rows[0] ?? null;
}

/** Advisory lock key that serialises demo seeding across nodes. */
const SEED_LOCK_KEY = 7_105_012_338_114_101n;

/** Holds the seeding lock until the caller's transaction ends. */
export async function lockBrandsForSeeding(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`);
}
