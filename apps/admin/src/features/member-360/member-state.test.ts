import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, PERMISSIONS, type AdminMemberRecord } from '@lobby/contracts';
import { availableActions, holdsMoney, restrictionsInForce } from './member-state.ts';

const RESTRICTION = { at: '2025-03-01T00:00:00.000Z', by: 'risk1', reason: 'chargeback' };

function record(
  restrictions: Partial<AdminMemberRecord['restrictions']> = {},
  balances: Partial<AdminMemberRecord['balances']> = {},
  counts: Partial<AdminMemberRecord['counts']> = {},
): Pick<AdminMemberRecord, 'restrictions' | 'balances' | 'counts'> {
  return {
    restrictions: { loginLocked: null, moneyFrozen: null, closed: null, ...restrictions },
    balances: {
      currency: 'CNY',
      wallet: '0.00',
      locked: '0.00',
      inTransit: '0.00',
      platforms: [],
      total: '0.00',
      turnoverOutstanding: '0.00',
      ...balances,
    },
    counts: { openWithdrawals: 0, pendingDeposits: 0, notes: 0, ...counts },
  };
}

describe('the actions offered', () => {
  it('fit the state: lock or unlock, freeze or unfreeze, a waiver only with turnover to waive', () => {
    expect(availableActions(record(), PERMISSIONS)).toEqual([
      'lock',
      'freeze',
      'logout',
      'passwordReset',
      'adjust',
      'close',
    ]);
    expect(
      availableActions(
        record(
          { loginLocked: RESTRICTION, moneyFrozen: RESTRICTION },
          { turnoverOutstanding: '30.00' },
        ),
        PERMISSIONS,
      ),
    ).toEqual(['unlock', 'unfreeze', 'logout', 'passwordReset', 'adjust', 'waive', 'close']);
  });

  it('leave a closed account nothing but ending sessions', () => {
    expect(
      availableActions(record({ closed: RESTRICTION, loginLocked: RESTRICTION }), PERMISSIONS),
    ).toEqual(['logout']);
  });

  it("follow the operator's permissions", () => {
    expect(
      availableActions(record({}, { turnoverOutstanding: '5.00' }), BUILT_IN_ROLES.finance),
    ).toEqual(['freeze', 'adjust', 'waive']);
    expect(availableActions(record(), BUILT_IN_ROLES.risk)).toEqual([
      'lock',
      'freeze',
      'logout',
      'passwordReset',
      'close',
    ]);
    expect(availableActions(record(), BUILT_IN_ROLES.customer_service)).toEqual([]);
  });
});

describe('the account state', () => {
  it('lists the restrictions in force, closed first', () => {
    expect(
      restrictionsInForce(record({ moneyFrozen: RESTRICTION, closed: RESTRICTION })).map(
        (entry) => entry.kind,
      ),
    ).toEqual(['closed', 'moneyFrozen']);
    expect(restrictionsInForce(record())).toEqual([]);
  });

  it('says when closing would be refused: money by the books or orders open', () => {
    expect(holdsMoney(record())).toBe(false);
    expect(holdsMoney(record({}, { total: '0.01' }))).toBe(true);
    expect(holdsMoney(record({}, {}, { pendingDeposits: 1 }))).toBe(true);
    expect(holdsMoney(record({}, {}, { openWithdrawals: 2 }))).toBe(true);
  });
});
