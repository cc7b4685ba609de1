import { z } from 'zod';
import type { FairDraw, ScheduledEngine, ScheduledEvent } from './engine.ts';
import { checkStake, describeLimits, minorString, type StakeLimits } from './common.ts';
import { slotsBetween, stampOf, timeOfId } from './schedule.ts';

/**
 * Quick 3D lottery (极速3D).
 *
 * Schedule: a draw at every whole UTC minute; its id is `L` + yyyyMMddHHmm of the draw time
 * (L202611211230 draws at 2026-11-21 12:30:00 UTC). Bets close 10 seconds before the draw.
 * Result: three digits, hundreds, tens and units, each 0 to 9 from the fair draw (int(10)
 * three times); the sum of the digits goes from 0 to 27.
 *
 * Bets (decimal odds, the stake included in the payout; payouts rounded down to the minor unit):
 *   exact number 000-999           probability 1/1000   pays 950x    RTP 95.0%
 *   sum big (14-27) / small (0-13)  probability 1/2      pays 1.95x   RTP 97.5%
 *   a digit odd / even              probability 1/2      pays 1.95x   RTP 97.5%
 * (The digit sums are symmetric about 13.5, so big and small are exactly even; see the test.)
 *
 * Limits: exact number 1.00 to 100.00, the others 1.00 to 2,000.00.
 */

export const LOTTERY_PREFIX = 'L';
export const LOTTERY_PERIOD_MS = 60_000;
export const LOTTERY_CLOSE_BEFORE_MS = 10_000;
/** How far around `now` eventsAround looks (drawn and upcoming). */
const LOOK_BACK_MS = 5 * LOTTERY_PERIOD_MS;
const LOOK_AHEAD_MS = 5 * LOTTERY_PERIOD_MS;

/** Decimal odds in hundredths (195 is 1.95x). */
export const LOTTERY_ODDS = { exact: 95_000, sum: 195, digit: 195 } as const;

export const LOTTERY_LIMITS = {
  exact: { minMinor: 100n, maxMinor: 10_000n } satisfies StakeLimits,
  other: { minMinor: 100n, maxMinor: 200_000n } satisfies StakeLimits,
};

export const lotteryBet = z.union([
  z.object({ type: z.literal('exact'), number: z.string().regex(/^[0-9]{3}$/) }),
  z.object({ type: z.literal('sum'), pick: z.enum(['big', 'small']) }),
  z.object({
    type: z.literal('digit'),
    /** 0 hundreds, 1 tens, 2 units. */
    position: z.number().int().min(0).max(2),
    pick: z.enum(['odd', 'even']),
  }),
]);
export type LotteryBet = z.infer<typeof lotteryBet>;

export const lotteryParams = z.object({
  eventId: z.string().max(32),
  bet: lotteryBet,
  amountMinor: minorString,
});
export type LotteryParams = z.infer<typeof lotteryParams>;

export type LotteryResult = { digits: [number, number, number]; number: string; sum: number };

export function lotteryEventAt(drawMs: number): ScheduledEvent {
  const resultAt = new Date(drawMs);
  return {
    id: LOTTERY_PREFIX + stampOf(resultAt),
    closesAt: new Date(drawMs - LOTTERY_CLOSE_BEFORE_MS),
    resultAt,
    details: { drawAt: resultAt.toISOString(), odds: LOTTERY_ODDS },
  };
}

export function lotteryWins(bet: LotteryBet, result: LotteryResult): boolean {
  switch (bet.type) {
    case 'exact':
      return bet.number === result.number;
    case 'sum':
      return bet.pick === (result.sum >= 14 ? 'big' : 'small');
    case 'digit':
      return bet.pick === ((result.digits[bet.position] as number) % 2 === 1 ? 'odd' : 'even');
  }
}

export const lotteryEngine: ScheduledEngine<LotteryParams, LotteryResult> = {
  mode: 'scheduled',
  kind: 'lottery',
  params: lotteryParams,
  eventIdOf(params) {
    return params.eventId;
  },
  validate(params, event) {
    if (params.eventId !== event.id) return 'event_mismatch';
    const limits = params.bet.type === 'exact' ? LOTTERY_LIMITS.exact : LOTTERY_LIMITS.other;
    return checkStake(BigInt(params.amountMinor), limits);
  },
  stakeOf(params) {
    return BigInt(params.amountMinor);
  },
  eventsAround(now) {
    const t = now.getTime();
    return slotsBetween(t - LOOK_BACK_MS, t + LOOK_AHEAD_MS, LOTTERY_PERIOD_MS).map(lotteryEventAt);
  },
  eventById(id) {
    const time = timeOfId(id, LOTTERY_PREFIX);
    return time ? lotteryEventAt(time.getTime()) : null;
  },
  resolve(_event, draw: FairDraw): LotteryResult {
    const digits: [number, number, number] = [draw.int(10), draw.int(10), draw.int(10)];
    return { digits, number: digits.join(''), sum: digits[0] + digits[1] + digits[2] };
  },
  settle(params, result) {
    const amount = BigInt(params.amountMinor);
    const odds = LOTTERY_ODDS[params.bet.type];
    const payoutMinor = lotteryWins(params.bet, result) ? (amount * BigInt(odds)) / 100n : 0n;
    return { payoutMinor, validBetMinor: amount };
  },
  describe() {
    return {
      periodSeconds: LOTTERY_PERIOD_MS / 1000,
      closeBeforeSeconds: LOTTERY_CLOSE_BEFORE_MS / 1000,
      odds: LOTTERY_ODDS,
      bigFrom: 14,
      limits: {
        exact: describeLimits(LOTTERY_LIMITS.exact),
        other: describeLimits(LOTTERY_LIMITS.other),
      },
      defaultStakeMinor: '1000',
      rtp: { exact: 0.95, sum: 0.975, digit: 0.975 },
    };
  },
};
