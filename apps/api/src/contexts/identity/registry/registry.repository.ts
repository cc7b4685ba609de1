import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { exclusionRegistry } from './registry.schema.ts';

export type RegistryEntry = typeof exclusionRegistry.$inferInsert;

export async function insertEntries(executor: Executor, rows: RegistryEntry[]): Promise<void> {
  if (rows.length > 0) await executor.insert(exclusionRegistry).values(rows);
}

/** Marks an exclusion's rows ended (it ended, or a longer one replaced it). */
export async function endEntries(executor: Executor, exclusionId: bigint, at: Date): Promise<void> {
  await executor
    .update(exclusionRegistry)
    .set({ endedAt: at })
    .where(and(eq(exclusionRegistry.exclusionId, exclusionId), isNull(exclusionRegistry.endedAt)));
}

/**
 * Live rows among `hashes` (not ended) of any member but `exceptMember`:
 * the brand and period of each, never the identifier.
 */
export async function liveMatches(
  executor: Executor,
  hashes: readonly string[],
  exceptMember?: bigint,
): Promise<{ kind: string; brandCode: string; startsAt: Date; endsAt: Date | null }[]> {
  if (hashes.length === 0) return [];
  return executor
    .select({
      kind: exclusionRegistry.identifierKind,
      brandCode: exclusionRegistry.brandCode,
      startsAt: exclusionRegistry.startsAt,
      endsAt: exclusionRegistry.endsAt,
    })
    .from(exclusionRegistry)
    .where(
      and(
        inArray(exclusionRegistry.identifierHash, [...hashes]),
        // A period that ran out still stands until the member asks and waits (the row ends then).
        isNull(exclusionRegistry.endedAt),
        exceptMember === undefined ? sql`true` : ne(exclusionRegistry.memberId, exceptMember),
      ),
    )
    .orderBy(exclusionRegistry.startsAt);
}
