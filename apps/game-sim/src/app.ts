import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { faultConfig, type FaultConfig } from '@lobby/game-protocol';
import { runBackgroundOnce, type BackgroundReport } from './background.ts';
import type { SimDatabase } from './db/database.ts';
import { installErrorHandling } from './errors.ts';
import { FaultInjector } from './faults/fault-injector.ts';
import { engineFor } from './games/registry.ts';
import { createLogger } from './logger.ts';
import { PlayService, type EngineLookup, type IdMaker } from './play/play.service.ts';
import { playRoutes } from './play/play.routes.ts';
import { ScheduledService } from './play/scheduled.service.ts';
import { SessionService } from './play/session.service.ts';
import { providerRoutes } from './provider/provider.routes.ts';
import { ProviderService } from './provider/provider.service.ts';
import { WalletService } from './provider/wallet.service.ts';
import { LobbyClient } from './seamless/lobby-client.ts';
import {
  CallbackOutbox,
  DEFAULT_CALLBACK_POLICY,
  type CallbackPolicy,
} from './seamless/outbox.service.ts';
import { SeamlessWallet } from './seamless/seamless-wallet.service.ts';

export type SimAppDependencies = {
  /** Opened and migrated (openSimDatabase). */
  database: SimDatabase;
  /** The master secret; each platform's secret is platformSecret(secret, id). */
  secret: string;
  /** Base of launch URLs, without a trailing slash. */
  publicUrl: string;
  /** Base of Lobby's seamless callbacks, without a trailing slash. */
  lobbyUrl: string;
  faults: FaultConfig;
  logger?: Logger;
  /** The clock of every decision and record (tests move it by hand). */
  now?: () => Date;
  /** The game engines; the registry of src/games by default (tests may bring their own). */
  engines?: EngineLookup;
  callbackPolicy?: Partial<CallbackPolicy>;
  /** Round and bet ids (tests choose ids whose callback faults they want). */
  newId?: IdMaker;
  /** The game pages' static files; apps/game-sim/public by default. */
  publicDir?: string;
};

export type SimApp = {
  app: FastifyInstance;
  /** Replaces the fault configuration at run time (tests, demos). */
  setFaults(config: z.input<typeof faultConfig>): void;
  /**
   * One pass of the background work: roll back stakes left without a debit answer, resolve due
   * events and settle their bets, send due seamless callbacks, forget expired sessions.
   * `signal` cuts the pass short (shutdown); what is left stays for the next one.
   */
  runBackgroundOnce: (signal?: AbortSignal) => Promise<BackgroundReport>;
};

const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the simulator without listening: tests drive it with inject(), server.ts listens. */
export async function buildSimApp(deps: SimAppDependencies): Promise<SimApp> {
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? createLogger('info');
  const app = Fastify({
    // Without the assertion Fastify infers pino's Logger as its logger type, which its own
    // plugin types do not accept; the lint rule does not see that the assertion steers inference.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    // A caller that gave up on a held (timed-out) answer leaves its connection open; closing
    // must not wait for its keep-alive to lapse.
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 },
  });
  installErrorHandling(app);

  // Signatures cover the exact body text, so JSON bodies are kept as received.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    // The default parser answers through done.
    void parseJson(request, text, done);
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  const { database } = deps;
  const faults = new FaultInjector(database, deps.faults);
  const policy: CallbackPolicy = { ...DEFAULT_CALLBACK_POLICY, ...deps.callbackPolicy };
  const engines = deps.engines ?? engineFor;
  const client = new LobbyClient({
    lobbyUrl: deps.lobbyUrl,
    masterSecret: deps.secret,
    timeoutMs: policy.timeoutMs,
    now,
  });
  const outbox = new CallbackOutbox({ database, client, faults, now, policy, log: app.log });
  const seamless = new SeamlessWallet({ database, outbox, client });
  const wallet = new WalletService(database);
  const sessions = new SessionService(database, deps.publicUrl);
  const newId: IdMaker = deps.newId ?? ((prefix) => `${prefix}_${randomBytes(10).toString('hex')}`);
  const play = new PlayService({ database, engines, seamless, now, newId });
  const scheduled = new ScheduledService({ database, engines, seamless, now, newId });
  const provider = new ProviderService({ database, wallet, sessions, faults, now });

  app.addHook('preClose', async () => {
    // Held (timed-out) answers are released so the server can close.
    faults.close();
  });

  // The origin answers, as a game server's does: sites ask it whether the server is there
  // before they frame a game's one-time address.
  app.get('/', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('Lobby game provider simulator'),
  );
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(providerRoutes, {
    prefix: '/provider/v1/:platformId',
    provider,
    masterSecret: deps.secret,
    faults,
    now,
  });
  await app.register(fastifyStatic, {
    root: deps.publicDir ?? join(import.meta.dirname, '..', 'public'),
    prefix: '/play/assets/',
    decorateReply: false,
    index: false,
  });
  await app.register(playRoutes, { sessions, play, scheduled, faults, now });

  return {
    app,
    setFaults(config) {
      faults.set(faultConfig.parse(config));
    },
    runBackgroundOnce: (signal) =>
      runBackgroundOnce({ database, play, scheduled, outbox, now, signal }),
  };
}
