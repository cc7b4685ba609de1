import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { turnoverRequirements } from './turnover.schema.ts';

/**
 * Turnover requirements: each confirmed deposit adds its amount times the brand's multiplier
 * to what the member must bet before withdrawing; valid bets (games issue) take it down. This
 * file is the table's repository and its public face for the withdrawal side.
 */

/** The turnover a deposit adds: amount x percent / 100, rounded down to the minor unit. */
export function turnoverForDeposit(amountMinor: bigint, multiplierPercent: number): bigint {
  if (!Number.isInteger(multiplierPercent) || multiplierPercent < 0) {
    throw new Error(`turnover multiplier must be a whole percent, got ${multiplierPercent}`);
  }
  return (amountMinor * BigInt(multiplierPercent)) / 100n;
}

/**
 * Adds to a member's outstanding turnover (an upsert). Pass the transaction that moves the
 * money, so the requirement changes with the deposit or not at all.
 */
export async function addTurnover(
  executor: Executor,
  input: { brandCode: string; memberId: bigint; currency: string; amountMinor: bigint },
): Promise<void> {
  if (input.amountMinor <= 0n) throw new Error('turnover to add must be positive');
  await executor
    .insert(turnoverRequirements)
    .values({
      brandCode: input.brandCode,
      memberId: input.memberId,
      currency: input.currency,
      outstandingMinor: input.amountMinor,
    })
    .onConflictDoUpdate({
      target: [
        turnoverRequirements.brandCode,
        turnoverRequirements.memberId,
        turnoverRequirements.currency,
      ],
      set: {
        outstandingMinor: sql`${turnoverRequirements.outstandingMinor} + ${input.amountMinor}`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Takes valid bets off a member's outstanding turnover, never below zero (bets beyond the
 * requirement are not banked for a later deposit). Pass the transaction that records the bets,
 * so a bet counts exactly when it is recorded.
 */
export async function reduceTurnover(
  executor: Executor,
  input: { brandCode: string; memberId: bigint; currency: string; amountMinor: bigint },
): Promise<void> {
  if (input.amountMinor < 0n) throw new Error('turnover to reduce must not be negative');
  if (input.amountMinor === 0n) return;
  await executor
    .update(turnoverRequirements)
    .set({
      outstandingMinor: sql`greatest(${turnoverRequirements.outstandingMinor} - ${input.amountMinor}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(turnoverRequirements.brandCode, input.brandCode),
        eq(turnoverRequirements.memberId, input.memberId),
        eq(turnoverRequirements.currency, input.currency),
        sql`${turnoverRequirements.outstandingMinor} > 0`,
      ),
    );
}

/** What a member still has to bet before withdrawing, in minor units (zero when nothing). */
export async function outstandingTurnover(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: string,
): Promise<bigint> {
  const rows = await executor
    .select({ outstanding: turnoverRequirements.outstandingMinor })
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.brandCode, brandCode),
        eq(turnoverRequirements.memberId, memberId),
        eq(turnoverRequirements.currency, currency),
      ),
    );
  return rows[0]?.outstanding ?? 0n;
}

/**
 * Clears a member's outstanding turnover (an operator's waiver, which the caller records);
 * returns what was outstanding before.
 */
export async function waiveTurnover(
  executor: Executor,
  input: { brandCode: string; memberId: bigint; currency: string },
): Promise<bigint> {
  const before = await executor
    .select({ outstanding: turnoverRequirements.outstandingMinor })
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.brandCode, input.brandCode),
        eq(turnoverRequirements.memberId, input.memberId),
        eq(turnoverRequirements.currency, input.currency),
      ),
    )
    .for('update');
  await executor
    .update(turnoverRequirements)
    .set({ outstandingMinor: sql`0`, updatedAt: sql`now()` })
    .where(
      and(
        eq(turnoverRequirements.brandCode, input.brandCode),
        eq(turnoverRequirements.memberId, input.memberId),
        eq(turnoverRequirements.currency, input.currency),
      ),
    );
  return before[0]?.outstanding ?? 0n;
}
