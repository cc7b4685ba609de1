import { and, eq, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../../db/client.ts';
import { gameBrandPlatformMaintenance, gamePlatformSettings, gamePlayers } from './games.schema.ts';
import { members } from '../../identity/member/index.ts';

/** Whether the member's player account at the platform was created (platform told) already. */
export async function findPlayer(
  executor: Executor,
  memberId: bigint,
  platformId: number,
): Promise<string | null> {
  const rows = await executor
    .select({ player: gamePlayers.player })
    .from(gamePlayers)
    .where(and(eq(gamePlayers.memberId, memberId), eq(gamePlayers.platformId, platformId)));
  return rows[0]?.player ?? null;
}

/** Records that the platform has the player (after it confirmed); a repeat changes nothing. */
export async function insertPlayer(
  executor: Executor,
  row: { brandCode: string; memberId: bigint; platformId: number; player: string },
): Promise<void> {
  await executor.insert(gamePlayers).values(row).onConflictDoNothing();
}

export type PlatformSettingRow = typeof gamePlatformSettings.$inferSelect;

/** The operator's switches of every platform that has any (absent rows mean all off). */
export async function listPlatformSettings(executor: Executor): Promise<PlatformSettingRow[]> {
  return executor.select().from(gamePlatformSettings);
}

export async function findPlatformSetting(
  executor: Executor,
  platformId: number,
): Promise<PlatformSettingRow | undefined> {
  const rows = await executor
    .select()
    .from(gamePlatformSettings)
    .where(eq(gamePlatformSettings.platformId, platformId));
  return rows[0];
}

/** Sets a platform's maintenance switch (creating its row) and returns the row after. */
export async function upsertPlatformMaintenance(
  executor: Executor,
  change: { platformId: number; maintenance: boolean; reason: string | null; updatedBy: string },
): Promise<PlatformSettingRow> {
  const rows = await executor
    .insert(gamePlatformSettings)
    .values(change)
    .onConflictDoUpdate({
      target: gamePlatformSettings.platformId,
      set: {
        maintenance: change.maintenance,
        reason: change.reason,
        updatedBy: change.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('upsert into game_platform_settings returned no row');
  return row;
}

export type BrandMaintenanceRow = typeof gameBrandPlatformMaintenance.$inferSelect;

/** One brand's maintenance switches (absent rows mean off). */
export async function listBrandMaintenance(
  executor: Executor,
  brandCode: string,
): Promise<BrandMaintenanceRow[]> {
  return executor
    .select()
    .from(gameBrandPlatformMaintenance)
    .where(eq(gameBrandPlatformMaintenance.brandCode, brandCode));
}

/** One brand's switch of one platform, its row locked when `lock`. */
export async function findBrandMaintenance(
  executor: Executor,
  brandCode: string,
  platformId: number,
  lock = false,
): Promise<BrandMaintenanceRow | undefined> {
  const query = executor
    .select()
    .from(gameBrandPlatformMaintenance)
    .where(
      and(
        eq(gameBrandPlatformMaintenance.brandCode, brandCode),
        eq(gameBrandPlatformMaintenance.platformId, platformId),
      ),
    );
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** Sets one brand's maintenance switch of a platform (creating its row); the row after. */
export async function upsertBrandMaintenance(
  executor: Executor,
  change: {
    brandCode: string;
    platformId: number;
    maintenance: boolean;
    reason: string | null;
    updatedBy: string;
  },
): Promise<BrandMaintenanceRow> {
  const rows = await executor
    .insert(gameBrandPlatformMaintenance)
    .values(change)
    .onConflictDoUpdate({
      target: [gameBrandPlatformMaintenance.brandCode, gameBrandPlatformMaintenance.platformId],
      set: {
        maintenance: change.maintenance,
        reason: change.reason,
        updatedBy: change.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('upsert into game_brand_platform_maintenance returned no row');
  return row;
}

/**
 * The platforms in maintenance for a brand's members: switched on for every brand or for this
 * one. Read from the database on every call, so a switch is in force on every node at once.
 */
export async function platformIdsInMaintenance(
  executor: Executor,
  brandCode: string,
): Promise<Set<number>> {
  const rows = await union(
    executor
      .select({ platformId: gamePlatformSettings.platformId })
      .from(gamePlatformSettings)
      .where(eq(gamePlatformSettings.maintenance, true)),
    executor
      .select({ platformId: gameBrandPlatformMaintenance.platformId })
      .from(gameBrandPlatformMaintenance)
      .where(
        and(
          eq(gameBrandPlatformMaintenance.brandCode, brandCode),
          eq(gameBrandPlatformMaintenance.maintenance, true),
        ),
      ),
  );
  return new Set(rows.map((row) => row.platformId));
}

/** Whether one platform is in maintenance for a brand's members (either switch on). */
export async function inMaintenanceFor(
  executor: Executor,
  brandCode: string,
  platformId: number,
): Promise<boolean> {
  const rows = await queryRows<{ on: boolean }>(
    executor,
    sql`
    select (
      exists (select 1 from ${gamePlatformSettings}
              where ${gamePlatformSettings.platformId} = ${platformId}
                and ${gamePlatformSettings.maintenance})
      or exists (select 1 from ${gameBrandPlatformMaintenance}
                 where ${gameBrandPlatformMaintenance.brandCode} = ${brandCode}
                   and ${gameBrandPlatformMaintenance.platformId} = ${platformId}
                   and ${gameBrandPlatformMaintenance.maintenance})
    ) as "on"`,
  );
  return rows[0]?.on === true;
}

/** The member's automatic-transfer setting, or undefined when there is no such member. */
export async function findAutoTransfer(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
): Promise<boolean | undefined> {
  const rows = await executor
    .select({ autoTransfer: members.autoTransfer })
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.id, memberId)));
  return rows[0]?.autoTransfer;
}

export async function updateAutoTransfer(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  autoTransfer: boolean,
): Promise<boolean | undefined> {
  const rows = await executor
    .update(members)
    .set({ autoTransfer, updatedAt: sql`now()` })
    .where(and(eq(members.brandCode, brandCode), eq(members.id, memberId)))
    .returning({ autoTransfer: members.autoTransfer });
  return rows[0]?.autoTransfer;
}
