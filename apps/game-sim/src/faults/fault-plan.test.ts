import { describe, expect, it } from 'vitest';
import { faultConfig } from '@lobby/game-protocol';
import { decideCallbackFaults, decideProviderFault, type FaultDecision } from './fault-plan.ts';

const config = (seed: string) =>
  faultConfig.parse({
    seed,
    timeoutRate: 0.2,
    errorRate: 0.2,
    slowRate: 0.2,
    timeoutAppliedRate: 0.5,
    duplicateCallbackRate: 0.3,
    reorderCallbackRate: 0.3,
  });

function decisions(seed: string): FaultDecision[] {
  const result: FaultDecision[] = [];
  for (let order = 0; order < 200; order += 1) {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      result.push(decideProviderFault(config(seed), 'transfer', `order-${order}`, attempt));
    }
  }
  return result;
}

describe('fault decisions', () => {
  it('are the same for the same seed, whatever the order of the calls', () => {
    const first = decisions('seed-a');
    const keys = Array.from({ length: 200 }, (_, order) => order).reverse();
    const reversed = new Map<string, FaultDecision>();
    for (const order of keys) {
      for (let attempt = 3; attempt >= 1; attempt -= 1) {
        reversed.set(
          `${order}:${attempt}`,
          decideProviderFault(config('seed-a'), 'transfer', `order-${order}`, attempt),
        );
      }
    }
    first.forEach((decision, index) => {
      const order = Math.floor(index / 3);
      const attempt = (index % 3) + 1;
      expect(reversed.get(`${order}:${attempt}`)).toEqual(decision);
    });
  });

  it('differ for another seed, another operation and another attempt', () => {
    expect(decisions('seed-b')).not.toEqual(decisions('seed-a'));
    const transfer = Array.from({ length: 100 }, (_, i) =>
      decideProviderFault(config('seed-a'), 'transfer', `k${i}`, 1),
    );
    const status = Array.from({ length: 100 }, (_, i) =>
      decideProviderFault(config('seed-a'), 'transfer_status', `k${i}`, 1),
    );
    const second = Array.from({ length: 100 }, (_, i) =>
      decideProviderFault(config('seed-a'), 'transfer', `k${i}`, 2),
    );
    expect(status).not.toEqual(transfer);
    expect(second).not.toEqual(transfer);
  });

  it('follow the configured shares', () => {
    const all = [...decisions('shares-1'), ...decisions('shares-2'), ...decisions('shares-3')];
    const share = (kind: FaultDecision['kind']) =>
      all.filter((decision) => decision.kind === kind).length / all.length;
    for (const kind of ['timeout', 'error', 'slow', 'none'] as const) {
      const expected = kind === 'none' ? 0.4 : 0.2;
      expect(Math.abs(share(kind) - expected)).toBeLessThan(0.04);
    }
    const timeouts = all.filter((decision) => decision.kind === 'timeout');
    const applied = timeouts.filter((decision) => decision.applied).length / timeouts.length;
    expect(Math.abs(applied - 0.5)).toBeLessThan(0.1);
  });

  it('never fail a call when every rate is zero', () => {
    const quiet = faultConfig.parse({ seed: 'quiet' });
    for (let i = 0; i < 100; i += 1) {
      expect(decideProviderFault(quiet, 'balance', `p${i}`, 1)).toEqual({ kind: 'none' });
      expect(decideCallbackFaults(quiet, `t${i}`, 0)).toEqual({ duplicate: false, reorder: false });
    }
  });

  it('decide callback faults per transaction, and never duplicate a duplicate', () => {
    const a = Array.from({ length: 100 }, (_, i) => decideCallbackFaults(config('cb'), `t${i}`, 0));
    const again = Array.from({ length: 100 }, (_, i) =>
      decideCallbackFaults(config('cb'), `t${i}`, 0),
    );
    const other = Array.from({ length: 100 }, (_, i) =>
      decideCallbackFaults(config('cb-2'), `t${i}`, 0),
    );
    expect(again).toEqual(a);
    expect(other).not.toEqual(a);
    expect(a.some((faults) => faults.duplicate)).toBe(true);
    expect(a.some((faults) => faults.reorder)).toBe(true);
    for (let i = 0; i < 100; i += 1) {
      expect(decideCallbackFaults(config('cb'), `t${i}`, 1).duplicate).toBe(false);
    }
  });
});
