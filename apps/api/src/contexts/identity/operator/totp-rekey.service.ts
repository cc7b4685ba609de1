import type { Executor } from '../../../db/client.ts';
import { TotpVault } from './operator-totp.ts';
import {
  findSealedTotpSecrets,
  lockOperators,
  setSealedTotpSecrets,
} from './operator.repository.ts';

/** The label of the TOTP sealing key among the secrets derived from the RSA key (RsaKeys). */
export const TOTP_KEY_LABEL = 'operator-totp';

/** A sealed secret that opens with neither key: left as it was. */
export type UnreadableTotpSecret = {
  operatorId: bigint;
  username: string;
  /** `enabled`: the secret logins are checked against; `pending`: one being enrolled. */
  secret: 'enabled' | 'pending';
};

export type TotpRekeyReport = {
  /** Operators with a sealed secret (enabled or pending). */
  operators: number;
  /** Sealed secrets read (an operator may have both). */
  secrets: number;
  /** Opened with the old key and sealed with the new one. */
  resealed: number;
  /** Already sealed with the new key (a run before this one). */
  alreadyNew: number;
  unreadable: UnreadableTotpSecret[];
};

/**
 * Re-seals every operator's TOTP secrets (the enrolled one and one being enrolled) from key
 * `from` to key `to`, on the caller's transaction: each opens with the old key and is sealed
 * again with the new one, so nobody enrols again and the last accepted step stays. A secret that
 * already opens with the new key is left alone (a second run changes nothing); one that opens
 * with neither is reported and left as it was. Recovery codes are plain hashes, bound to no key.
 */
export async function resealTotpSecrets(
  executor: Executor,
  keys: { from: Buffer; to: Buffer },
): Promise<TotpRekeyReport> {
  await lockOperators(executor);
  const from = new TotpVault(keys.from);
  const to = new TotpVault(keys.to);
  const rows = await findSealedTotpSecrets(executor);
  const report: TotpRekeyReport = {
    operators: rows.length,
    secrets: 0,
    resealed: 0,
    alreadyNew: 0,
    unreadable: [],
  };

  /** The secret sealed with the new key, or null when it is already, or cannot be opened. */
  const reseal = (sealed: string | null, which: UnreadableTotpSecret['secret'], row: Row) => {
    if (sealed === null) return null;
    report.secrets++;
    const opened = tryOpen(from, sealed);
    if (opened !== null) {
      report.resealed++;
      return to.seal(opened);
    }
    if (tryOpen(to, sealed) !== null) report.alreadyNew++;
    else report.unreadable.push({ operatorId: row.id, username: row.username, secret: which });
    return null;
  };

  for (const row of rows) {
    const enabled = reseal(row.totpSecret, 'enabled', row);
    const pending = reseal(row.totpPendingSecret, 'pending', row);
    if (enabled === null && pending === null) continue;
    await setSealedTotpSecrets(executor, row.id, {
      totpSecret: enabled ?? row.totpSecret,
      totpPendingSecret: pending ?? row.totpPendingSecret,
    });
  }
  return report;
}

type Row = { id: bigint; username: string };

function tryOpen(vault: TotpVault, sealed: string): string | null {
  try {
    return vault.open(sealed);
  } catch {
    return null;
  }
}
