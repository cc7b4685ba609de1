import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
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

/**
 * Holds off every other writer of the registry (and a second re-keying) until the transaction
 * ends; readers go on.
 */
export async function lockRegistry(executor: Executor): Promise<void> {
  await executor.execute(sql`lock table ${exclusionRegistry} in share row exclusive mode`);
}

export type StoredEntry = {
  id: bigint;
  identifierHash: string;
  identifierKind: RegistryEntry['identifierKind'];
  exclusionId: bigint;
  memberId: bigint;
  brandCode: string;
  endedAt: Date | null;
};

/** Up to `limit` rows after `afterId`, ended ones included, in id order. */
export async function entriesAfter(
  executor: Executor,
  afterId: bigint,
  limit: number,
): Promise<StoredEntry[]> {
  return executor
    .select({
      id: exclusionRegistry.id,
      identifierHash: exclusionRegistry.identifierHash,
      identifierKind: exclusionRegistry.identifierKind,
      exclusionId: exclusionRegistry.exclusionId,
      memberId: exclusionRegistry.memberId,
      brandCode: exclusionRegistry.brandCode,
      endedAt: exclusionRegistry.endedAt,
    })
    .from(exclusionRegistry)
    .where(gt(exclusionRegistry.id, afterId))
    .orderBy(asc(exclusionRegistry.id))
    .limit(limit);
}

/** Gives rows new hashes, in one statement. */
export async function setHashes(
  executor: Executor,
  changes: readonly { id: bigint; identifierHash: string }[],
): Promise<void> {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map((change) => sql`(${String(change.id)}::bigint, ${change.identifierHash}::text)`),
    sql`, `,
  );
  await executor.execute(
    sql`update ${exclusionRegistry} as entry set identifier_hash = changed.hash
        from (values ${values}) as changed (id, hash)
        where entry.id = changed.id`,
  );
}
