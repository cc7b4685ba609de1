import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEV_PROVIDER_SECRET } from '@lobby/game-protocol';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Money } from '../money/money.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import type { Brand } from '../platform/brand/index.ts';
import type { Protection } from '../protection/protection.context.ts';
import { BetRecordsService, GameRecallService, betRecordsModule } from './bet-records/index.ts';
import { GamesService, PlayerDirectory, ProviderClient, gamesModule } from './games/index.ts';
import { PresenceService, presenceModule } from './presence/index.ts';
import { SeamlessService, seamlessModule } from './seamless/index.ts';
import { TransferAdminService, TransferService, transferModule } from './transfer/index.ts';

/** The games context: the platforms, transfers to and from them, their callbacks and records. */
export type Games = {
  provider: ProviderClient;
  transfers: TransferService;
  transferAdmin: TransferAdminService;
  games: GamesService;
  presence: PresenceService;
  betRecords: BetRecordsService;
  gameRecall: GameRecallService;
  seamless: SeamlessService;
};

export function createGames(settings: {
  db: Database;
  cache: Cache;
  log: FastifyBaseLogger;
  platform: Platform;
  identity: Identity;
  money: Money;
  protection: Protection;
  /** The game platforms' API (the simulator by default) and the master signing secret. */
  gameProvider?: { baseUrl: string; masterSecret: string; timeoutMs?: number } | undefined;
}): Games {
  const { db, cache, log, platform, identity, money, protection } = settings;
  const playGuard = (brand: Brand, memberId: bigint) => protection.assertMayPlay(brand, memberId);
  const { brands } = platform;
  const provider = new ProviderClient({
    baseUrl: settings.gameProvider?.baseUrl ?? 'http://127.0.0.1:4100',
    masterSecret: settings.gameProvider?.masterSecret ?? DEV_PROVIDER_SECRET,
    timeoutMs: settings.gameProvider?.timeoutMs,
  });
  const players = new PlayerDirectory({ db, provider });
  const transfers = new TransferService({
    db,
    ledger: money.ledger,
    provider,
    players,
    log,
    playGuard,
  });
  return {
    provider,
    transfers,
    transferAdmin: new TransferAdminService({
      db,
      ledger: money.ledger,
      provider,
      players,
      operators: identity.operators,
      approvals: money.approvals,
      log,
    }),
    games: new GamesService({
      db,
      cache,
      ledger: money.ledger,
      provider,
      players,
      operators: identity.operators,
      brands,
      log,
      autoTransferIn: (input) => transfers.autoTransferIn(input),
      platformStates: (brandCode, memberId, currency) =>
        transfers.platformStates(brandCode, memberId, currency),
      playGuard,
    }),
    presence: new PresenceService({
      cache,
      brands,
      onFlushError: (error) => log.warn({ err: error }, 'presence heartbeats not written'),
    }),
    betRecords: new BetRecordsService({ db }),
    gameRecall: new GameRecallService({ db, provider }),
    seamless: new SeamlessService({
      db,
      ledger: money.ledger,
      brands,
      limits: protection.limits,
      secretOf: (platformId) => provider.secretOf(platformId),
    }),
  };
}

export async function registerGames(
  app: FastifyInstance,
  games: Games,
  platform: Platform,
  settings: {
    /** Told of every seamless callback answered (the node's metrics). */
    seamlessAnswered?: (answer: { operation: string; outcome: string }) => void;
  } = {},
) {
  await app.register(transferModule, {
    transfers: games.transfers,
    transferAdmin: games.transferAdmin,
  });
  await app.register(gamesModule, { games: games.games });
  await app.register(presenceModule, { presence: games.presence });
  app.addHook('onClose', async () => {
    await games.presence.flush();
  });
  await app.register(betRecordsModule, {
    betRecords: games.betRecords,
    gameRecall: games.gameRecall,
    provider: games.provider,
    brands: () => platform.brands.all(),
    audit: platform.audit,
  });
  await app.register(seamlessModule, {
    seamless: games.seamless,
    answered: settings.seamlessAnswered,
  });
}
