import type { Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { MEMBER_ERRORS } from './member.errors.ts';
import type { SQL } from 'drizzle-orm';
import {
  memberGateSql,
  restrictionKindsOf,
  type RestrictionKind,
} from './restriction.repository.ts';

/** What a caller of the money gate is about to do with the member's money. */
export type MoneyMovement = 'deposit' | 'withdrawal' | 'transfer_in' | 'transfer_out' | 'bet';

/** Why the money gate refuses: member-facing codes of MEMBER_ERRORS. */
export type MoneyRefusal =
  'account_frozen' | 'account_closed' | 'account_excluded' | 'deposits_blocked';

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
  const rules = rulesFor(movement);
  const kinds = await restrictionKindsOf(
    executor,
    memberId,
    rules.map(([kind]) => kind),
  );
  return rules.find(([kind]) => kinds.includes(kind))?.[1] ?? null;
}

const EVERY_MOVEMENT: readonly MoneyMovement[] = [
  'deposit',
  'withdrawal',
  'transfer_in',
  'transfer_out',
  'bet',
];

/**
 * The restrictions the money gate reads, in order: the refusal each makes and the movements it
 * stops. An excluded member (time-out, self-exclusion) may still take their money out.
 */
const GATE_RULES: readonly {
  kind: RestrictionKind;
  refusal: MoneyRefusal;
  stops: readonly MoneyMovement[];
}[] = [
  { kind: 'closed', refusal: 'account_closed', stops: EVERY_MOVEMENT },
  { kind: 'money_frozen', refusal: 'account_frozen', stops: EVERY_MOVEMENT },
  { kind: 'excluded', refusal: 'account_excluded', stops: ['deposit', 'transfer_in', 'bet'] },
  { kind: 'deposits_blocked', refusal: 'deposits_blocked', stops: ['deposit'] },
];

/** The gate's rules for one movement, in order, as [kind, refusal]. */
function rulesFor(movement: MoneyMovement): (readonly [RestrictionKind, MoneyRefusal])[] {
  return GATE_RULES.filter((rule) => rule.stops.includes(movement)).map(
    (rule) => [rule.kind, rule.refusal] as const,
  );
}

/** What the money gate in SQL answers besides its refusals. */
export type MemberGateAnswer = MoneyRefusal | 'member_not_found' | 'member_disabled';

/**
 * The money gate (memberMoneyRefusal) as a text expression for a statement that moves the money
 * itself (LedgerService.postIf's guard on a seamless debit): null when the brand's member is
 * active and the gate lets `movement` through; else 'member_not_found', 'member_disabled' or
 * the gate's refusal. The same rules, in the same order: whatever memberMoneyRefusal refuses,
 * this refuses. `member` gives the brand code (text) and the member id (bigint) as SQL.
 */
export function memberMoneyGateSql(
  member: { brandCode: SQL; memberId: SQL },
  movement: MoneyMovement,
): SQL {
  return memberGateSql(member, rulesFor(movement));
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
