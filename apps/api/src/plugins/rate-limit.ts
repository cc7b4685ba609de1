import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '@lobby/contracts';
import type { Cache } from '../cache/index.ts';
import { commonError } from '../lib/app-error.ts';

/** Whose calls a limit counts. */
export type RateLimitScope = 'ip' | 'device' | 'member' | 'operator' | 'deviceOrIp';

/** Per-minute allowances of one bucket, by scope; routes name their bucket. */
export type BucketLimits = Partial<Record<RateLimitScope, number>>;

/**
 * Every limit of the API, per minute. A route names its bucket (`config.rateLimit`); routes
 * naming one bucket share its counters, so the deposit, withdrawal and transfer calls together
 * make up a member's money budget. A scope a request lacks (no device id, no member on an
 * optional route) is not counted; the address always is where the bucket has one.
 */
export const RATE_LIMITS = {
  login: { ip: 30, device: 15 },
  register: { ip: 10, device: 5 },
  codes: { ip: 10, device: 5 },
  forget: { ip: 10 },
  captcha: { ip: 30, device: 20 },
  operatorLogin: { ip: 10, device: 10 },
  /** Deposits, withdrawals, transfers to and from the platforms, game launch with its transfer. */
  money: { member: 30, ip: 300 },
  /** Promotion sign-ins, claims, exchanges and applications. */
  claims: { member: 30, ip: 300 },
  /** Image uploads: avatars, feedback and chat images. */
  upload: { member: 10, ip: 60 },
  telemetry: { deviceOrIp: CLIENT_ERROR_REPORTS_PER_MINUTE },
} as const satisfies Record<string, BucketLimits>;

export type RateLimitBucket = keyof typeof RATE_LIMITS;

export type RateLimitSettings = {
  /** Multiplies every allowance (many members behind one carrier NAT, test runs). */
  multiplier?: number;
  /** Replaces allowances of some buckets (tests of the limits themselves). */
  overrides?: Partial<Record<RateLimitBucket, BucketLimits>>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate-limit bucket this route counts against. */
    rateLimitBucket?: RateLimitBucket;
  }
}

const WINDOW_MS = 60_000;

/** @fastify/rate-limit's store on Lobby's cache: Redis for every node, or in process. */
function cacheStore(cache: Cache) {
  return class CacheStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      cache.hit(`rate:${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

function scopeKey(request: FastifyRequest, scope: RateLimitScope): string | null {
  switch (scope) {
    case 'ip':
      return `ip:${normalizeIP(request.ip)}`;
    case 'device':
      return request.client.deviceNo === null ? null : `device:${request.client.deviceNo}`;
    case 'member':
      return request.member ? `member:${request.member.memberId}` : null;
    case 'operator':
      return request.operator ? `operator:${String(request.operator.operatorId)}` : null;
    case 'deviceOrIp':
      return request.client.deviceNo === null
        ? `ip:${normalizeIP(request.ip)}`
        : `device:${request.client.deviceNo}`;
  }
}

/**
 * One rate-limit mechanism for every route (@fastify/rate-limit on the shared cache): a route
 * names its bucket in `config.rateLimitBucket`, and each of the bucket's scopes is counted in a
 * fixed one-minute window. Over any of them the call answers `rate_limited` with
 * `retryAfterSeconds` (and Retry-After) before its body is read. Runs after the session and
 * operator guards, so member and operator scopes know who is calling.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { cache: Cache; settings?: RateLimitSettings }) => {
    await app.register(rateLimit, { global: false, store: cacheStore(options.cache) });
    const multiplier = options.settings?.multiplier ?? 1;
    const checkers = new Map<RateLimitBucket, onRequestAsyncHookHandler>();

    const checkerOf = (bucket: RateLimitBucket): onRequestAsyncHookHandler => {
      const existing = checkers.get(bucket);
      if (existing) return existing;
      const limits: BucketLimits = options.settings?.overrides?.[bucket] ?? RATE_LIMITS[bucket];
      const scopes = (Object.entries(limits) as [RateLimitScope, number][]).map(
        ([scope, perMinute]) => ({
          scope,
          check: app.createRateLimit({
            max: perMinute * multiplier,
            timeWindow: WINDOW_MS,
            // Scopes a request lacks are never counted (see the hook), so this key is unused.
            keyGenerator: (request) => `${bucket}:${scopeKey(request, scope) ?? 'none'}`,
          }),
        }),
      );
      const checker: onRequestAsyncHookHandler = async (request) => {
        for (const { scope, check } of scopes) {
          if (scopeKey(request, scope) === null) continue;
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            throw commonError('rate_limited', { retryAfterSeconds: result.ttlInSeconds });
          }
        }
      };
      checkers.set(bucket, checker);
      return checker;
    };

    app.addHook('onRoute', (route) => {
      const bucket = route.config?.rateLimitBucket;
      if (bucket === undefined) return;
      const checker = checkerOf(bucket);
      const existing = route.onRequest;
      route.onRequest = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), checker]
        : [checker];
    });
  },
  { name: 'rate-limit', dependencies: ['request-context', 'session', 'operator-auth'] },
);
