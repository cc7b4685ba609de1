import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { RESPONSE_HEADERS } from '@lobby/contracts';
import type { Cache } from './cache/index.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createLogger } from './lib/logger.ts';
import { BrandAdminService, BrandRegistry } from './modules/brand/brand.service.ts';
import { brandRoutes } from './modules/brand/brand.routes.ts';
import { brandAdminRoutes } from './modules/brand/brand-admin.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { BODY_LIMIT_BYTES, bodiesPlugin } from './plugins/bodies.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin, type SessionResolver } from './plugins/session.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { rateLimitPlugin, type RateLimitSettings } from './plugins/rate-limit.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { depositAdminRoutes } from './modules/deposit/deposit-admin.routes.ts';
import { depositRoutes } from './modules/deposit/deposit.routes.ts';
import { DepositService } from './modules/deposit/deposit.service.ts';
import { depositSandboxRoutes } from './modules/deposit/sandbox.routes.ts';
import { memberRoutes } from './modules/member/member.routes.ts';
import { payoutRoutes } from './modules/payout/payout.routes.ts';
import { PayoutService } from './modules/payout/payout.service.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { RecordsService } from './modules/records/records.service.ts';
import { AdjustmentService } from './modules/withdrawal/adjustment.service.ts';
import { withdrawalRoutes } from './modules/withdrawal/withdrawal.routes.ts';
import { WithdrawalService } from './modules/withdrawal/withdrawal.service.ts';
import { operatorRoutes } from './modules/operator/operator.routes.ts';
import { OperatorService } from './modules/operator/operator.service.ts';
import { bearerOperator, operatorAuthPlugin } from './plugins/operator-auth.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { WalletService } from './modules/wallet/wallet.service.ts';
import { MemberService } from './modules/member/member.service.ts';
import { phoneAreaRoutes } from './modules/phone-area/phone-area.routes.ts';
import { RsaKeys } from './modules/rsa/rsa.service.ts';
import { SessionService } from './modules/session/session.service.ts';
import { uploadRoutes } from './modules/upload/upload.routes.ts';
import { UploadUrlSigner } from './modules/upload/upload-url-signer.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { FeedbackService } from './modules/feedback/feedback.service.ts';
import { createMessageProviders } from './modules/verification/message-providers.ts';
import { devOutboxRoutes } from './modules/verification/verification.routes.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import { webPlugin } from './plugins/web.ts';
import { DEV_PROVIDER_SECRET, SEAMLESS_PATH_PREFIX } from '@lobby/game-protocol';
import { createSweeps } from './jobs/sweeps.ts';
import type { Sweep } from './jobs/scheduler.ts';
import { PlayerDirectory } from './modules/games/player-directory.ts';
import { ProviderClient } from './modules/games/provider-client.ts';
import { transferRoutes } from './modules/transfer/transfer.routes.ts';
import { TransferService } from './modules/transfer/transfer.service.ts';
import { GamesService } from './modules/games/games.service.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { gamesAdminRoutes } from './modules/games/games-admin.routes.ts';
import { PresenceService } from './modules/presence/presence.service.ts';
import { presenceRoutes } from './modules/presence/presence.routes.ts';
import { BetRecordsService } from './modules/bet-records/bet-records.service.ts';
import { betRecordsRoutes } from './modules/bet-records/bet-records.routes.ts';
import { seamlessRoutes } from './modules/seamless/seamless.routes.ts';
import { SeamlessService } from './modules/seamless/seamless.service.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { messagesAdminRoutes } from './modules/messages/messages-admin.routes.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { helpAdminRoutes } from './modules/help/help-admin.routes.ts';
import { HelpService } from './modules/help/help.service.ts';
import { promoRoutes } from './modules/promo/promo.routes.ts';
import { promoAdminRoutes } from './modules/promo/promo-admin.routes.ts';
import { PromoService } from './modules/promo/promo.service.ts';
import { agentRoutes } from './modules/agent/agent.routes.ts';
import { agentAdminRoutes } from './modules/agent/agent-admin.routes.ts';
import { AgentService } from './modules/agent/agent.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { chatAdminRoutes } from './modules/chat/chat-admin.routes.ts';
import { ChatService } from './modules/chat/chat.service.ts';
import { vipRoutes } from './modules/vip/vip.routes.ts';
import { vipAdminRoutes } from './modules/vip/vip-admin.routes.ts';
import { VipService } from './modules/vip/vip.service.ts';

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
  trustProxyHops?: number;
  /**
   * How long a client may take to send a whole request, headers and body: a slower one is cut
   * (408) so slow bodies cannot hold connections open. 60 s unless given.
   */
  requestTimeoutMs?: number;
  /** The game platforms' API (the simulator by default) and the master signing secret. */
  gameProvider?: { baseUrl: string; masterSecret: string; timeoutMs?: number };
};

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
    /** The background sweeps of this app's services, for the scheduler (server.ts). */
    sweeps: readonly Sweep[];
  }
}

/** Builds the API without listening, so tests drive it with inject() and server.ts listens. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const logger = dependencies.logger ?? createLogger('info');
  const app = Fastify({
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

  const brands = new BrandRegistry(
    dependencies.database.db,
    dependencies.cache,
    app.log,
    dependencies.defaultBrandCode,
  );
  await brands.load();
  await brands.startWatching();
  app.decorate('brands', brands);
  app.decorate('isShuttingDown', false);
  app.addHook('onClose', async () => {
    await brands.stopWatching();
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(RESPONSE_HEADERS.requestId, request.id);
  });
  await app.register(securityHeadersPlugin, { production: dependencies.production ?? false });

  await app.register(requestContextPlugin, { brands });
  await app.register(errorsPlugin);
  await app.register(bodiesPlugin);
  await app.register(inputPlugin);
  const sessionService = new SessionService(dependencies.database.db);
  await app.register(sessionPlugin, { sessions: dependencies.sessions ?? sessionService });
  const operators = new OperatorService(dependencies.database.db, { alerts: app.log });
  await app.register(operatorAuthPlugin, { operators });
  await app.register(rateLimitPlugin, {
    cache: dependencies.cache,
    settings: dependencies.rateLimits,
  });
  await app.register(openApiPlugin, {
    production: dependencies.production ?? false,
    isOperator: async (request) => (await bearerOperator(operators, request)) !== null,
  });

  // Member data must never sit in a shared cache.
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });

  const rsa = dependencies.rsa ?? RsaKeys.generate();
  const ledger = new LedgerService(dependencies.database.db);
  const captchas = new CaptchaService({
    cache: dependencies.cache,
    testCode: dependencies.production ? undefined : dependencies.captchaTestCode,
  });
  const verification = new VerificationService({
    db: dependencies.database.db,
    cache: dependencies.cache,
    providers: createMessageProviders(dependencies.database.db, {
      smtpUrl: dependencies.smtpUrl,
      smtpFrom: dependencies.smtpFrom,
    }),
  });
  const members = new MemberService({
    db: dependencies.database.db,
    rsa,
    sessions: sessionService,
    verification,
  });
  const auth = new AuthService({
    db: dependencies.database.db,
    rsa,
    sessions: sessionService,
    captcha: captchas,
    verification,
  });

  await app.register(healthRoutes, {
    database: dependencies.database,
    cache: dependencies.cache,
    isShuttingDown: () => app.isShuttingDown,
  });
  await app.register(brandRoutes);
  await app.register(telemetryRoutes);
  await app.register(captchaRoutes, { captchas });
  const presence = new PresenceService({
    cache: dependencies.cache,
    db: dependencies.database.db,
    brands,
  });
  await app.register(authRoutes, {
    auth,
    rsa,
    leavePresence: (brandCode, memberId) => presence.leave(brandCode, memberId),
  });
  await app.register(memberRoutes, { members });
  await app.register(operatorRoutes, { operators, ledger });
  await app.register(walletRoutes, {
    wallet: new WalletService({ db: dependencies.database.db, ledger, operators }),
  });
  const deposits = new DepositService({ db: dependencies.database.db, ledger });
  await app.register(depositRoutes, { deposits });
  await app.register(depositAdminRoutes, { deposits, operators });
  await app.register(depositSandboxRoutes, {
    deposits,
    production: dependencies.production ?? false,
  });
  const payouts = new PayoutService({ db: dependencies.database.db });
  // VIP levels: their privileges set the daily withdrawal limits; routes and sweeps below.
  const vip = new VipService({ db: dependencies.database.db, ledger, operators });
  await app.register(payoutRoutes, { payouts });
  await app.register(withdrawalRoutes, {
    withdrawals: new WithdrawalService({
      db: dependencies.database.db,
      ledger,
      payouts,
      operators,
      rsa,
      cache: dependencies.cache,
      vip,
    }),
    adjustments: new AdjustmentService({ db: dependencies.database.db, ledger, operators }),
  });
  await app.register(recordsRoutes, {
    records: new RecordsService({ db: dependencies.database.db }),
  });
  await app.register(phoneAreaRoutes);
  // Private uploads (feedback images) are shown through addresses signed with this key.
  const uploadSigner = new UploadUrlSigner(rsa.deriveSecret('upload-url'));
  await app.register(uploadRoutes, {
    db: dependencies.database.db,
    signer: uploadSigner,
    onAvatarUploaded: (memberId: bigint, url: string) => members.setAvatar(memberId, url),
  });
  if (!dependencies.production)
    await app.register(devOutboxRoutes, { db: dependencies.database.db });

  // Game platforms (games issue): the platforms' API client, the member's player accounts.
  const gameProvider = new ProviderClient({
    baseUrl: dependencies.gameProvider?.baseUrl ?? 'http://127.0.0.1:4100',
    masterSecret: dependencies.gameProvider?.masterSecret ?? DEV_PROVIDER_SECRET,
    timeoutMs: dependencies.gameProvider?.timeoutMs,
  });
  const players = new PlayerDirectory({ db: dependencies.database.db, provider: gameProvider });
  // Transfers between the centre wallet and transfer-wallet platforms, and their reconciliation.
  const transfers = new TransferService({
    db: dependencies.database.db,
    ledger,
    provider: gameProvider,
    players,
    log: app.log,
  });
  await app.register(transferRoutes, { transfers });
  // Platforms, game launch and the automatic-transfer setting; the maintenance switch.
  const games = new GamesService({
    db: dependencies.database.db,
    cache: dependencies.cache,
    ledger,
    provider: gameProvider,
    players,
    operators,
    brands,
    log: app.log,
    autoTransferIn: (input) => transfers.autoTransferIn(input),
    platformStates: (brandCode, memberId, currency) =>
      transfers.platformStates(brandCode, memberId, currency),
  });
  await app.register(gamesRoutes, { games });
  await app.register(gamesAdminRoutes, { games });
  // Online presence from the member heartbeat, and the operators' view of it.
  await app.register(presenceRoutes, { presence });
  // Bet records: the member's view (the bet-record-sync sweep fills them, below).
  await app.register(betRecordsRoutes, {
    betRecords: new BetRecordsService({ db: dependencies.database.db }),
  });
  // Seamless-wallet callbacks of wallet-type-2 platforms: signed with the same secrets.
  await app.register(seamlessRoutes, {
    prefix: SEAMLESS_PATH_PREFIX,
    seamless: new SeamlessService({
      db: dependencies.database.db,
      ledger,
      brands,
      secretOf: (platformId) => gameProvider.secretOf(platformId),
    }),
  });

  // The message centre: the member's messages and the operators' sending and withdrawing.
  const messages = new MessagesService({ db: dependencies.database.db, operators });
  await app.register(messagesRoutes, { messages });
  await app.register(messagesAdminRoutes, { messages });
  // Feedback tickets: the member's, and the operators' answers.
  await app.register(feedbackRoutes, {
    feedback: new FeedbackService({
      db: dependencies.database.db,
      signer: uploadSigner,
      operators,
    }),
  });

  // The help centre (Markdown pages rendered safe) and the brand's contact entries.
  const help = new HelpService({ db: dependencies.database.db, brands, operators });
  await app.register(helpRoutes, { help });
  await app.register(helpAdminRoutes, { help });

  // Promotions (activities): sign-in, gift exchange, deposit bonus and apply, banners; review.
  const promo = new PromoService({ db: dependencies.database.db, ledger, operators, brands });
  await app.register(promoRoutes, { promo });
  await app.register(promoAdminRoutes, { promo });
  // The agent partnership: applications, downline, commission tiers and monthly statements.
  const agents = new AgentService({
    db: dependencies.database.db,
    ledger,
    operators,
    brand: (code) => brands.get(code),
  });
  await app.register(agentRoutes, { agents });
  await app.register(agentAdminRoutes, { agents });
  // Online customer service: REST and the WebSocket for visitors, the operators' queue and replies.
  const chat = new ChatService({
    db: dependencies.database.db,
    cache: dependencies.cache,
    signer: uploadSigner,
    operators,
  });
  await app.register(chatRoutes, { chat, cache: dependencies.cache, operators });
  await app.register(chatAdminRoutes, { chat });
  // VIP levels, upgrades, monthly bonuses and daily rebates (the sweeps pay them).
  await app.register(vipRoutes, { vip });
  await app.register(vipAdminRoutes, { vip });
  // The operators' editing of a brand's contact entries (served above by the help centre).
  await app.register(brandAdminRoutes, {
    brandAdmin: new BrandAdminService({ db: dependencies.database.db, brands, operators }),
  });

  app.decorate(
    'sweeps',
    createSweeps({
      db: dependencies.database.db,
      betRecords: { provider: gameProvider, brands: () => brands.all() },
      transfers,
      vip: { vip, brands: () => brands.all() },
      agentStatements: { agents, brands: () => brands.all() },
      chat,
    }),
  );

  if (dependencies.webDistDir) {
    await app.register(webPlugin, {
      distDir: dependencies.webDistDir,
      production: dependencies.production ?? false,
    });
  }
  return app;
}
