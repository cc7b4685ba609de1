import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { effectiveCompliance } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import type { Brand, BrandRegistry } from '../../platform/brand/index.ts';
import { RiskService, type RiskUsage } from './risk.service.ts';

/** The events never fail the member's request: a failed evaluation is logged and swallowed. */
describe('RiskService events', () => {
  const brand = {
    config: { code: 'jinsheng' },
    compliance: effectiveCompliance({ profile: 'standard', overrides: {} }),
  } as unknown as Brand;
  const brands = { get: (code: string) => (code === 'jinsheng' ? brand : undefined) };
  const failing = new Proxy({} as RiskUsage, {
    get: () => () => Promise.reject(new Error('money is down')),
  });

  function service(usage: RiskUsage) {
    const log = { error: vi.fn() };
    const risk = new RiskService({
      // No rule below reaches the database: each fails on its read first.
      db: {} as Database,
      brands: brands as unknown as BrandRegistry,
      log: log as unknown as FastifyBaseLogger,
      usage: () => usage,
    });
    return { risk, log };
  }

  it('logs a failed read and answers normally, for every event', async () => {
    const { risk, log } = service(failing);
    const member = { brandCode: 'jinsheng', memberId: 7n };
    await expect(risk.depositConfirmed({ ...member, currency: 'CNY' })).resolves.toBeUndefined();
    await expect(risk.withdrawalRequested({ ...member, orderNo: 'W1' })).resolves.toBeUndefined();
    await expect(risk.payoutAccountBound(member)).resolves.toBeUndefined();
    await expect(risk.memberAccessed(member)).resolves.toBeUndefined();
    await expect(risk.depositFailed({ ...member, failureKey: 'k' })).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(6);
    expect(log.error.mock.calls[0]?.[1]).toBe('risk rule: evaluation failed');
  });

  it('does nothing for a brand it does not know', async () => {
    const { risk, log } = service(failing);
    await risk.memberAccessed({ brandCode: 'nobrand', memberId: 1n });
    expect(log.error).not.toHaveBeenCalled();
  });
});
