import type { Executor } from '../../../db/client.ts';
import {
  addOutstanding,
  clearOutstanding,
  findOutstanding,
  reduceOutstanding,
} from './turnover.repository.ts';

/**
 * Turnover requirements, the one home of the rule: each confirmed deposit (and each reward that
 * asks for it) adds to what the member must bet before withdrawing; valid bets take it down;
 * withdrawals wait until it is zero; an operator may waive it. Each function takes the
 * executor of the transaction that moves the money or records the bets, so the requirement
 * changes with them or not at all.
 */

/** The turnover a deposit adds: amount x percent / 100, rounded down to the minor unit. */
export function turnoverForDeposit(amountMinor: bigint, multiplierPercent: number): bigint {
  if (!Number.isInteger(multiplierPercent) || multiplierPercent < 0) {
    throw new Error(`turnover multiplier must be a whole percent, got ${multiplierPercent}`);
  }
  return (amountMinor * BigInt(multiplierPercent)) / 100n;
}

/**
 * Adds to a member's outstanding turnover. Pass the transaction that moves the money, so the
 * requirement changes with the deposit or not at all.
 */
export async function addTurnover(
  executor: Executor,
  input: { brandCode: string; memberId: bigint; currency: string; amountMinor: bigint },
): Promise<void> {
  if (input.amountMinor <= 0n) throw new Error('turnover to add must be positive');
  await addOutstanding(executor, input);
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
  await reduceOutstanding(executor, input);
}

/** What a member still has to bet before withdrawing, in minor units (zero when nothing). */
export async function outstandingTurnover(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: string,
): Promise<bigint> {
  return findOutstanding(executor, { brandCode, memberId, currency });
}

/**
 * Clears a member's outstanding turnover (an operator's waiver, which the caller records);
 * returns what was outstanding before.
 */
export async function waiveTurnover(
  executor: Executor,
  input: { brandCode: string; memberId: bigint; currency: string },
): Promise<bigint> {
  return clearOutstanding(executor, input);
}
