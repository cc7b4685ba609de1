import type { Database } from '../../../db/client.ts';
import type { AuditLog } from '../../platform/audit/index.ts';
import type { RsaKeys } from '../../platform/rsa/index.ts';
import { findMembersByIds } from '../member/index.ts';
import { resealTotpSecrets, TOTP_KEY_LABEL, type TotpRekeyReport } from '../operator/index.ts';
import {
  identifiersOf,
  REGISTRY_KEY_LABEL,
  rekeyRegistry,
  type Identifier,
  type RegistryRekeyReport,
} from '../registry/index.ts';

/**
 * `rotated`: committed, with its significant event. `unchanged`: everything was already under
 * the new key (a second run), nothing written. `refused`: something could not be carried over
 * and `acceptUnmatched` was not given: rolled back, nothing written. `same_key`: the new key is
 * the current one.
 */
export type RotationOutcome = 'rotated' | 'unchanged' | 'refused' | 'same_key';

export type RotationReport = {
  outcome: RotationOutcome;
  /** The public keys' fingerprints (RsaKeys.fingerprint), old and new. */
  from: string;
  to: string;
  registry: RegistryRekeyReport;
  totp: TotpRekeyReport;
};

/** Ids named in the event at most, per list; the counts are always whole. */
const LISTED_IN_EVENT = 200;

/** Thrown inside the transaction to roll it back; never leaves this file. */
class Refused extends Error {
  readonly report: RotationReport;

  constructor(report: RotationReport) {
    super('rsa rotation refused');
    this.report = report;
  }
}

const emptyRegistry = (): RegistryRekeyReport => ({
  entries: 0,
  rekeyed: 0,
  alreadyNew: 0,
  unmatched: [],
});
const emptyTotp = (): TotpRekeyReport => ({
  operators: 0,
  secrets: 0,
  resealed: 0,
  alreadyNew: 0,
  unreadable: [],
});

/** What would be lost for good: live registry rows and enrolled secrets not carried over. */
export function losses(report: RotationReport): { registryLive: number; totpEnabled: number } {
  return {
    registryLive: report.registry.unmatched.filter((entry) => entry.live).length,
    totpEnabled: report.totp.unreadable.filter((secret) => secret.secret === 'enabled').length,
  };
}

/**
 * Moves what the database keeps under secrets derived from the RSA key (RsaKeys.deriveSecret)
 * from the current key `from` to the new key `to`, in one transaction: the exclusion registry's
 * keyed hashes (rekeyRegistry), every operator's sealed TOTP secrets (resealTotpSecrets), and a
 * significant event (`rsa_key_rotated`, the platform's chain, by the system) with the counts.
 * The upload URL key needs nothing: its links live minutes. Nodes must be stopped while it runs
 * and start with the new key only (runbook).
 *
 * What cannot be carried over (a live registry row none of whose member's identifiers hashes to
 * it under either key, an enrolled TOTP secret that opens with neither key; both also what a
 * wrong current key looks like) makes it refuse and roll back, unless `acceptUnmatched`: then
 * those rows and secrets are kept as they were, and the event names them. A second run with the
 * same keys finds everything under the new key and writes nothing.
 */
export async function rotateRsaKey(
  db: Database,
  audit: AuditLog,
  keys: { from: RsaKeys; to: RsaKeys },
  options: { acceptUnmatched?: boolean } = {},
): Promise<RotationReport> {
  const base = { from: keys.from.fingerprint, to: keys.to.fingerprint };
  if (base.from === base.to) {
    return { outcome: 'same_key', ...base, registry: emptyRegistry(), totp: emptyTotp() };
  }
  try {
    return await db.transaction(async (tx) => {
      const registry = await rekeyRegistry(
        tx,
        {
          from: keys.from.deriveSecret(REGISTRY_KEY_LABEL),
          to: keys.to.deriveSecret(REGISTRY_KEY_LABEL),
        },
        // On the transaction: the embedded database has one connection, which it holds.
        async (memberIds) => {
          const found = new Map<bigint, readonly Identifier[]>();
          for (const member of await findMembersByIds(tx, memberIds)) {
            found.set(member.id, identifiersOf(member));
          }
          return found;
        },
      );
      const totp = await resealTotpSecrets(tx, {
        from: keys.from.deriveSecret(TOTP_KEY_LABEL),
        to: keys.to.deriveSecret(TOTP_KEY_LABEL),
      });
      const report: RotationReport = { outcome: 'rotated', ...base, registry, totp };
      const lost = losses(report);
      if ((lost.registryLive > 0 || lost.totpEnabled > 0) && !options.acceptUnmatched) {
        throw new Refused({ ...report, outcome: 'refused' });
      }
      if (registry.rekeyed === 0 && totp.resealed === 0) return { ...report, outcome: 'unchanged' };
      await audit.record(tx, {
        kind: 'rsa_key_rotated',
        brandCode: null,
        actor: { type: 'system', id: null },
        details: eventDetails(report, options.acceptUnmatched === true),
      });
      return report;
    });
  } catch (error) {
    if (error instanceof Refused) return error.report;
    throw error;
  }
}

/** What an examiner reads in the event: fingerprints, counts and ids; never a secret. */
function eventDetails(report: RotationReport, acceptedUnmatched: boolean) {
  const { registry, totp } = report;
  const lost = losses(report);
  return {
    fromKey: report.from,
    toKey: report.to,
    registry: {
      entries: registry.entries,
      rekeyed: registry.rekeyed,
      alreadyNew: registry.alreadyNew,
      unmatchedLive: lost.registryLive,
      unmatchedEnded: registry.unmatched.length - lost.registryLive,
      unmatched: registry.unmatched.slice(0, LISTED_IN_EVENT).map((entry) => ({
        entry: String(entry.id),
        exclusion: String(entry.exclusionId),
        member: String(entry.memberId),
        brand: entry.brandCode,
        kind: entry.kind,
        live: entry.live,
      })),
    },
    totp: {
      operators: totp.operators,
      secrets: totp.secrets,
      resealed: totp.resealed,
      alreadyNew: totp.alreadyNew,
      unreadable: totp.unreadable.slice(0, LISTED_IN_EVENT).map((secret) => ({
        operator: String(secret.operatorId),
        username: secret.username,
        secret: secret.secret,
      })),
    },
    acceptedUnmatched,
  };
}
