import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { REGISTRY_ERRORS } from './registry.errors.ts';
import { endEntries, insertEntries, liveMatches } from './registry.repository.ts';
import { identifierHash, type Identifier } from './registry.rules.ts';

export type RegistryMatch = {
  kind: string;
  brandCode: string;
  startsAt: Date;
  endsAt: Date | null;
};

/**
 * The exclusion registry (issue 15, point 5): self-excluded people by a keyed hash of their
 * identifiers, shared by every brand. Registration, login on another account and binding a
 * phone or e-mail ask it (`assertNotExcluded`); the exclusion module writes it.
 */
export class ExclusionRegistry {
  readonly #db: Database;
  readonly #key: Buffer;

  constructor(options: { db: Database; key: Buffer }) {
    this.#db = options.db;
    this.#key = options.key;
  }

  #hashes(identifiers: readonly Identifier[]): { kind: Identifier['kind']; hash: string }[] {
    return identifiers.flatMap((identifier) => {
      const hash = identifierHash(this.#key, identifier);
      return hash === null ? [] : [{ kind: identifier.kind, hash }];
    });
  }

  /** Adds a self-exclusion's identifiers, on its transaction. */
  async record(
    executor: Executor,
    exclusion: {
      id: bigint;
      memberId: bigint;
      brandCode: string;
      startsAt: Date;
      endsAt: Date | null;
    },
    identifiers: readonly Identifier[],
  ): Promise<number> {
    const rows = this.#hashes(identifiers).map(({ kind, hash }) => ({
      identifierHash: hash,
      identifierKind: kind,
      exclusionId: exclusion.id,
      memberId: exclusion.memberId,
      brandCode: exclusion.brandCode,
      startsAt: exclusion.startsAt,
      endsAt: exclusion.endsAt,
    }));
    await insertEntries(executor, rows);
    return rows.length;
  }

  async end(executor: Executor, exclusionId: bigint, at: Date): Promise<void> {
    await endEntries(executor, exclusionId, at);
  }

  /** Live exclusions of any of the identifiers (another member's only, when one is named). */
  async matches(
    identifiers: readonly Identifier[],
    options: { exceptMember?: bigint } = {},
  ): Promise<RegistryMatch[]> {
    return liveMatches(
      this.#db,
      this.#hashes(identifiers).map((entry) => entry.hash),
      options.exceptMember,
    );
  }

  /** Throws `self_excluded` when any identifier is a self-excluded person's. */
  async assertNotExcluded(
    identifiers: readonly Identifier[],
    options: { exceptMember?: bigint } = {},
  ): Promise<void> {
    if ((await this.matches(identifiers, options)).length > 0) {
      throw appError(REGISTRY_ERRORS, 'self_excluded');
    }
  }
}
