import type { Executor } from '../../../db/client.ts';
import { entriesAfter, lockRegistry, setHashes } from './registry.repository.ts';
import { identifierHash, type Identifier, type IdentifierKind } from './registry.rules.ts';

/** The label of the registry's key among the secrets derived from the RSA key (RsaKeys). */
export const REGISTRY_KEY_LABEL = 'exclusion-registry';

/** Rows read and rewritten at a time. */
const REKEY_BATCH = 500;

/**
 * A row that no identifier its member has now hashes to, under the old key or the new one: its
 * hash cannot be carried to the new key. It is kept as it was (never deleted: the exclusion it
 * records stays on the record), but no lookup under the new key matches it.
 */
export type UnmatchedEntry = {
  id: bigint;
  exclusionId: bigint;
  memberId: bigint;
  brandCode: string;
  kind: IdentifierKind;
  /** Not ended: a lookup relied on it. */
  live: boolean;
};

export type RegistryRekeyReport = {
  /** Rows read, ended ones included. */
  entries: number;
  /** Rows given the new key's hash. */
  rekeyed: number;
  /** Rows already under the new key (a run before this one). */
  alreadyNew: number;
  unmatched: UnmatchedEntry[];
};

/**
 * Re-keys the registry from key `from` to key `to`, on the caller's transaction. The registry
 * holds only keyed hashes, so a row is rebuilt from its member's current identifiers: the one of
 * the row's kind whose hash under the old key is the row's own is the identifier it was written
 * from, and its hash under the new key replaces it. So every row keeps its meaning exactly (an
 * identifier the member bound after the exclusion is not added), a row already under the new key
 * is left alone (a second run changes nothing), and a row none of whose member's identifiers
 * matches is reported (`unmatched`) and kept. Members' phone, e-mail, real name and date of birth
 * are set once, so that happens only to a row whose member was changed outside the code, or
 * whose kind no member field holds (`id_number`). The registry is locked against writers first.
 */
export async function rekeyRegistry(
  executor: Executor,
  keys: { from: Buffer; to: Buffer },
  identifiersOfMembers: (
    memberIds: readonly bigint[],
  ) => Promise<ReadonlyMap<bigint, readonly Identifier[]>>,
): Promise<RegistryRekeyReport> {
  await lockRegistry(executor);
  const report: RegistryRekeyReport = { entries: 0, rekeyed: 0, alreadyNew: 0, unmatched: [] };
  let afterId = 0n;
  for (;;) {
    const rows = await entriesAfter(executor, afterId, REKEY_BATCH);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    const identifiers = await identifiersOfMembers([...new Set(rows.map((row) => row.memberId))]);
    const changes: { id: bigint; identifierHash: string }[] = [];
    for (const row of rows) {
      const candidates = (identifiers.get(row.memberId) ?? []).filter(
        (identifier) => identifier.kind === row.identifierKind,
      );
      const source = candidates.find(
        (identifier) => identifierHash(keys.from, identifier) === row.identifierHash,
      );
      const rekeyed = source === undefined ? null : identifierHash(keys.to, source);
      if (rekeyed !== null) {
        changes.push({ id: row.id, identifierHash: rekeyed });
      } else if (
        candidates.some((identifier) => identifierHash(keys.to, identifier) === row.identifierHash)
      ) {
        report.alreadyNew++;
      } else {
        report.unmatched.push({
          id: row.id,
          exclusionId: row.exclusionId,
          memberId: row.memberId,
          brandCode: row.brandCode,
          kind: row.identifierKind,
          live: row.endedAt === null,
        });
      }
    }
    await setHashes(executor, changes);
    report.entries += rows.length;
    report.rekeyed += changes.length;
  }
  return report;
}
