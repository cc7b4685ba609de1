import type { Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { MEMBER_ERRORS } from './member.errors.ts';
import {
  memberStatusAndRestrictions,
  restrictionKindsOf,
  type RestrictionKind,
} from './restriction.repository.ts';

/** What a caller of the money gate is about to do with the member's money. */
export type MoneyMovement = 'deposit' | 'withdrawal' | 'transfer_in' | 'transfer_out' | 'bet';

/** Why the money gate refuses: member-facing codes of MEMBER_ERRORS. */
export type MoneyRefusal = 'account_frozen' | 'account_closed';

/**
 * THE MONEY GATE: the one server-side check every path that moves a member's money through
 * their own action calls before it moves anything: a deposit order (money/deposit), a
 * withdrawal request (money/withdrawal), a transfer into or out of a game platform, the
 * automatic one of a game launch and the one-click recycle (games/transfer), a seamless debit
 * (games/seamless, which answers in its protocol's terms). Answers the refusal, or null when the
 * movement may go ahead. A closed account moves nothing; frozen money moves nowhere. Money the
 * member does not start (a deposit already paid and confirmed, a game win, a rollback, an
 * operator's adjustment) is not stopped: it lands in the wallet and stays there.
 *
 * Player protection (self-exclusion, deposit and loss limits) adds its refusals HERE, so every
 * money path gets them at once; that is why callers say which `movement` they make. A path
 * that answers the gate's refusal must not have moved anything first.
 */
export async function memberMoneyRefusal(
  executor: Executor,
  memberId: bigint,
  movement: MoneyMovement,
): Promise<MoneyRefusal | null> {
  const kinds = await restrictionKindsOf(executor, memberId, GATE_KINDS);
  return refusalOf(kinds, movement);
}

/** The restrictions the money gate reads. */
const GATE_KINDS: readonly RestrictionKind[] = ['closed', 'money_frozen'];

function refusalOf(
  kinds: readonly RestrictionKind[],
  movement: MoneyMovement,
): MoneyRefusal | null {
  void movement; // Today's refusals hold for every movement; limits will not.
  if (kinds.includes('closed')) return 'account_closed';
  if (kinds.includes('money_frozen')) return 'account_frozen';
  return null;
}

/**
 * The member's status and the money gate's answer (memberMoneyRefusal) in ONE read, for a hot
 * path that needs both (a seamless debit); undefined when the brand has no such member. The
 * same gate: whatever memberMoneyRefusal refuses, this refuses.
 */
export async function memberMoneyStatus(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  movement: MoneyMovement,
): Promise<{ status: 'active' | 'disabled'; refusal: MoneyRefusal | null } | undefined> {
  const found = await memberStatusAndRestrictions(executor, brandCode, memberId, GATE_KINDS);
  if (!found) return undefined;
  return { status: found.status, refusal: refusalOf(found.kinds, movement) };
}

/** The money gate as an assertion: throws the member-facing refusal (see memberMoneyRefusal). */
export async function assertMemberMoneyAllowed(
  executor: Executor,
  memberId: bigint,
  movement: MoneyMovement,
): Promise<void> {
  const refusal = await memberMoneyRefusal(executor, memberId, movement);
  if (refusal) throw appError(MEMBER_ERRORS, refusal);
}
