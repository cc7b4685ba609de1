import { formatDecimal, parseDecimal } from '@lobby/money';
import { groupDigits } from './amount-format.ts';
import type { FieldProblem } from './member-rules.ts';

/**
 * Amount rules of the cashier forms (deposit, withdrawal), on decimal strings in minor units of
 * the currency's scale: never a float (DESIGN.md section 4). The server has the last word; these
 * tell the member before a round trip.
 */
export type AmountLimits = {
  /** Decimal places of the currency (CNY 2). */
  scale: number;
  min?: string | undefined;
  max?: string | undefined;
  /** What the member has: a withdrawal cannot be larger. */
  available?: string | undefined;
};

/** Minor units of a decimal amount of `scale` as a member types it, or null when it is not one. */
export function toMinor(amount: string, scale: number): bigint | null {
  const parsed = parseDecimal(amount, scale, { typed: true });
  return parsed.ok ? parsed.minor : null;
}

/**
 * The amount a form sends: what the member typed ("100.", " 12.5") in the wire form the server
 * accepts ("100.00", "12.50"). A text that is no amount is sent as typed, for the server to refuse.
 */
export function wireAmount(amount: string, scale: number): string {
  const minor = toMinor(amount, scale);
  return minor === null ? amount : formatDecimal(minor, scale);
}

export function amountProblem(value: string, limits: AmountLimits): FieldProblem | null {
  if (value.trim() === '') return { code: 'required', live: false };
  const minor = toMinor(value, limits.scale);
  if (minor === null) return { code: 'amount', live: false };
  if (minor <= 0n) return { code: 'amountPositive', live: false };
  const bound = (text: string | undefined) =>
    text === undefined ? null : toMinor(text, limits.scale);
  const min = bound(limits.min);
  const max = bound(limits.max);
  const available = bound(limits.available);
  if (available !== null && minor > available) {
    return {
      code: 'amountBalance',
      values: { available: groupDigits(limits.available ?? '') },
      live: true,
    };
  }
  if (max !== null && minor > max) {
    return { code: 'amountMax', values: { max: groupDigits(limits.max ?? '') }, live: true };
  }
  // Too small only shows once the member has finished typing: "1" is on its way to "100".
  if (min !== null && minor < min) {
    return { code: 'amountMin', values: { min: groupDigits(limits.min ?? '') }, live: false };
  }
  return null;
}

/** The usual round amounts offered as one-tap chips: those within the channel's limits. */
export const QUICK_AMOUNTS = ['100', '200', '500', '1000', '2000', '5000', '10000', '50000'];

export function quickAmounts(
  limits: { min: string; max: string; scale: number },
  candidates: readonly string[] = QUICK_AMOUNTS,
): string[] {
  const min = toMinor(limits.min, limits.scale);
  const max = toMinor(limits.max, limits.scale);
  if (min === null || max === null) return [];
  return candidates.filter((candidate) => {
    const minor = toMinor(candidate, limits.scale);
    return minor !== null && minor >= min && minor <= max;
  });
}

/** The smaller of two decimal amounts of one scale, written in that scale ("withdraw all"). */
export function smallerAmount(first: string, second: string, scale: number): string | null {
  const a = toMinor(first, scale);
  const b = toMinor(second, scale);
  if (a === null || b === null) return null;
  return formatDecimal(a < b ? a : b, scale);
}

/** Decimal places of USDT amounts and of configured rates. */
export const COIN_SCALE = 6;
const RATE_SCALE = 6;

/**
 * The USDT a member sends for an amount at a rate (currency per USDT), rounded up to the micro
 * unit exactly as the server does (so paying it credits at least the amount). Null for text
 * that is not an amount or a positive rate.
 */
export function coinAmountFor(amount: string, rate: string, scale: number): string | null {
  const amountMinor = toMinor(amount, scale);
  const rateMicro = toMinor(rate, RATE_SCALE);
  if (amountMinor === null || rateMicro === null || amountMinor <= 0n || rateMicro <= 0n) {
    return null;
  }
  const numerator = amountMinor * 10n ** BigInt(COIN_SCALE + RATE_SCALE - scale);
  return formatDecimal((numerator + rateMicro - 1n) / rateMicro, COIN_SCALE);
}
