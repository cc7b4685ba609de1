import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { gamePlatformSettings, gamePlayers } from './games.schema.ts';
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
  change: { platformId: number; maintenance: boolean; updatedBy: string },
): Promise<PlatformSettingRow> {
  const rows = await executor
    .insert(gamePlatformSettings)
    .values(change)
    .onConflictDoUpdate({
      target: gamePlatformSettings.platformId,
      set: { maintenance: change.maintenance, updatedBy: change.updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('upsert into game_platform_settings returned no row');
  return row;
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
