import type { z } from 'zod';
import {
  catalogGame,
  type BetsResponse,
  type betsQuery,
  type CatalogPlatform,
  type LaunchRequest,
  type RoundDetails,
  type TransferRequest,
} from '@lobby/game-protocol';
import type { SimDatabase } from '../db/database.ts';
import { SimError } from '../errors.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';
import type { ProviderOperation } from '../faults/fault-plan.ts';
import type { SessionService } from '../play/session.service.ts';
import { findRoundDetails, pageBetRecords } from './bet-records.repository.ts';
import { findPlayer, insertPlayer } from './wallet.repository.ts';
import type { DroppedOrder, WalletService } from './wallet.service.ts';

/** An HTTP answer of the provider API: status and JSON body. */
export type ProviderAnswer = { status: number; body: unknown };

const INJECTED_ERROR: ProviderAnswer = {
  status: 500,
  body: { error: 'internal', message: 'internal error' },
};
/** Sent after a held answer's delay, when the caller has long given up. */
const INJECTED_TIMEOUT: ProviderAnswer = {
  status: 504,
  body: { error: 'internal', message: 'timeout' },
};

/** Seamless platforms hold no balance, so Lobby need not register players before a launch. */
const SEAMLESS_DEFAULT_CURRENCY = 'CNY';

function isDropped(value: unknown): value is DroppedOrder {
  return typeof value === 'object' && value !== null && 'dropped' in value;
}

async function answerOf(apply: () => Promise<unknown>): Promise<ProviderAnswer> {
  try {
    const body = await apply();
    if (isDropped(body)) return body.dropped === 'error' ? INJECTED_ERROR : INJECTED_TIMEOUT;
    return { status: 200, body };
  } catch (error) {
    if (error instanceof SimError) {
      return { status: error.httpStatus, body: { error: error.code, message: error.message } };
    }
    throw error;
  }
}

/**
 * The provider API's operations with the configured faults around them. A fault is decided per
 * call from (seed, operation, key, attempt); "not applied" loses a transfer order for good, so
 * its status stays not_found and a repeat meets the same fault.
 */
export class ProviderService {
  readonly #database: SimDatabase;
  readonly #wallet: WalletService;
  readonly #sessions: SessionService;
  readonly #faults: FaultInjector;
  readonly #now: () => Date;

  constructor(deps: {
    database: SimDatabase;
    wallet: WalletService;
    sessions: SessionService;
    faults: FaultInjector;
    now: () => Date;
  }) {
    this.#database = deps.database;
    this.#wallet = deps.wallet;
    this.#sessions = deps.sessions;
    this.#faults = deps.faults;
    this.#now = deps.now;
  }

  createPlayer(
    platform: CatalogPlatform,
    request: { player: string; currency: string },
  ): Promise<ProviderAnswer> {
    return this.#faulted(platform.id, 'create_player', request.player, () =>
      this.#wallet.createPlayer({ platformId: platform.id, ...request, now: this.#now() }),
    );
  }

  balance(platform: CatalogPlatform, player: string): Promise<ProviderAnswer> {
    return this.#faulted(platform.id, 'balance', player, () =>
      this.#wallet.balance(platform.id, player, this.#now()),
    );
  }

  async transfer(platform: CatalogPlatform, request: TransferRequest): Promise<ProviderAnswer> {
    const lost = await this.#replayLostOrder(platform.id, request.orderId);
    if (lost) return lost;
    return this.#faulted(
      platform.id,
      'transfer',
      request.orderId,
      () => this.#wallet.transfer(platform.id, request, this.#now()),
      (fault) => this.#wallet.dropTransfer(platform.id, request, fault, this.#now()),
    );
  }

  transferStatus(platform: CatalogPlatform, orderId: string): Promise<ProviderAnswer> {
    return this.#faulted(platform.id, 'transfer_status', orderId, () =>
      this.#wallet.transferStatus(platform.id, orderId),
    );
  }

  async withdrawAll(
    platform: CatalogPlatform,
    player: string,
    orderId: string,
  ): Promise<ProviderAnswer> {
    const lost = await this.#replayLostOrder(platform.id, orderId);
    if (lost) return lost;
    return this.#faulted(
      platform.id,
      'withdraw_all',
      orderId,
      () => this.#wallet.withdrawAll(platform.id, player, orderId, this.#now()),
      (fault) => this.#wallet.dropWithdrawAll(platform.id, player, orderId, fault, this.#now()),
    );
  }

  launch(platform: CatalogPlatform, request: LaunchRequest): Promise<ProviderAnswer> {
    return this.#faulted(
      platform.id,
      'launch',
      `${request.player}:${request.gameCode}`,
      async () => {
        if (!catalogGame(platform.id, request.gameCode)) {
          throw new SimError('game_not_found', 404, 'no such game at this platform');
        }
        const now = this.#now();
        const player = await findPlayer(this.#database, platform.id, request.player);
        if (!player) {
          if (platform.walletType !== 2) {
            throw new SimError('player_not_found', 404, 'no such player at this platform');
          }
          await insertPlayer(this.#database, {
            platformId: platform.id,
            player: request.player,
            currency: SEAMLESS_DEFAULT_CURRENCY,
            now,
          });
        }
        return this.#sessions.createLaunch({
          platformId: platform.id,
          player: request.player,
          gameCode: request.gameCode,
          lang: request.lang,
          returnUrl: request.returnUrl,
          now,
        });
      },
    );
  }

  bets(platform: CatalogPlatform, query: z.infer<typeof betsQuery>): Promise<ProviderAnswer> {
    const key = `${query.from}|${query.to}|${query.page}|${query.pageSize}`;
    return this.#faulted(platform.id, 'bets', key, async (): Promise<BetsResponse> => {
      const { rows, total } = await pageBetRecords(this.#database, {
        platformId: platform.id,
        from: new Date(query.from),
        to: new Date(query.to),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        records: rows.map((row) => ({
          roundId: row.round_id,
          player: row.player,
          gameCode: row.game_code,
          category: row.category,
          betMinor: row.bet_minor.toString(),
          validBetMinor: row.valid_bet_minor.toString(),
          payoutMinor: row.payout_minor.toString(),
          placedAt: row.placed_at.toISOString(),
          settledAt: row.settled_at.toISOString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    });
  }

  /** One settled round of the player with its bet, result and seeds (game recall). */
  round(platform: CatalogPlatform, roundId: string, player: string): Promise<ProviderAnswer> {
    return this.#faulted(platform.id, 'round', `${player}:${roundId}`, async () => {
      const row = await findRoundDetails(this.#database, {
        platformId: platform.id,
        roundId,
        player,
      });
      if (!row) throw new SimError('round_not_found', 404, 'no such settled round of this player');
      const fairness =
        row.server_seed !== null &&
        row.server_seed_hash !== null &&
        row.client_seed !== null &&
        row.nonce !== null
          ? {
              serverSeed: row.server_seed,
              serverSeedHash: row.server_seed_hash,
              clientSeed: row.client_seed,
              nonce: row.nonce,
            }
          : null;
      const round: RoundDetails = {
        roundId: row.round_id,
        player: row.player,
        gameCode: row.game_code,
        gameKind: catalogGame(platform.id, row.game_code)?.kind ?? 'unknown',
        category: row.category,
        betMinor: row.bet_minor.toString(),
        validBetMinor: row.valid_bet_minor.toString(),
        payoutMinor: row.payout_minor.toString(),
        placedAt: row.placed_at.toISOString(),
        settledAt: row.settled_at.toISOString(),
        bet: row.bet_params ?? null,
        result: row.result ?? null,
        eventId: row.event_id,
        fairness,
      };
      return { round };
    });
  }

  /**
   * A lost order answers every repeat with the fault that lost it (at once: the caller learns
   * nothing new by waiting), whatever the configuration is now, so it is never applied.
   */
  async #replayLostOrder(platformId: number, orderId: string): Promise<ProviderAnswer | null> {
    const fault = await this.#wallet.droppedFault(platformId, orderId);
    if (fault === null) return null;
    return fault === 'error' ? INJECTED_ERROR : INJECTED_TIMEOUT;
  }

  async #faulted(
    platformId: number,
    operation: ProviderOperation,
    key: string,
    apply: () => Promise<unknown>,
    drop?: (fault: 'timeout' | 'error') => Promise<void>,
  ): Promise<ProviderAnswer> {
    const decision = await this.#faults.decide(platformId, operation, key);
    switch (decision.kind) {
      case 'none':
        return answerOf(apply);
      case 'slow':
        await this.#faults.hold(decision.delayMs);
        return answerOf(apply);
      case 'error':
        if (decision.applied) await answerOf(apply);
        else await drop?.('error');
        return INJECTED_ERROR;
      case 'timeout': {
        let answer = INJECTED_TIMEOUT;
        if (decision.applied) answer = await answerOf(apply);
        else await drop?.('timeout');
        await this.#faults.hold(decision.delayMs);
        return answer;
      }
    }
  }
}
