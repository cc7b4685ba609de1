import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { HOME_PATHS, RESPONSE_HEADERS } from '@lobby/contracts';
import { PLATFORM_CATALOG } from '@lobby/game-protocol';
import { TimedCache, type Cache } from './cache/index.ts';
import { addBusinessCollectors } from './app-metrics.ts';
import { LobbyMetrics } from './metrics/metrics.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Sweep } from './jobs/scheduler.ts';
import { createLogger } from './lib/logger.ts';
import { registerBackoffice } from './contexts/backoffice/backoffice.context.ts';
import { registerReports } from './contexts/backoffice/reports/index.ts';
import { partitionsSweep, type Retention } from './contexts/platform/partitions/index.ts';
import {
  createEngagement,
  registerEngagement,
  type Engagement,
} from './contexts/engagement/engagement.context.ts';
import { vipLevelOf } from './contexts/engagement/vip/index.ts';
import { createGames, registerGames, type Games } from './contexts/games/games.context.ts';
import { inTransitSql } from './contexts/games/transfer/index.ts';
import { betTotalsInWindows, settledPlaySince } from './contexts/games/bet-records/index.ts';
import { seamlessPlaySince } from './contexts/games/seamless/index.ts';
import { depositsCountedSince } from './contexts/money/deposit/index.ts';
import { createIdentity, registerIdentity } from './contexts/identity/identity.context.ts';
import { createMoney, registerMoney } from './contexts/money/money.context.ts';
import {
  createProtection,
  registerProtection,
  type Protection,
} from './contexts/protection/protection.context.ts';
import type { RiskUsage } from './contexts/protection/risk/index.ts';
import { sumConfirmedDeposits } from './contexts/money/deposit/index.ts';
import { linkedAccountCounts } from './contexts/money/withdrawal/index.ts';
import type { MemberActionsService } from './contexts/backoffice/members/index.ts';
import type { Money } from './contexts/money/money.context.ts';
import type { Database } from './db/client.ts';
import type { BrandRegistry } from './contexts/platform/brand/index.ts';
import type { RsaKeys } from './contexts/platform/rsa/index.ts';
import { createPlatform, registerPlatform } from './contexts/platform/platform.context.ts';
import { createService, registerService } from './contexts/service/service.context.ts';
import { adminWebPlugin } from './plugins/admin-web.ts';
import { BODY_LIMIT_BYTES, bodiesPlugin } from './plugins/bodies.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { bearerOperator, operatorAuthPlugin } from './plugins/operator-auth.ts';
import { rateLimitPlugin, type RateLimitSettings } from './plugins/rate-limit.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin, type SessionResolver } from './plugins/session.ts';
import { webPlugin } from './plugins/web.ts';

export type AppDependencies = {
  database: DatabaseHandle;
  cache: Cache;
  logger?: Logger;
  /** Brand served to hosts no brand claims; defaults to the brand marked default. */
  defaultBrandCode?: string;
  /** Looks up member sessions; the database-backed store unless a test gives its own. */
  sessions?: SessionResolver;
  /** The password key pair; a fresh one in memory when absent (tests). */
  rsa?: RsaKeys;
  /** Outside production, a code every captcha accepts (automated tests). */
  captchaTestCode?: string;
  /** Registers development helpers (the outbox reader) unless true. */
  production?: boolean;
  /** An SMTP server for e-mail (nodemailer URL); without it e-mail goes to the outbox. */
  smtpUrl?: string;
  smtpFrom?: string;
  /** The rate limits of the routes: a multiplier, and replaced allowances (tests). */
  rateLimits?: RateLimitSettings;
  /** Directory of the built web app; when absent, page paths answer JSON not_found. */
  webDistDir?: string;
  /** Directory of the built operator console (apps/admin/dist), served under /admin/. */
  adminDistDir?: string;
  trustProxyHops?: number;
  /**
   * How long a client may take to send a whole request, headers and body: a slower one is cut
   * (408) so slow bodies cannot hold connections open. 60 s unless given.
   */
  requestTimeoutMs?: number;
  /** The clock of the back office's 12-month history bound; tests of fixed-date histories pin it. */
  historyClock?: () => Date;
  /** The game platforms' API (the simulator by default) and the master signing secret. */
  gameProvider?: { baseUrl: string; masterSecret: string; timeoutMs?: number };
  /** The player protection's clock (limits' 24 hours, exclusion periods); a test moves it. */
  clock?: () => Date;
  /** How often the report rollups are brought up to date (REPORTS_SWEEP_INTERVAL_MS). */
  reportsSweepIntervalMs?: number;
  /** How many months of each history table the law lets the operator drop are kept (RETENTION_*). */
  retention?: Retention;
  /**
   * The node exposes its metrics (decision 0024): the Node.js process series are collected, and
   * with a token GET /metrics answers on this port to `Authorization: Bearer <token>`. Without
   * it the app still counts, for nobody (tests that build many apps).
   */
  metrics?: { token?: string | undefined };
  /**
   * With tracing on (decision 0028): told of each request once its route is known, to name the
   * request's span by the route pattern.
   */
  traceRequest?: (request: FastifyRequest) => void;
};

/** Transfer-wallet platforms: their rounds reach the limits through the synced bet records. */
const TRANSFER_PLATFORM_IDS = PLATFORM_CATALOG.filter((platform) => platform.walletType === 1).map(
  (platform) => platform.id,
);

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * The HTTP server's clock for slow clients: the whole request within `requestTimeoutMs`, its
 * headers within a third of it (at most 20 s), checked often enough that a slow one is cut soon
 * after its time is up.
 */
export function requestTimeouts(requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(20_000, Math.ceil(requestTimeoutMs / 3)),
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.ceil(requestTimeoutMs / 4))),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    brands: BrandRegistry;
    /** True once shutdown began: readiness fails so the balancer drains this node. */
    isShuttingDown: boolean;
    /** The node's Prometheus series (server.ts serves them on METRICS_PORT too). */
    metrics: LobbyMetrics;
  }
}

/** Builds the API without listening, so tests drive it with inject() and server.ts listens. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const logger = dependencies.logger ?? createLogger('info');
  const app = Fastify({
    // Without the assertion Fastify infers pino's Logger as its logger type, which its own
    // plugin types do not accept; the lint rule does not see that the assertion steers inference.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the given number of proxies in front of us may set X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < (dependencies.trustProxyHops ?? 0),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    // A caller's request id is kept when it looks like one, so logs join across services.
    genReqId: (request) => {
      const incoming = request.headers[RESPONSE_HEADERS.requestId];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID();
    },
    return503OnClosing: true,
    ...requestTimeouts(dependencies.requestTimeoutMs),
    // Router errors (bad escapes, over-long parameters) answer the envelope too.
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const sweeps: Sweep[] = [];
  app.decorate('sweeps', sweeps);
  app.decorate('addSweep', (sweep: Sweep) => {
    sweeps.push(sweep);
  });
  app.decorate('isShuttingDown', false);
  // The months of the partitioned history tables (decision 0029).
  app.addSweep(partitionsSweep({ retention: dependencies.retention ?? {} }));
  const metrics = new LobbyMetrics({
    log: app.log,
    processMetrics: dependencies.metrics !== undefined,
  });
  app.decorate('metrics', metrics);
  await app.register(metricsPlugin, { metrics, token: dependencies.metrics?.token });

  // The services of every context, lowest first. A lower context that needs something of a
  // higher one (a member's VIP level, money in transit to a game platform) gets a function,
  // called only once requests arrive, when every context exists.
  const { database } = dependencies;
  const cache: Cache = new TimedCache(dependencies.cache, (operation, seconds) =>
    metrics.cacheDuration.observe({ operation }, seconds),
  );
  const db = database.db;
  const production = dependencies.production ?? false;
  const platformSettings = { ...dependencies, cache, log: app.log, production };
  const platform = await createPlatform(platformSettings);
  app.decorate('brands', platform.brands);
  app.addHook('onClose', async () => {
    await platform.brands.stopWatching();
  });
  const later: { engagement?: Engagement; games?: Games } = {};
  const engagementBuilt = (): Engagement => {
    if (!later.engagement) throw new Error('the engagement context was used before it was built');
    return later.engagement;
  };
  const gamesBuilt = (): Games => {
    if (!later.games) throw new Error('the games context was used before it was built');
    return later.games;
  };
  const identity = createIdentity({
    db,
    cache,
    log: app.log,
    platform,
    vipLevelOf: (memberId) => vipLevelOf(db, memberId),
    memberAccessed: (event) => riskBuilt.protection().risk.memberAccessed(event),
  });
  // Player protection's risk rules: what they read of money (given once money exists) and the
  // member record's freeze of the back office (registered last).
  const riskBuilt = riskLater();
  const protection = createProtection({
    db,
    cache,
    platform,
    identity,
    now: dependencies.clock ?? (() => new Date()),
    log: app.log,
    // Every platform's balance back to the wallet, as the member's one-click recycle does.
    recycle: async (brand, memberId) => {
      await gamesBuilt().transfers.recycle(brand, memberId, `exclusion:${Date.now()}`, 'zh-CN');
    },
    usage: {
      deposits: depositsCountedSince,
      play: async (executor, memberId, since) => {
        const [seamless, settled] = await Promise.all([
          seamlessPlaySince(executor, memberId, since),
          settledPlaySince(executor, memberId, since, TRANSFER_PLATFORM_IDS),
        ]);
        return {
          stakes: seamless.stakes + settled.stakes,
          payouts: seamless.payouts + settled.payouts,
        };
      },
    },
    risk: {
      log: app.log,
      usage: () => riskUsage(db, riskBuilt.money()),
      freezeMember: (operator, memberId, context) =>
        riskBuilt
          .memberActions()
          .freeze(operator, String(memberId), context)
          .then(() => undefined),
    },
    // KYC: the cumulative-deposits threshold reads money's confirmed deposits.
    confirmedDeposits: (brandCode, memberId, currency) =>
      sumConfirmedDeposits(db, brandCode, memberId, currency),
  });
  riskBuilt.set({ protection });
  const money = createMoney({
    db,
    cache,
    platform,
    identity,
    protection,
    inTransitSql,
    withdrawalLimits: (brand, memberId) => engagementBuilt().vip.withdrawalLimits(brand, memberId),
    transferResolution: (input) => gamesBuilt().transferAdmin.carryOutResolution(input),
    betTotals: (windows) => betTotalsInWindows(db, windows),
    ledgerChecked: metrics.ledgerChecked,
  });
  riskBuilt.set({ money });
  const games = createGames({
    ...dependencies,
    cache,
    db,
    log: app.log,
    platform,
    identity,
    money,
    protection,
  });
  later.games = games;
  const engagement = createEngagement({ db, platform, identity, money });
  later.engagement = engagement;
  const service = createService({ db, cache, platform, identity, money });

  // The request path: ids and headers, the brand, errors, bodies, input rules, the member and
  // operator guards, rate limits, the API document (plugins/).
  app.addHook('onRequest', async (request, reply) => {
    reply.header(RESPONSE_HEADERS.requestId, request.id);
  });
  const { traceRequest } = dependencies;
  if (traceRequest) {
    app.addHook('onRequest', (request, _reply, done) => {
      traceRequest(request);
      done();
    });
  }
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin, { production });
  await app.register(requestContextPlugin, { brands: platform.brands });
  await app.register(errorsPlugin);
  await app.register(bodiesPlugin);
  await app.register(inputPlugin);
  await app.register(sessionPlugin, { sessions: dependencies.sessions ?? identity.sessions });
  await app.register(operatorAuthPlugin, { operators: identity.operators });
  await app.register(rateLimitPlugin, { cache, settings: dependencies.rateLimits });
  await app.register(openApiPlugin, {
    production,
    isOperator: async (request) => (await bearerOperator(identity.operators, request)) !== null,
  });
  // Member data must never sit in a shared cache.
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // The modules, context by context.
  await registerPlatform(app, platform, {
    ...platformSettings,
    isShuttingDown: () => app.isShuttingDown,
  });
  await registerIdentity(app, identity, {
    db,
    platform,
    leavePresence: (brandCode, memberId) => games.presence.leave(brandCode, memberId),
  });
  await registerProtection(app, protection);
  await registerMoney(app, money, { production });
  await registerGames(app, games, platform, {
    seamlessAnswered: (answer) => metrics.seamlessCallbacks.inc(answer),
  });
  await registerEngagement(app, engagement, platform);
  await registerService(app, service, { cache, identity });
  const backoffice = await registerBackoffice(app, {
    db,
    platform,
    identity,
    games,
    protection,
    historyClock: dependencies.historyClock,
  });
  riskBuilt.set({ memberActions: backoffice.memberActions });
  addBusinessCollectors(metrics, {
    database,
    brands: platform.brands,
    presence: games.presence,
    sweepNames: () => sweeps.map((sweep) => sweep.name),
  });
  await registerReports(app, {
    db,
    brands: platform.brands,
    presence: games.presence,
    operators: identity.operators,
    intervalMs: dependencies.reportsSweepIntervalMs,
  });

  if (dependencies.webDistDir) {
    await app.register(webPlugin, {
      distDir: dependencies.webDistDir,
      production,
      // A home page carries its banners in the brand's language: its largest paint waits for
      // no call. Other pages carry nothing.
      firstScreen: async (request, pathname) =>
        (HOME_PATHS as readonly string[]).includes(pathname)
          ? {
              topCover: await engagement.promo.reads.topCover(
                request.brand,
                request.brand.config.language,
              ),
            }
          : null,
    });
  }
  if (dependencies.adminDistDir) {
    await app.register(adminWebPlugin, { distDir: dependencies.adminDistDir, production });
  }
  return app;
}

/**
 * The risk rules (protection) sit below money and the back office: what they need of those is
 * bound here once each exists, and asked for only when an event or an operator call arrives.
 */
function riskLater() {
  const built: { protection?: Protection; money?: Money; memberActions?: MemberActionsService } =
    {};
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`risk rules: ${name} used before it was built`);
    return value;
  };
  return {
    set: (parts: typeof built) => Object.assign(built, parts),
    protection: () => need(built.protection, 'protection'),
    money: () => need(built.money, 'money'),
    memberActions: () => need(built.memberActions, 'the back office'),
  };
}

/** The reads of money's records the risk rules are given (protection never reads its tables). */
function riskUsage(db: Database, money: Money): RiskUsage {
  return {
    depositsTotal: (brandCode, memberId, currency) =>
      sumConfirmedDeposits(db, brandCode, memberId, currency),
    withdrawalWagering: (orderNo) => money.withdrawalCashier.wagering(orderNo),
    payoutAccountsBoundSince: (brandCode, memberId, since) =>
      money.payouts.boundSince(brandCode, memberId, since),
    sharedIdentifiers: async (memberId) =>
      (await linkedAccountCounts(db, [memberId])).get(memberId) ?? {
        byDevice: 0,
        byIp: 0,
        byPayoutAccount: 0,
      },
    holdWithdrawal: (orderNo, reason) => money.withdrawalCashier.holdForRisk(orderNo, reason),
  };
}
