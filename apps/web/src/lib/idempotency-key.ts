/**
 * Idempotency keys of money requests (deposit, withdrawal): one key per attempt. Sending the
 * same request again (a retry after a timeout, a double click) reuses the attempt's key, so the
 * server answers the order it already made instead of making a second one; a changed request
 * is a new attempt with a new key, and so is the next request after one went through.
 */

/** A random key of the contracts' format (8 to 64 of A-Z a-z 0-9 _ . : -). */
export function newIdempotencyKey(cryptoImpl: Crypto = globalThis.crypto): string {
  // randomUUID needs a secure context; plain-http brand hosts only have getRandomValues.
  if (typeof cryptoImpl.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return cryptoImpl.randomUUID();
  }
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type AttemptKeys = {
  /** The key for this request: the current attempt's when the request is the same. */
  keyFor(request: unknown): string;
  /** The attempt went through: the next request is a new attempt. */
  settle(): void;
};

export function createAttemptKeys(makeKey: () => string = () => newIdempotencyKey()): AttemptKeys {
  let attempt: { key: string; signature: string } | null = null;
  return {
    keyFor(request) {
      const signature = JSON.stringify(request);
      if (attempt?.signature !== signature) attempt = { key: makeKey(), signature };
      return attempt.key;
    },
    settle() {
      attempt = null;
    },
  };
}
