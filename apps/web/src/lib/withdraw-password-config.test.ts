import { describe, expect, it } from 'vitest';
import { deriveWithdrawPasswordConfig } from './withdraw-password-config.ts';

describe('deriveWithdrawPasswordConfig', () => {
  it('asks for a withdrawal password when the brand uses them and the member has none', () => {
    expect(deriveWithdrawPasswordConfig({ d: true, p: false })).toEqual({
      enable: true,
      isUsed: false,
      isToSet: true,
    });
  });

  it('has nothing to set once one is set', () => {
    expect(deriveWithdrawPasswordConfig({ d: true, p: true })).toEqual({
      enable: true,
      isUsed: true,
      isToSet: false,
    });
  });

  it('never asks when the brand does not use them', () => {
    expect(deriveWithdrawPasswordConfig({ d: false, p: false }).isToSet).toBe(false);
    expect(deriveWithdrawPasswordConfig({ d: false, p: true })).toEqual({
      enable: false,
      isUsed: true,
      isToSet: false,
    });
  });
});
