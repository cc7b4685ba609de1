import { describe, expect, it } from 'vitest';
import { createAttemptKeys, newIdempotencyKey } from './idempotency-key.ts';

const FORMAT = /^[A-Za-z0-9_.:-]{8,64}$/;

describe('idempotency keys', () => {
  it('makes random keys of the contract format, with or without randomUUID', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(FORMAT);
    expect(newIdempotencyKey()).not.toBe(first);
    const withoutUuid = {
      getRandomValues: (bytes: Uint8Array) => bytes.fill(171),
    } as unknown as Crypto;
    expect(newIdempotencyKey(withoutUuid)).toBe('ab'.repeat(16));
  });

  it('reuses the key for a retry of the same request until it goes through', () => {
    let counter = 0;
    const keys = createAttemptKeys(() => `key-${++counter}-abcdef`);
    const request = { channel: 'online', amount: '100' };
    const first = keys.keyFor(request);
    expect(keys.keyFor({ ...request })).toBe(first);
    // The member changed the amount: a new attempt.
    const second = keys.keyFor({ ...request, amount: '200' });
    expect(second).not.toBe(first);
    expect(keys.keyFor({ ...request, amount: '200' })).toBe(second);
    // It went through: the same request again is a new deposit.
    keys.settle();
    expect(keys.keyFor({ ...request, amount: '200' })).not.toBe(second);
  });
});
