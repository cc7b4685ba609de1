import type { Executor } from '../../../db/client.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { operatorUsernames } from './operator.repository.ts';

/**
 * The `decided_by` text of a deposit or withdrawal order an operator decided, by id (which never
 * changes and is the key of the action log, not a username), in the form of the other deciders
 * (`gateway:<merchant>`, `chain:<tx hash>`).
 */
export function operatorDecidedBy(operator: OperatorIdentity): string {
  return `operator:${operator.operatorId}`;
}

const OPERATOR_DECISION = /^operator:([1-9]\d{0,17})$/;

/** A `decided_by` text as shown: an operator's username, other deciders as recorded. */
export type DecidedByNames = (value: string | null) => string | null;

/**
 * How these `decided_by` texts show, read in one query: `operator:<id>` as the operator's
 * username (as recorded when there is no such operator), `gateway:` and `chain:` as recorded.
 */
export async function decidedByNames(
  executor: Executor,
  decidedBy: readonly (string | null)[],
): Promise<DecidedByNames> {
  const ids = new Set<bigint>();
  for (const value of decidedBy) {
    const match = value === null ? null : OPERATOR_DECISION.exec(value);
    if (match?.[1]) ids.add(BigInt(match[1]));
  }
  const names = await operatorUsernames(executor, [...ids]);
  return (value) => {
    const match = value === null ? null : OPERATOR_DECISION.exec(value);
    return match?.[1] ? (names.get(BigInt(match[1])) ?? value) : value;
  };
}
