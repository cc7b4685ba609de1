/**
 * The withdrawal password config (SPEC.md section 3): the server answers with the brand's
 * enabled flag `d` and the member's is-set flag `p`; the client works with three names.
 */
export type WithdrawPasswordConfigAnswer = { d: boolean; p: boolean };

export type WithdrawPasswordConfig = {
  /** The brand uses withdrawal passwords. */
  enable: boolean;
  /** This member has set one. */
  isUsed: boolean;
  /** Enabled and not yet set: the member must set one before adding accounts or withdrawing. */
  isToSet: boolean;
};

export function deriveWithdrawPasswordConfig(
  answer: WithdrawPasswordConfigAnswer,
): WithdrawPasswordConfig {
  return { enable: answer.d, isUsed: answer.p, isToSet: answer.d && !answer.p };
}
