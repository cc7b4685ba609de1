import type { AdminMemberRecord, MemberRestriction, Permission } from '@lobby/contracts';
import { isZeroAmount } from './money-input.ts';

/** The restrictions an account can have, in the order the page shows them. */
export const RESTRICTION_KINDS = ['closed', 'loginLocked', 'moneyFrozen'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

/** The restrictions in force, each with who set it, when and why. */
export function restrictionsInForce(
  record: Pick<AdminMemberRecord, 'restrictions'>,
): { kind: RestrictionKind; restriction: MemberRestriction }[] {
  return RESTRICTION_KINDS.flatMap((kind) => {
    const restriction = record.restrictions[kind];
    return restriction ? [{ kind, restriction }] : [];
  });
}

/** The account actions of the member page, in the order of its actions bar. */
export const MEMBER_ACTIONS = [
  'lock',
  'unlock',
  'freeze',
  'unfreeze',
  'logout',
  'passwordReset',
  'adjust',
  'waive',
  'close',
] as const;
export type MemberActionKey = (typeof MEMBER_ACTIONS)[number];

/** What each action needs the operator to hold (the server checks the same). */
export const ACTION_PERMISSIONS: Record<MemberActionKey, Permission> = {
  lock: 'members.write',
  unlock: 'members.write',
  freeze: 'members.freeze',
  unfreeze: 'members.freeze',
  logout: 'members.write',
  passwordReset: 'members.write',
  adjust: 'money.adjust',
  waive: 'money.adjust',
  close: 'members.write',
};

/**
 * The actions to offer: those the operator's permissions allow that fit the account's state
 * (lock or unlock, freeze or unfreeze, a waiver only with turnover outstanding). A closed
 * account takes nothing but ending sessions: the server refuses the rest (`member_closed`).
 */
export function availableActions(
  record: Pick<AdminMemberRecord, 'restrictions' | 'balances'>,
  permissions: readonly Permission[],
): MemberActionKey[] {
  const { restrictions } = record;
  const fits: Record<MemberActionKey, boolean> = restrictions.closed
    ? {
        lock: false,
        unlock: false,
        freeze: false,
        unfreeze: false,
        logout: true,
        passwordReset: false,
        adjust: false,
        waive: false,
        close: false,
      }
    : {
        lock: !restrictions.loginLocked,
        unlock: restrictions.loginLocked !== null,
        freeze: !restrictions.moneyFrozen,
        unfreeze: restrictions.moneyFrozen !== null,
        logout: true,
        passwordReset: true,
        adjust: true,
        waive: !isZeroAmount(record.balances.turnoverOutstanding),
        close: true,
      };
  return MEMBER_ACTIONS.filter(
    (action) => fits[action] && permissions.includes(ACTION_PERMISSIONS[action]),
  );
}

/** Whether the account holds money by the books or has orders open: closing it is refused. */
export function holdsMoney(record: Pick<AdminMemberRecord, 'balances' | 'counts'>): boolean {
  return (
    !isZeroAmount(record.balances.total) ||
    record.counts.openWithdrawals > 0 ||
    record.counts.pendingDeposits > 0
  );
}
