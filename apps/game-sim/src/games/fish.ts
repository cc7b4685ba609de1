import { z } from 'zod';
import type { FairDraw, InstantEngine, RoundResult } from './engine.ts';
import { checkStake, describeLimits, minorString, type StakeLimits } from './common.ts';

/**
 * Fish shooting, one shot per round: the member picks a bullet value and a target fish; a fish
 * of multiplier m is caught with probability 95 / (100 x m) and then pays bullet x m (the
 * bullet is spent either way).
 *
 * The catch is decided by the fair draw as int(100 x m) < 95, so the probability is exact and
 * the expected return of every shot, on every fish, is 95% of the bullet (RTP 95.00%). Bigger
 * fish only change the variance: the standard deviation of a shot's return is
 * sqrt(0.95 x m - 0.95^2) bullets (1.00 for the clownfish, 13.75 for the golden dragon).
 *
 * Fish (id: multiplier): clownfish 2, pufferfish 3, turtle 5, lionfish 8, octopus 10,
 * stingray 20, shark 50, whale 100, golden dragon 200.
 *
 * Limits: bullet 0.10 to 100.00.
 */

export const FISH_TYPES = [
  { id: 'clownfish', multiplier: 2 },
  { id: 'pufferfish', multiplier: 3 },
  { id: 'turtle', multiplier: 5 },
  { id: 'lionfish', multiplier: 8 },
  { id: 'octopus', multiplier: 10 },
  { id: 'stingray', multiplier: 20 },
  { id: 'shark', multiplier: 50 },
  { id: 'whale', multiplier: 100 },
  { id: 'dragon', multiplier: 200 },
] as const;
export type FishId = (typeof FISH_TYPES)[number]['id'];

/** RTP in percent: int(100 x m) < FISH_RTP_PERCENT catches. */
export const FISH_RTP_PERCENT = 95;
export const FISH_LIMITS: StakeLimits = { minMinor: 10n, maxMinor: 10_000n };

const FISH_IDS = FISH_TYPES.map((fish) => fish.id) as [FishId, ...FishId[]];
const MULTIPLIER = new Map<FishId, number>(FISH_TYPES.map((fish) => [fish.id, fish.multiplier]));

export const fishParams = z.object({ bulletMinor: minorString, fish: z.enum(FISH_IDS) });
export type FishParams = z.infer<typeof fishParams>;

export type FishOutcome = {
  fish: FishId;
  multiplier: number;
  /** The draw: caught when roll < 95, out of 100 x multiplier. */
  roll: number;
  hit: boolean;
  payoutMinor: string;
};

export const fishEngine: InstantEngine<FishParams> = {
  mode: 'instant',
  kind: 'fish',
  params: fishParams,
  validate(params) {
    return checkStake(BigInt(params.bulletMinor), FISH_LIMITS);
  },
  stakeOf(params) {
    return BigInt(params.bulletMinor);
  },
  play(params, draw: FairDraw): RoundResult {
    const bullet = BigInt(params.bulletMinor);
    const multiplier = MULTIPLIER.get(params.fish) as number;
    const roll = draw.int(100 * multiplier);
    const hit = roll < FISH_RTP_PERCENT;
    const payout = hit ? bullet * BigInt(multiplier) : 0n;
    const outcome: FishOutcome = {
      fish: params.fish,
      multiplier,
      roll,
      hit,
      payoutMinor: payout.toString(),
    };
    return { stakeMinor: bullet, payoutMinor: payout, validBetMinor: bullet, outcome };
  },
  describe() {
    return {
      fish: FISH_TYPES.map((fish) => ({
        id: fish.id,
        multiplier: fish.multiplier,
        hitChance: FISH_RTP_PERCENT / (100 * fish.multiplier),
      })),
      limits: describeLimits(FISH_LIMITS),
      defaultStakeMinor: '100',
      rtp: FISH_RTP_PERCENT / 100,
    };
  },
};
