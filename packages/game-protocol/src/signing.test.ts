import { describe, expect, it } from 'vitest';
import { platformSecret, REQUEST_MAX_AGE_MS, signRequest, verifyRequest } from './signing.ts';

const secretOf = (platformId: number) =>
  platformId === 17 ? platformSecret('master-secret-for-tests', 17) : undefined;

function signed(overrides: { body?: string; now?: number } = {}) {
  const body = overrides.body ?? '{"player":"jinsheng_1","currency":"CNY"}';
  const headers = signRequest({
    secret: platformSecret('master-secret-for-tests', 17),
    platformId: 17,
    method: 'POST',
    pathAndQuery: '/provider/v1/17/players',
    body,
    now: overrides.now,
  });
  return { headers, body };
}

describe('request signing', () => {
  it('accepts what it signed', () => {
    const { headers, body } = signed();
    const check = verifyRequest({
      headers,
      method: 'POST',
      pathAndQuery: '/provider/v1/17/players',
      body,
      secretOf,
    });
    expect(check).toMatchObject({ ok: true, platformId: 17 });
  });

  it('refuses a changed body, path, method or signature', () => {
    const { headers, body } = signed();
    const base = {
      headers,
      method: 'POST',
      pathAndQuery: '/provider/v1/17/players',
      body,
      secretOf,
    };
    expect(verifyRequest({ ...base, body: body.replace('1', '2') })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyRequest({ ...base, pathAndQuery: '/provider/v1/17/transfers' }).ok).toBe(false);
    expect(verifyRequest({ ...base, method: 'GET' }).ok).toBe(false);
    const tampered = { ...headers, 'x-lobby-signature': 'A'.repeat(43) };
    expect(verifyRequest({ ...base, headers: tampered }).ok).toBe(false);
  });

  it('refuses stale and future timestamps, unknown platforms and missing headers', () => {
    const old = signed({ now: Date.now() - REQUEST_MAX_AGE_MS - 1_000 });
    const base = { method: 'POST', pathAndQuery: '/provider/v1/17/players', secretOf };
    expect(verifyRequest({ ...base, ...old })).toEqual({ ok: false, reason: 'stale' });
    const future = signed({ now: Date.now() + REQUEST_MAX_AGE_MS + 1_000 });
    expect(verifyRequest({ ...base, ...future })).toEqual({ ok: false, reason: 'stale' });
    const fresh = signed();
    expect(
      verifyRequest({ ...base, ...fresh, headers: { ...fresh.headers, 'x-lobby-platform': '18' } }),
    ).toEqual({ ok: false, reason: 'unknown_platform' });
    expect(verifyRequest({ ...base, body: fresh.body, headers: {} })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('gives each platform its own secret', () => {
    expect(platformSecret('m', 1)).not.toBe(platformSecret('m', 2));
    expect(platformSecret('m', 1)).not.toBe(platformSecret('n', 1));
    expect(platformSecret('m', 1)).toBe(platformSecret('m', 1));
  });
});
