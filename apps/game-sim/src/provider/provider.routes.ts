import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  betsQuery,
  catalogPlatform,
  createPlayerRequest,
  launchRequest,
  orderId,
  PLATFORM_CATALOG,
  platformSecret,
  playerName,
  roundQuery,
  transferRequest,
  verifyRequest,
  withdrawAllRequest,
  type CatalogPlatform,
} from '@lobby/game-protocol';
import { parseOr, SimError } from '../errors.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';
import type { ProviderService } from './provider.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact body text received (signatures cover it); empty without a body. */
    rawBody?: string;
  }
}

const platformParams = z.object({ platformId: z.string().regex(/^[1-9][0-9]{0,5}$/) });
const playerParams = z.object({ player: playerName });
const orderParams = z.object({ orderId });
const roundParams = z.object({ roundId: z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/) });

/**
 * Checks the platform of the path and the request's signature; a platform in maintenance
 * answers 503 to everything once the caller is known.
 */
function authenticate(
  request: FastifyRequest,
  secrets: Map<number, string>,
  faults: FaultInjector,
  now: () => Date,
): CatalogPlatform {
  const params = platformParams.safeParse(request.params);
  const platform = params.success ? catalogPlatform(Number(params.data.platformId)) : undefined;
  if (!platform) throw new SimError('unknown_platform', 404, 'no such platform');
  const check = verifyRequest({
    headers: request.headers,
    method: request.method,
    pathAndQuery: request.url,
    body: request.rawBody ?? '',
    secretOf: (id) => secrets.get(id),
    now: now().getTime(),
  });
  if (!check.ok) {
    if (check.reason === 'unknown_platform') {
      throw new SimError('unknown_platform', 404, 'no such platform');
    }
    throw new SimError('bad_signature', 401, `signature refused: ${check.reason}`);
  }
  if (check.platformId !== platform.id) {
    throw new SimError('bad_signature', 401, 'signature refused: platform does not match the path');
  }
  if (faults.inMaintenance(platform.id)) {
    throw new SimError('maintenance', 503, 'the platform is under maintenance');
  }
  return platform;
}

function requireTransferWallet(platform: CatalogPlatform): void {
  if (platform.walletType !== 1) {
    throw new SimError(
      'invalid_request',
      400,
      `platform ${platform.id} is a seamless-wallet platform: it holds no balance`,
    );
  }
}

/** The transfer-wallet API of every platform: `/provider/v1/:platformId/...`, signed. */
export async function providerRoutes(
  app: FastifyInstance,
  options: {
    provider: ProviderService;
    masterSecret: string;
    faults: FaultInjector;
    now: () => Date;
  },
): Promise<void> {
  const { provider, faults, now } = options;
  const secrets = new Map(
    PLATFORM_CATALOG.map((platform) => [
      platform.id,
      platformSecret(options.masterSecret, platform.id),
    ]),
  );
  const platforms = new WeakMap<FastifyRequest, CatalogPlatform>();
  app.addHook('preHandler', async (request) => {
    platforms.set(request, authenticate(request, secrets, faults, now));
  });
  const platformOf = (request: FastifyRequest): CatalogPlatform => {
    const platform = platforms.get(request);
    if (!platform) throw new Error('provider request without an authenticated platform');
    return platform;
  };

  app.post('/players', async (request, reply) => {
    const body = parseOr(createPlayerRequest, request.body, 'invalid_request');
    const answer = await provider.createPlayer(platformOf(request), body);
    return reply.code(answer.status).send(answer.body);
  });

  app.get('/players/:player/balance', async (request, reply) => {
    const platform = platformOf(request);
    requireTransferWallet(platform);
    const { player } = parseOr(playerParams, request.params, 'invalid_request');
    const answer = await provider.balance(platform, player);
    return reply.code(answer.status).send(answer.body);
  });

  app.post('/transfers', async (request, reply) => {
    const platform = platformOf(request);
    requireTransferWallet(platform);
    const body = parseOr(transferRequest, request.body, 'invalid_request');
    const answer = await provider.transfer(platform, body);
    return reply.code(answer.status).send(answer.body);
  });

  app.get('/transfers/:orderId', async (request, reply) => {
    const platform = platformOf(request);
    requireTransferWallet(platform);
    const params = parseOr(orderParams, request.params, 'invalid_request');
    const answer = await provider.transferStatus(platform, params.orderId);
    return reply.code(answer.status).send(answer.body);
  });

  app.post('/players/:player/withdraw-all', async (request, reply) => {
    const platform = platformOf(request);
    requireTransferWallet(platform);
    const { player } = parseOr(playerParams, request.params, 'invalid_request');
    const body = parseOr(withdrawAllRequest, request.body, 'invalid_request');
    const answer = await provider.withdrawAll(platform, player, body.orderId);
    return reply.code(answer.status).send(answer.body);
  });

  app.post('/launch', async (request, reply) => {
    const body = parseOr(launchRequest, request.body, 'invalid_request');
    const answer = await provider.launch(platformOf(request), body);
    return reply.code(answer.status).send(answer.body);
  });

  // Game recall: one settled round of a player, with what decided it.
  app.get('/rounds/:roundId', async (request, reply) => {
    const { roundId } = parseOr(roundParams, request.params, 'invalid_request');
    const { player } = parseOr(roundQuery, request.query, 'invalid_request');
    const answer = await provider.round(platformOf(request), roundId, player);
    return reply.code(answer.status).send(answer.body);
  });

  // Lobby polls every platform's records every half minute: a line per poll would drown the
  // log, so only warnings and errors of this route are logged.
  app.get('/bets', { logLevel: 'warn' }, async (request, reply) => {
    const query = parseOr(betsQuery, request.query, 'invalid_request');
    if (Date.parse(query.from) >= Date.parse(query.to)) {
      throw new SimError('invalid_request', 400, 'from must be before to');
    }
    const answer = await provider.bets(platformOf(request), query);
    return reply.code(answer.status).send(answer.body);
  });
}
