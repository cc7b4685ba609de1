import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';

/**
 * The `decided_by` text of a deposit or withdrawal order an operator decided, by id (which never
 * changes and is the key of the action log, not a username), in the form of the other deciders
 * (`gateway:<merchant>`, `chain:<tx hash>`).
 */
export function operatorDecidedBy(operator: OperatorIdentity): string {
  return `operator:${operator.operatorId}`;
}
