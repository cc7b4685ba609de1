import type { LedgerActor } from '../ledger/ledger.service.ts';
import type { OperatorIdentity } from './operator.service.ts';

/**
 * How an operator is named wherever a change keeps who made it: by id, which never changes
 * and is the key of the action log, not by a username.
 */

/** The ledger's actor of an operator's movement. */
export function operatorActor(operator: OperatorIdentity): LedgerActor {
  return { type: 'operator', id: String(operator.operatorId) };
}

/**
 * The `decided_by` text of a deposit or withdrawal order an operator decided, in the form of
 * the other deciders (`gateway:<merchant>`, `chain:<tx hash>`).
 */
export function operatorDecidedBy(operator: OperatorIdentity): string {
  return `operator:${operator.operatorId}`;
}
