import type { z } from 'zod';
import type { GameKind } from '@lobby/game-protocol';

/**
 * The contract between the simulator's core (wallets, rounds, records, HTTP) and its game
 * engines. Engines are pure: given the member's choice and a provably fair draw they say what
 * the round staked and paid; they never touch balances, storage or the clock.
 */

/**
 * Uniform random numbers from a provably fair stream: HMAC-SHA256(serverSeed,
 * `${clientSeed}:${nonce}:${counter}`) bytes, integers by rejection sampling (no modulo bias).
 * The server seed's SHA-256 is shown before the round and the seed revealed after it, so a
 * player can recompute every outcome.
 */
export interface FairDraw {
  /** An integer in [0, n), n >= 1. */
  int(n: number): number;
}

export type Fairness = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
};

export type RoundResult = {
  /** Total stake of the round in minor units (what leaves the balance before the outcome). */
  stakeMinor: bigint;
  /** What the round pays back, stake included; 0 for a loss. */
  payoutMinor: bigint;
  /** Turnover that counts (a push or a hedged bet counts less than its stake). */
  validBetMinor: bigint;
  /** What the screen shows: reels, cards, the ball, the fish hit. JSON-serialisable. */
  outcome: unknown;
};

/** Slot, roulette, baccarat, niuniu, fish: a round is decided the moment it is played. */
export interface InstantEngine<Params> {
  readonly mode: 'instant';
  readonly kind: GameKind;
  /** What the browser sends for a round (bet amounts in minor units as decimal strings). */
  readonly params: z.ZodType<Params>;
  /** Refuses impossible choices (returns an error code) before anything is staked. */
  validate(params: Params): string | null;
  stakeOf(params: Params): bigint;
  play(params: Params, draw: FairDraw): RoundResult;
  /** The game's rules for the screen: paytable, odds, limits. JSON-serialisable. */
  describe(): unknown;
}

/** An event members bet on before its result: a lottery draw, a match. */
export type ScheduledEvent = {
  /** Stable id derived from the schedule (the same time gives the same id). */
  id: string;
  /** Bets are accepted until this time. */
  closesAt: Date;
  /** The result is drawn at this time. */
  resultAt: Date;
  /** What the screen shows: teams and odds, the draw number. JSON-serialisable. */
  details: unknown;
};

/** Lottery, sports, esports: a bet waits for its event's result. */
export interface ScheduledEngine<Params, Result> {
  readonly mode: 'scheduled';
  readonly kind: GameKind;
  readonly params: z.ZodType<Params>;
  /** The event a bet names (params carry the event id). */
  eventIdOf(params: Params): string;
  validate(params: Params, event: ScheduledEvent): string | null;
  stakeOf(params: Params): bigint;
  /** Events open for betting or awaiting their result around `now`, from a fixed schedule. */
  eventsAround(now: Date): ScheduledEvent[];
  /** The event of an id, or null if the id does not belong to the schedule. */
  eventById(id: string): ScheduledEvent | null;
  /** Draws the event's result (once; the core stores it with the event's fairness). */
  resolve(event: ScheduledEvent, draw: FairDraw): Result;
  settle(params: Params, result: Result): { payoutMinor: bigint; validBetMinor: bigint };
  describe(): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of engines of differing params
export type AnyEngine = InstantEngine<any> | ScheduledEngine<any, any>;
