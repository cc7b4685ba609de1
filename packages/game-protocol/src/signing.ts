import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Every call between Lobby and a platform, in either direction, is signed with the platform's
 * secret: HMAC-SHA256 over the method, the path with its query, a timestamp, a nonce and the
 * SHA-256 of the body. The receiver refuses a stale timestamp, so a request held up in the
 * network cannot be applied long after the sender gave up on it (see REQUEST_MAX_AGE_MS).
 */
export const SIGNATURE_HEADERS = {
  platform: 'x-lobby-platform',
  timestamp: 'x-lobby-timestamp',
  nonce: 'x-lobby-nonce',
  signature: 'x-lobby-signature',
} as const;

/**
 * A request older than this is refused before it can change anything. Lobby therefore takes a
 * platform's "order not found" as final only once the order is older than this (plus margin).
 */
export const REQUEST_MAX_AGE_MS = 60_000;

/**
 * The master secret both Lobby and the simulator use outside production when
 * GAME_PROVIDER_SECRET is not set, so `npm start` works with no settings. It is public: a
 * production start refuses to run without a secret of its own.
 */
export const DEV_PROVIDER_SECRET = 'lobby-dev-provider-secret-not-for-production';

/** Each platform's secret comes from the operator's master secret, so one setting serves all. */
export function platformSecret(masterSecret: string, platformId: number): string {
  return createHmac('sha256', masterSecret).update(`platform:${platformId}`).digest('hex');
}

function canonical(parts: {
  method: string;
  pathAndQuery: string;
  timestamp: string;
  nonce: string;
  body: string;
}): string {
  const bodyHash = createHash('sha256').update(parts.body).digest('hex');
  return [
    parts.method.toUpperCase(),
    parts.pathAndQuery,
    parts.timestamp,
    parts.nonce,
    bodyHash,
  ].join('\n');
}

/** The headers to send with a request (body: the exact text sent, empty for GET). */
export function signRequest(input: {
  secret: string;
  platformId: number;
  method: string;
  pathAndQuery: string;
  body: string;
  now?: number;
}): Record<string, string> {
  const timestamp = String(input.now ?? Date.now());
  const nonce = randomBytes(12).toString('hex');
  const signature = createHmac('sha256', input.secret)
    .update(canonical({ ...input, timestamp, nonce }))
    .digest('base64url');
  return {
    [SIGNATURE_HEADERS.platform]: String(input.platformId),
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: signature,
  };
}

export type SignatureCheck =
  | { ok: true; platformId: number; nonce: string }
  | { ok: false; reason: 'missing' | 'stale' | 'bad_signature' | 'unknown_platform' };

/**
 * Checks a request's signature. `secretOf` answers the secret of a platform id, or undefined for
 * an unknown platform. The caller keeps nonces seen within REQUEST_MAX_AGE_MS if it needs to
 * refuse replays (idempotent operations need not).
 */
export function verifyRequest(input: {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  pathAndQuery: string;
  body: string;
  secretOf: (platformId: number) => string | undefined;
  now?: number;
  maxAgeMs?: number;
}): SignatureCheck {
  const header = (name: string) => {
    const value = input.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const platformText = header(SIGNATURE_HEADERS.platform);
  const timestamp = header(SIGNATURE_HEADERS.timestamp);
  const nonce = header(SIGNATURE_HEADERS.nonce);
  const signature = header(SIGNATURE_HEADERS.signature);
  if (!platformText || !timestamp || !nonce || !signature) return { ok: false, reason: 'missing' };
  if (!/^[1-9][0-9]{0,5}$/.test(platformText) || !/^[0-9]{1,16}$/.test(timestamp)) {
    return { ok: false, reason: 'missing' };
  }
  const platformId = Number(platformText);
  const secret = input.secretOf(platformId);
  if (secret === undefined) return { ok: false, reason: 'unknown_platform' };
  const age = (input.now ?? Date.now()) - Number(timestamp);
  if (Math.abs(age) > (input.maxAgeMs ?? REQUEST_MAX_AGE_MS)) return { ok: false, reason: 'stale' };
  const expected = createHmac('sha256', secret)
    .update(
      canonical({
        method: input.method,
        pathAndQuery: input.pathAndQuery,
        timestamp,
        nonce,
        body: input.body,
      }),
    )
    .digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  return { ok: true, platformId, nonce };
}
