import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { brandHosts, brands, brandVersions } from './brand.schema.ts';

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
 * Replaces a brand's contact entries (a versioned change, see `updateBrand`); null when no brand
 * has the code.
 */
export async function updateBrandContacts(
  executor: Executor,
  code: string,
  contacts: BrandRow['contacts'],
  change: BrandChange,
): Promise<BrandContactsRow | null> {
  const before = await lockBrand(executor, code);
  if (!before) return null;
  const after = await updateBrand(executor, before, { contacts }, change);
  return {
    code: after.code,
    contacts: after.contacts,
    revision: after.revision,
    updatedAt: after.updatedAt,
  };
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

/** Replaces a brand's compliance profile (a versioned change); null when no brand has the code. */
export async function updateBrandCompliance(
  executor: Executor,
  code: string,
  compliance: BrandRow['compliance'],
  change: BrandChange,
): Promise<BrandComplianceRow | null> {
  const before = await lockBrand(executor, code);
  if (!before) return null;
  const after = await updateBrand(executor, before, { compliance }, change);
  return { code: after.code, compliance: after.compliance, revision: after.revision };
}

/** Who changed a brand row, why, and as which action-log action (kept with the old version). */
export type BrandChange = {
  action: string;
  operatorId: bigint | null;
  operatorName: string | null;
  reason: string | null;
};

/** The columns a change may set: everything but the key, the default flag and the bookkeeping. */
export type BrandPatch = Partial<
  Omit<NewBrandRow, 'code' | 'isDefault' | 'revision' | 'createdAt' | 'updatedAt'>
>;

/** The columns a version restores (BrandPatch's keys), in a fixed order. */
export const RESTORABLE_COLUMNS = [
  'siteName',
  'tagline',
  'language',
  'enabled',
  'theme',
  'platformIds',
  'avatarUrl',
  'currencyIconUrl',
  'currencyCode',
  'currencySymbol',
  'statistics',
  'contacts',
  'settings',
  'backOffice',
  'compliance',
  'assetVersion',
] as const satisfies readonly (keyof BrandPatch)[];

/** A brand row as JSON, as a version keeps it: the revision and the dates as strings. */
export function brandSnapshot(row: BrandRow): Record<string, unknown> {
  return {
    ...row,
    revision: row.revision.toString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The restorable columns of a kept version (the caller validates the values). */
export function snapshotPatch(snapshot: Record<string, unknown>): BrandPatch {
  const patch: Record<string, unknown> = {};
  for (const column of RESTORABLE_COLUMNS) {
    if (column in snapshot) patch[column] = snapshot[column];
  }
  return patch;
}

/** A brand's whole row, locked until the caller's transaction ends; null when none. */
export async function lockBrand(executor: Executor, code: string): Promise<BrandRow | null> {
  const rows = await executor.select().from(brands).where(eq(brands.code, code)).for('update');
  return rows[0] ?? null;
}

/** A brand's whole row with its hosts, enabled or not; null when none. */
export async function findBrand(executor: Executor, code: string): Promise<BrandWithHosts | null> {
  const rows = await executor.select().from(brands).where(eq(brands.code, code));
  const row = rows[0];
  if (!row) return null;
  const hosts = await executor
    .select({ host: brandHosts.host })
    .from(brandHosts)
    .where(eq(brandHosts.brandCode, code))
    .orderBy(asc(brandHosts.host));
  return { ...row, hosts: hosts.map((host) => host.host) };
}

/**
 * THE write path of a brand row (every change of one goes through here): keeps `before` (the
 * row the caller locked with `lockBrand`) as a version with who, why and which change, applies
 * `patch`, bumps the revision so every node's cache can tell it is stale, and returns the row.
 */
export async function updateBrand(
  executor: Executor,
  before: BrandRow,
  patch: BrandPatch,
  change: BrandChange,
): Promise<BrandRow> {
  await executor.insert(brandVersions).values({
    brandCode: before.code,
    revision: before.revision,
    row: brandSnapshot(before),
    action: change.action,
    changedBy: change.operatorId,
    changedByName: change.operatorName,
    reason: change.reason,
  });
  const rows = await executor
    .update(brands)
    .set({ ...patch, revision: sql`${brands.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(brands.code, before.code))
    .returning();
  const after = rows[0];
  if (!after) throw new Error(`brand ${before.code} vanished while locked`);
  return after;
}

export type BrandVersionRow = typeof brandVersions.$inferSelect;

/** A brand's kept versions, newest first (at most `limit`). */
export async function listBrandVersions(
  executor: Executor,
  code: string,
  limit: number,
): Promise<BrandVersionRow[]> {
  return executor
    .select()
    .from(brandVersions)
    .where(eq(brandVersions.brandCode, code))
    .orderBy(desc(brandVersions.revision))
    .limit(limit);
}

/** One kept version of a brand; null when there is none with that revision. */
export async function findBrandVersion(
  executor: Executor,
  code: string,
  revision: bigint,
): Promise<BrandVersionRow | null> {
  const rows = await executor
    .select()
    .from(brandVersions)
    .where(sql`${brandVersions.brandCode} = ${code} and ${brandVersions.revision} = ${revision}`);
  return rows[0] ?? null;
}

/**
 * Inserts a new brand with its hosts: `code_taken` when a brand has the code, `host_taken`
 * with the first host another brand serves (nothing is kept: the caller's transaction rolls
 * back on the error it throws).
 */
export async function insertBrand(
  executor: Executor,
  brand: NewBrandRow,
  hosts: readonly string[],
): Promise<
  | { ok: true }
  | { ok: false; reason: 'code_taken' }
  | { ok: false; reason: 'host_taken'; host: string }
> {
  if (!(await insertBrandIfAbsent(executor, brand, []))) return { ok: false, reason: 'code_taken' };
  if (hosts.length > 0) {
    const owned = await executor
      .select({ host: brandHosts.host })
      .from(brandHosts)
      .where(inArray(brandHosts.host, [...hosts]))
      .orderBy(asc(brandHosts.host));
    if (owned[0]) return { ok: false, reason: 'host_taken', host: owned[0].host };
  }
  if (hosts.length > 0) {
    const inserted = await executor
      .insert(brandHosts)
      .values(hosts.map((host) => ({ host, brandCode: brand.code })))
      .onConflictDoNothing()
      .returning({ host: brandHosts.host });
    // A host claimed by another brand since the check above.
    const claimed = hosts.find((host) => !inserted.some((row) => row.host === host));
    if (claimed) return { ok: false, reason: 'host_taken', host: claimed };
  }
  return { ok: true };
}

export type BrandPlatformsRow = Pick<BrandRow, 'code' | 'platformIds' | 'revision'>;

/** A brand's platform list as stored (an ordered comma list); null when no brand has the code. */
export async function findBrandPlatforms(
  executor: Executor,
  code: string,
): Promise<BrandPlatformsRow | null> {
  const rows = await executor
    .select({ code: brands.code, platformIds: brands.platformIds, revision: brands.revision })
    .from(brands)
    .where(eq(brands.code, code));
  return rows[0] ?? null;
}

/** Replaces a brand's platform list (a versioned change); null when no brand has the code. */
export async function updateBrandPlatforms(
  executor: Executor,
  code: string,
  platformIds: BrandRow['platformIds'],
  change: BrandChange,
): Promise<BrandPlatformsRow | null> {
  const before = await lockBrand(executor, code);
  if (!before) return null;
  const after = await updateBrand(executor, before, { platformIds }, change);
  return { code: after.code, platformIds: after.platformIds, revision: after.revision };
}

/** Advisory lock key that serialises demo seeding across nodes. */
const SEED_LOCK_KEY = 7_105_012_338_114_101n;

/** Holds the seeding lock until the caller's transaction ends. */
export async function lockBrandsForSeeding(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`);
}
