import { createHmac } from 'node:crypto';
import type { FaultConfig } from '@lobby/game-protocol';

/**
 * Fault decisions: a pure function of (seed, operation, the call's key, attempt), through
 * HMAC-SHA256 keyed by the seed. Nothing here reads the clock, a random source or a counter of
 * its own, so a run with the same seed and the same calls fails the same way, whatever the
 * timing or the order in which calls arrive.
 */

/** Provider operations whose calls can fail (names distinct, so decisions are independent). */
export type ProviderOperation =
  | 'create_player'
  | 'balance'
  | 'transfer'
  | 'transfer_status'
  | 'withdraw_all'
  | 'launch'
  | 'bets'
  | 'round';

export type FaultDecision =
  | { kind: 'none' }
  /** Answer after a delay the caller still waits for. */
  | { kind: 'slow'; delayMs: number }
  /** Answer 500, with the operation applied or not. */
  | { kind: 'error'; applied: boolean }
  /** Hold the answer until the caller gave up, with the operation applied or not. */
  | { kind: 'timeout'; applied: boolean; delayMs: number };

/** A share in [0, 1) from the HMAC of the labelled call: 48 bits, exact in a double. */
function unitInterval(seed: string, parts: readonly (string | number)[]): number {
  const digest = createHmac('sha256', seed).update(parts.join('\n')).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** True when the configuration can fail provider calls at all (attempts need not be counted). */
export function providerFaultsActive(config: FaultConfig): boolean {
  return config.timeoutRate > 0 || config.errorRate > 0 || config.slowRate > 0;
}

/**
 * What happens to one provider call. The shares are laid end to end on [0, 1): timeouts first,
 * then errors, then slow answers; a sum above 1 leaves no room for the later ones. Whether a
 * failed call was applied is a second, independent draw of the same call.
 */
export function decideProviderFault(
  config: FaultConfig,
  operation: ProviderOperation,
  key: string,
  attempt: number,
): FaultDecision {
  if (!providerFaultsActive(config)) return { kind: 'none' };
  const roll = unitInterval(config.seed, ['fault', operation, key, attempt]);
  const applied = () =>
    unitInterval(config.seed, ['applied', operation, key, attempt]) < config.timeoutAppliedRate;
  let edge = config.timeoutRate;
  if (roll < edge) return { kind: 'timeout', applied: applied(), delayMs: config.timeoutDelayMs };
  edge += config.errorRate;
  if (roll < edge) return { kind: 'error', applied: applied() };
  edge += config.slowRate;
  if (roll < edge) return { kind: 'slow', delayMs: config.slowDelayMs };
  return { kind: 'none' };
}

export type CallbackFaults = {
  /** Send this callback a second time after its final answer. */
  duplicate: boolean;
  /** Hold this callback back so callbacks made after it overtake it. */
  reorder: boolean;
};

/**
 * Faults of one seamless callback, by its transaction id and copy (0 the original, 1 the
 * duplicate). A duplicate is never duplicated again.
 */
export function decideCallbackFaults(
  config: FaultConfig,
  transactionId: string,
  copyNumber: number,
): CallbackFaults {
  return {
    duplicate:
      copyNumber === 0 &&
      config.duplicateCallbackRate > 0 &&
      unitInterval(config.seed, ['duplicate', transactionId, copyNumber]) <
        config.duplicateCallbackRate,
    reorder:
      config.reorderCallbackRate > 0 &&
      unitInterval(config.seed, ['reorder', transactionId, copyNumber]) <
        config.reorderCallbackRate,
  };
}
