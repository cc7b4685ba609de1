import { catalogGame, catalogPlatform } from '@lobby/game-protocol';
import type { SimDatabase, Sql } from '../db/database.ts';
import { SimError } from '../errors.ts';
import type { ScheduledEngine, ScheduledEvent } from '../games/engine.ts';
import { fairDraw, hashServerSeed, newServerSeed } from '../games/provably-fair.ts';
import { insertBetRecord } from '../provider/bet-records.repository.ts';
import { addToBalance, findPlayer, setBalance } from '../provider/wallet.repository.ts';
import type { SeamlessWallet } from '../seamless/seamless-wallet.service.ts';
import {
  ensureEvent,
  findEvents,
  findStaleDebitingBets,
  insertEventBet,
  latestEventBets,
  lockDueEvent,
  lockEvent,
  lockPendingBetsOf,
  moveEventBet,
  resolveEvent,
  settleEventBet,
  type EventRow,
} from './events.repository.ts';
import type { BetView, EventView, PlaceBetResponse } from './play-api.ts';
import {
  invalidParams,
  stakeRefusal,
  walletUnavailable,
  type EngineLookup,
  type IdMaker,
} from './play.service.ts';
import type { PlaySession } from './session.service.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- engines of differing params and results
type AnyScheduledEngine = ScheduledEngine<any, any>;

const LATEST_BETS = 50;

function eventView(event: ScheduledEvent, row: EventRow | undefined): EventView {
  const resolved = row !== undefined && row.resolved_at !== null;
  return {
    id: event.id,
    closesAt: (row?.closes_at ?? event.closesAt).toISOString(),
    resultAt: (row?.result_at ?? event.resultAt).toISOString(),
    details: event.details,
    result: resolved ? (row?.result ?? null) : null,
    fairness: {
      serverSeedHash: row?.server_seed_hash ?? '',
      serverSeed: resolved && row ? row.server_seed : null,
    },
  };
}

/**
 * Scheduled games (lottery draws, matches): bets wait for their event's result. Each event gets
 * its own server seed when first seen, revealed with the result. The background resolves due
 * events and settles their bets in one transaction, so every bet record of an event carries the
 * resolution time as its settlement time.
 */
export class ScheduledService {
  readonly #database: SimDatabase;
  readonly #engines: EngineLookup;
  readonly #seamless: SeamlessWallet;
  readonly #now: () => Date;
  readonly #newId: IdMaker;

  constructor(deps: {
    database: SimDatabase;
    engines: EngineLookup;
    seamless: SeamlessWallet;
    now: () => Date;
    newId: IdMaker;
  }) {
    this.#database = deps.database;
    this.#engines = deps.engines;
    this.#seamless = deps.seamless;
    this.#now = deps.now;
    this.#newId = deps.newId;
  }

  async events(session: PlaySession): Promise<{ events: EventView[] }> {
    const engine = this.#engineOf(session);
    const events = engine.eventsAround(this.#now());
    for (const event of events) await this.#ensure(this.#database, session, event);
    const rows = await findEvents(
      this.#database,
      session.platform.id,
      session.game.code,
      events.map((event) => event.id),
    );
    const byId = new Map(rows.map((row) => [row.event_id, row]));
    return { events: events.map((event) => eventView(event, byId.get(event.id))) };
  }

  async placeBet(session: PlaySession, rawParams: unknown): Promise<PlaceBetResponse> {
    const engine = this.#engineOf(session);
    const parsed = engine.params.safeParse(rawParams);
    if (!parsed.success) throw invalidParams('invalid_params');
    const params: unknown = parsed.data;
    const event = engine.eventById(engine.eventIdOf(params));
    if (!event) throw invalidParams('unknown_event');
    if (this.#now().getTime() >= event.closesAt.getTime()) throw eventClosed();
    const refusal = engine.validate(params, event);
    if (refusal !== null) throw invalidParams(refusal);
    const stake = engine.stakeOf(params);
    if (stake <= 0n) throw invalidParams('no_stake');
    const betId = this.#newId('bet');
    const { platform } = session;
    const bet = {
      betId,
      platformId: platform.id,
      player: session.player,
      gameCode: session.game.code,
      eventId: event.id,
      params: rawParams,
      stakeMinor: stake,
    };

    if (platform.walletType === 1) {
      return this.#database.transaction(async (tx) => {
        const now = this.#now();
        await this.#lockOpenEvent(tx, session, event);
        const player = await findPlayer(tx, platform.id, session.player, { forUpdate: true });
        if (!player) throw new SimError('session_invalid', 401, 'the player no longer exists');
        if (player.balance_minor < stake) {
          throw new SimError('insufficient_balance', 409, 'not enough balance');
        }
        const balance = player.balance_minor - stake;
        await setBalance(tx, platform.id, session.player, balance);
        await insertEventBet(tx, { ...bet, walletType: 1, state: 'pending', now });
        return pendingBet(betId, stake, balance);
      });
    }

    const outcome = await this.#seamless.stake(
      {
        platformId: platform.id,
        player: session.player,
        roundId: betId,
        gameCode: session.game.code,
        amountMinor: stake,
      },
      {
        begin: async (tx) => {
          await this.#ensure(tx, session, event);
          await insertEventBet(tx, { ...bet, walletType: 2, state: 'debiting', now: this.#now() });
        },
        settle: async (tx) => {
          const row = await lockEvent(tx, platform.id, session.game.code, event.id);
          if (row && row.resolved_at === null) {
            return (await moveEventBet(tx, betId, 'debiting', 'pending')) ? { value: betId } : null;
          }
          // Resolved while Lobby answered the debit: the stake goes back.
          if (await moveEventBet(tx, betId, 'debiting', 'rolled_back')) {
            await this.#seamless.queueRollback(
              tx,
              { platformId: platform.id, player: session.player, roundId: betId },
              { claim: false },
            );
          }
          return null;
        },
        refuse: async (tx) => {
          await moveEventBet(tx, betId, 'debiting', 'refused');
        },
        abandon: (tx) => moveEventBet(tx, betId, 'debiting', 'rolled_back'),
      },
    );
    if (outcome.kind === 'refused') throw stakeRefusal(outcome.error);
    if (outcome.kind === 'unavailable') throw walletUnavailable();
    return pendingBet(betId, stake, outcome.balanceMinor);
  }

  async bets(session: PlaySession): Promise<{ bets: BetView[] }> {
    this.#engineOf(session);
    const rows = await latestEventBets(
      this.#database,
      session.platform.id,
      session.player,
      session.game.code,
      LATEST_BETS,
    );
    return {
      bets: rows.map((row) => ({
        betId: row.bet_id,
        eventId: row.event_id,
        params: row.params,
        stakeMinor: row.stake_minor.toString(),
        status: row.state === 'settled' ? 'settled' : 'pending',
        payoutMinor: row.payout_minor === null ? null : row.payout_minor.toString(),
        settledAt: row.settled_at === null ? null : row.settled_at.toISOString(),
      })),
    };
  }

  /** Resolves due events and settles their bets; answers how many of each. */
  async resolveDue(maxEvents = 100): Promise<{ events: number; bets: number }> {
    let events = 0;
    let bets = 0;
    while (events < maxEvents) {
      const settled = await this.#database.transaction((tx) => this.#resolveOne(tx));
      if (settled === null) break;
      events += 1;
      bets += settled;
    }
    return { events, bets };
  }

  /** Rolls back seamless bets whose debit never got an answer before their request ended. */
  async abandonStaleBets(before: Date, limit = 100): Promise<number> {
    const stale = await findStaleDebitingBets(this.#database, before, limit);
    let count = 0;
    for (const bet of stale) {
      await this.#database.transaction(async (tx) => {
        const debit = await this.#seamless.debitState(tx, bet.platform_id, bet.bet_id);
        if (debit === 'refused') {
          await moveEventBet(tx, bet.bet_id, 'debiting', 'refused');
        } else if (await moveEventBet(tx, bet.bet_id, 'debiting', 'rolled_back')) {
          await this.#seamless.queueRollback(
            tx,
            { platformId: bet.platform_id, player: bet.player, roundId: bet.bet_id },
            { claim: false },
          );
          count += 1;
        }
      });
    }
    return count;
  }

  async #resolveOne(tx: Sql): Promise<number | null> {
    const now = this.#now();
    const row = await lockDueEvent(tx, now);
    if (!row) return null;
    const platform = catalogPlatform(row.platform_id);
    const game = catalogGame(row.platform_id, row.game_code);
    const engine = game ? this.#engines(game.kind) : undefined;
    if (!platform || !game || engine?.mode !== 'scheduled') {
      throw new Error(`event ${row.event_id}: no scheduled engine for ${row.game_code}`);
    }
    const event: ScheduledEvent = engine.eventById(row.event_id) ?? {
      id: row.event_id,
      closesAt: row.closes_at,
      resultAt: row.result_at,
      details: row.details,
    };
    const result: unknown = engine.resolve(
      event,
      fairDraw({ serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce }),
    );
    await resolveEvent(tx, row, result, now);
    const pending = await lockPendingBetsOf(tx, row);
    for (const bet of pending) {
      const { payoutMinor, validBetMinor } = engine.settle(engine.params.parse(bet.params), result);
      await settleEventBet(tx, bet.bet_id, { payoutMinor, validBetMinor, settledAt: now });
      await insertBetRecord(tx, {
        platform_id: bet.platform_id,
        round_id: bet.bet_id,
        player: bet.player,
        game_code: bet.game_code,
        category: platform.category,
        bet_minor: bet.stake_minor,
        valid_bet_minor: validBetMinor,
        payout_minor: payoutMinor,
        placed_at: bet.placed_at,
        settled_at: now,
      });
      if (bet.wallet_type === 2) {
        await this.#seamless.queueCredit(
          tx,
          {
            platformId: bet.platform_id,
            player: bet.player,
            roundId: bet.bet_id,
            gameCode: bet.game_code,
            amountMinor: payoutMinor,
          },
          { claim: false },
        );
      } else if (payoutMinor > 0n) {
        await addToBalance(tx, bet.platform_id, bet.player, payoutMinor);
      }
    }
    return pending.length;
  }

  #engineOf(session: PlaySession): AnyScheduledEngine {
    const engine = this.#engines(session.game.kind);
    if (engine.mode !== 'scheduled') {
      throw new SimError('wrong_game_mode', 400, 'this game plays rounds, not events');
    }
    return engine;
  }

  async #ensure(sql: Sql, session: PlaySession, event: ScheduledEvent): Promise<void> {
    const serverSeed = newServerSeed();
    await ensureEvent(sql, {
      platformId: session.platform.id,
      gameCode: session.game.code,
      eventId: event.id,
      closesAt: event.closesAt,
      resultAt: event.resultAt,
      details: event.details,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: `${session.platform.id}:${session.game.code}:${event.id}`,
    });
  }

  /** Stores and locks the event; refuses a bet on an event already resolved. */
  async #lockOpenEvent(tx: Sql, session: PlaySession, event: ScheduledEvent): Promise<void> {
    await this.#ensure(tx, session, event);
    const row = await lockEvent(tx, session.platform.id, session.game.code, event.id);
    if (!row || row.resolved_at !== null) throw eventClosed();
  }
}

function eventClosed(): SimError {
  return new SimError('event_closed', 409, 'this event no longer takes bets');
}

function pendingBet(betId: string, stake: bigint, balance: bigint): PlaceBetResponse {
  return {
    betId,
    stakeMinor: stake.toString(),
    balanceMinor: balance.toString(),
    status: 'pending',
  };
}
