import type { GameKind } from '@lobby/game-protocol';
import type { SimDatabase, Sql } from '../db/database.ts';
import { SimError } from '../errors.ts';
import type { AnyEngine, InstantEngine, RoundResult } from '../games/engine.ts';
import { fairDraw, hashServerSeed, newClientSeed, newServerSeed } from '../games/provably-fair.ts';
import { insertBetRecord } from '../provider/bet-records.repository.ts';
import { findPlayer, setBalance, setRoundOpenUntil } from '../provider/wallet.repository.ts';
import { isInRound } from '../provider/wallet.service.ts';
import type { SeamlessWallet } from '../seamless/seamless-wallet.service.ts';
import { ensureFairness, updateFairness, type FairnessRow } from './fairness.repository.ts';
import type { RoundResponse, StateResponse } from './play-api.ts';
import {
  endDebitingRound,
  findStaleDebitingRounds,
  insertRound,
  settleRound,
} from './rounds.repository.ts';
import type { PlaySession } from './session.service.ts';

/** A fish session stays open (the player is in a round) this long after the last shot. */
export const FISH_IDLE_MS = 120_000;

export type EngineLookup = (kind: GameKind) => AnyEngine;

/** Makes round and bet ids: `${prefix}_` and 20 random hex digits by default. */
export type IdMaker = (prefix: 'rnd' | 'bet') => string;

function freshSeeds() {
  return { serverSeed: newServerSeed(), clientSeed: newClientSeed() };
}

export function commitmentOf(row: FairnessRow) {
  return {
    serverSeedHash: hashServerSeed(row.server_seed),
    clientSeed: row.client_seed,
    nonce: row.nonce,
  };
}

/** Refusals of a seamless stake, as the play API reports them. */
export function stakeRefusal(error: string): SimError {
  if (error === 'insufficient_funds') {
    return new SimError('insufficient_balance', 409, 'not enough balance');
  }
  if (error === 'limit_reached') {
    return new SimError(
      'limit_reached',
      403,
      'your responsible-gaming limit is reached: no more stakes for now',
    );
  }
  return new SimError('wallet_refused', 409, `the wallet refused the stake: ${error}`, error);
}

export function walletUnavailable(): SimError {
  return new SimError(
    'wallet_unavailable',
    503,
    'the wallet did not answer; nothing was staked, please try again',
  );
}

export function invalidParams(code: string): SimError {
  return new SimError('invalid_params', 400, `invalid bet: ${code}`, code);
}

type NewRound = { params: unknown; rawParams: unknown; stake: bigint; roundId: string };

/** What a round settles in its transaction, whichever wallet paid for it. */
type PlayedRound = {
  result: RoundResult;
  fairness: FairnessRow;
  next: FairnessRow;
};

/**
 * The play screens' state and instant rounds. A round draws from the player's current server
 * seed, reveals it, and rotates to a new one whose hash is shown for the next round. In the
 * transfer wallet, stake and payout change the balance in the round's transaction; in the
 * seamless wallet, Lobby is debited before the outcome and credited after it.
 */
export class PlayService {
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

  engineOf(session: PlaySession): AnyEngine {
    return this.#engines(session.game.kind);
  }

  async state(session: PlaySession): Promise<StateResponse> {
    const now = this.#now();
    const player = await findPlayer(this.#database, session.platform.id, session.player);
    if (!player) throw new SimError('session_invalid', 401, 'the player no longer exists');
    const fairness = await ensureFairness(
      this.#database,
      session.platform.id,
      session.player,
      freshSeeds,
    );
    let balance = player.balance_minor;
    if (session.platform.walletType === 2) {
      const known = await this.#seamless.balance(
        session.platform.id,
        session.player,
        player.last_known_balance_minor,
      );
      if (known === null) throw walletUnavailable();
      balance = known;
    }
    return {
      player: session.player,
      currency: player.currency,
      balanceMinor: balance.toString(),
      walletType: session.platform.walletType,
      game: {
        platformId: session.platform.id,
        code: session.game.code,
        kind: session.game.kind,
        name: session.game.name[session.lang],
      },
      rules: this.engineOf(session).describe(),
      fairness: commitmentOf(fairness),
      inRound: isInRound(player, now),
    };
  }

  /** Sets the player's client seed; the nonce starts again under it. */
  async setClientSeed(session: PlaySession, clientSeed: string) {
    return this.#database.transaction(async (tx) => {
      const row = await ensureFairness(tx, session.platform.id, session.player, freshSeeds, {
        forUpdate: true,
      });
      const next = { ...row, client_seed: clientSeed, nonce: 0 };
      await updateFairness(tx, session.platform.id, session.player, next);
      return { fairness: commitmentOf(next) };
    });
  }

  async playRound(session: PlaySession, rawParams: unknown): Promise<RoundResponse> {
    const engine = this.engineOf(session);
    if (engine.mode !== 'instant') {
      throw new SimError('wrong_game_mode', 400, 'this game takes bets on events, not rounds');
    }
    const parsed = engine.params.safeParse(rawParams);
    if (!parsed.success) throw invalidParams('invalid_params');
    const params: unknown = parsed.data;
    const refusal = engine.validate(params);
    if (refusal !== null) throw invalidParams(refusal);
    const stake = engine.stakeOf(params);
    if (stake <= 0n) throw invalidParams('no_stake');
    const roundId = this.#newId('rnd');
    // The round keeps the params as the page sent them (parsed ones may hold bigints).
    const round = { params, rawParams, stake, roundId };
    return session.platform.walletType === 2
      ? this.#playSeamless(session, engine, round)
      : this.#playTransfer(session, engine, round);
  }

  async #playTransfer(
    session: PlaySession,
    engine: InstantEngine<unknown>,
    round: NewRound,
  ): Promise<RoundResponse> {
    const { platform } = session;
    const { params, rawParams, stake, roundId } = round;
    return this.#database.transaction(async (tx) => {
      const now = this.#now();
      const player = await findPlayer(tx, platform.id, session.player, { forUpdate: true });
      if (!player) throw new SimError('session_invalid', 401, 'the player no longer exists');
      if (player.balance_minor < stake) {
        throw new SimError('insufficient_balance', 409, 'not enough balance');
      }
      await insertRound(tx, {
        roundId,
        platformId: platform.id,
        player: session.player,
        gameCode: session.game.code,
        walletType: 1,
        params: rawParams,
        stakeMinor: stake,
        now,
      });
      const played = await this.#settle(tx, session, engine, params, stake, roundId, now);
      if (!played) throw new Error('a new transfer-wallet round was not debiting');
      const balance = player.balance_minor - stake + played.result.payoutMinor;
      await setBalance(tx, platform.id, session.player, balance);
      return roundResponse(roundId, played, balance);
    });
  }

  async #playSeamless(
    session: PlaySession,
    engine: InstantEngine<unknown>,
    round: NewRound,
  ): Promise<RoundResponse> {
    const { platform } = session;
    const { params, rawParams, stake, roundId } = round;
    const outcome = await this.#seamless.stake(
      {
        platformId: platform.id,
        player: session.player,
        roundId,
        gameCode: session.game.code,
        amountMinor: stake,
      },
      {
        begin: (tx) =>
          insertRound(tx, {
            roundId,
            platformId: platform.id,
            player: session.player,
            gameCode: session.game.code,
            walletType: 2,
            params: rawParams,
            stakeMinor: stake,
            now: this.#now(),
          }),
        settle: async (tx) => {
          const played = await this.#settle(
            tx,
            session,
            engine,
            params,
            stake,
            roundId,
            this.#now(),
          );
          return played ? { value: played, creditMinor: played.result.payoutMinor } : null;
        },
        refuse: async (tx) => {
          await endDebitingRound(tx, roundId, 'refused');
        },
        abandon: (tx) => endDebitingRound(tx, roundId, 'rolled_back'),
      },
    );
    if (outcome.kind === 'refused') throw stakeRefusal(outcome.error);
    if (outcome.kind === 'unavailable') throw walletUnavailable();
    return roundResponse(roundId, outcome.value, outcome.balanceMinor);
  }

  /**
   * Decides a round that is paid for: draws with the current server seed, rotates the seed,
   * records the round and its bet record. Null when the round is no longer 'debiting'.
   */
  async #settle(
    tx: Sql,
    session: PlaySession,
    engine: InstantEngine<unknown>,
    params: unknown,
    stake: bigint,
    roundId: string,
    now: Date,
  ): Promise<PlayedRound | null> {
    const { platform } = session;
    const fairness = await ensureFairness(tx, platform.id, session.player, freshSeeds, {
      forUpdate: true,
    });
    const result = engine.play(
      params,
      fairDraw({
        serverSeed: fairness.server_seed,
        clientSeed: fairness.client_seed,
        nonce: fairness.nonce,
      }),
    );
    if (result.stakeMinor !== stake) {
      throw new Error(
        `engine ${engine.kind}: play() staked ${result.stakeMinor}, stakeOf ${stake}`,
      );
    }
    const settled = await settleRound(tx, roundId, {
      payoutMinor: result.payoutMinor,
      validBetMinor: result.validBetMinor,
      outcome: result.outcome,
      serverSeed: fairness.server_seed,
      serverSeedHash: hashServerSeed(fairness.server_seed),
      clientSeed: fairness.client_seed,
      nonce: fairness.nonce,
      settledAt: now,
    });
    if (!settled) return null;
    const next: FairnessRow = {
      server_seed: newServerSeed(),
      client_seed: fairness.client_seed,
      nonce: fairness.nonce + 1,
    };
    await updateFairness(tx, platform.id, session.player, next);
    await insertBetRecord(tx, {
      platform_id: platform.id,
      round_id: roundId,
      player: session.player,
      game_code: session.game.code,
      category: platform.category,
      bet_minor: result.stakeMinor,
      valid_bet_minor: result.validBetMinor,
      payout_minor: result.payoutMinor,
      placed_at: now,
      settled_at: now,
    });
    if (session.game.kind === 'fish') {
      // Each shot keeps the fish session open: the player stays in a round.
      await setRoundOpenUntil(
        tx,
        platform.id,
        session.player,
        new Date(now.getTime() + FISH_IDLE_MS),
      );
    }
    return { result, fairness, next };
  }

  /** Rolls back seamless rounds whose debit never got an answer before their request ended. */
  async abandonStaleRounds(before: Date, limit = 100): Promise<number> {
    const stale = await findStaleDebitingRounds(this.#database, before, limit);
    let count = 0;
    for (const round of stale) {
      await this.#database.transaction(async (tx) => {
        const debit = await this.#seamless.debitState(tx, round.platform_id, round.round_id);
        if (debit === 'refused') {
          await endDebitingRound(tx, round.round_id, 'refused');
        } else if (await endDebitingRound(tx, round.round_id, 'rolled_back')) {
          await this.#seamless.queueRollback(
            tx,
            { platformId: round.platform_id, player: round.player, roundId: round.round_id },
            { claim: false },
          );
          count += 1;
        }
      });
    }
    return count;
  }

  async fishEnter(session: PlaySession): Promise<{ inRound: boolean }> {
    this.#requireFish(session);
    const now = this.#now();
    await setRoundOpenUntil(
      this.#database,
      session.platform.id,
      session.player,
      new Date(now.getTime() + FISH_IDLE_MS),
    );
    return { inRound: true };
  }

  async fishLeave(session: PlaySession): Promise<{ inRound: boolean }> {
    this.#requireFish(session);
    await setRoundOpenUntil(this.#database, session.platform.id, session.player, null);
    return { inRound: false };
  }

  #requireFish(session: PlaySession): void {
    if (session.game.kind !== 'fish') {
      throw new SimError('wrong_game_mode', 400, 'only fish games have sessions');
    }
  }
}

function roundResponse(roundId: string, played: PlayedRound, balance: bigint): RoundResponse {
  return {
    roundId,
    stakeMinor: played.result.stakeMinor.toString(),
    payoutMinor: played.result.payoutMinor.toString(),
    balanceMinor: balance.toString(),
    outcome: played.result.outcome,
    fairness: {
      serverSeed: played.fairness.server_seed,
      serverSeedHash: hashServerSeed(played.fairness.server_seed),
      clientSeed: played.fairness.client_seed,
      nonce: played.fairness.nonce,
    },
    next: { serverSeedHash: hashServerSeed(played.next.server_seed), nonce: played.next.nonce },
  };
}
