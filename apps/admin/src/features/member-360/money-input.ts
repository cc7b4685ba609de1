/**
 * The amount of a balance adjustment as the operator types it: a direction (credit or debit)
 * and a positive decimal in the brand currency's scale. The scale is read off a balance the
 * server sent ("100.00" -> 2): the server takes amounts strictly in that scale. Arithmetic is on
 * minor units (bigint), never through a float.
 */

export type AdjustDirection = 'credit' | 'debit';

/** Why a typed amount cannot be sent, or null when it can. */
export type AmountProblem = 'required' | 'format' | 'zero';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Decimal places of a decimal string ("12.50" -> 2, "7" -> 0); 2 for anything else. */
export function scaleOf(amount: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return 2;
  return match[3]?.length ?? 0;
}

/** Checks a typed positive amount: digits, at most `scale` decimals, not zero. */
export function checkAmount(text: string | undefined, scale: number): AmountProblem | null {
  const value = (text ?? '').trim();
  if (value === '') return 'required';
  const pattern = scale > 0 ? new RegExp(`^\\d{1,15}(\\.\\d{1,${scale}})?$`) : /^\d{1,15}$/;
  if (!pattern.test(value)) return 'format';
  if (!/[1-9]/.test(value)) return 'zero';
  return null;
}

/** What the adjust endpoint takes: the amount, negative for a debit ("-50.00"). */
export function signedAmount(direction: AdjustDirection, text: string): string {
  const value = text.trim();
  return direction === 'debit' ? `-${value}` : value;
}

/** A decimal string as minor units of `scale` ("12.5", 2 -> 1250n); null when it is none. */
export function toMinor(amount: string, scale: number): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const minor = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return sign === '-' ? -minor : minor;
}

/** Minor units back as a decimal string of `scale` (1250n, 2 -> "12.50"). */
export function fromMinor(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * The centre wallet after the adjustment, as a decimal string in the wallet's scale; null while
 * the typed amount is not valid.
 */
export function balanceAfter(
  wallet: string,
  direction: AdjustDirection,
  text: string | undefined,
): string | null {
  const scale = scaleOf(wallet);
  if (checkAmount(text, scale) !== null) return null;
  const current = toMinor(wallet, scale);
  const change = toMinor(signedAmount(direction, text ?? ''), scale);
  if (current === null || change === null) return null;
  return fromMinor(current + change, scale);
}

/** Whether a decimal string is zero ("0.00", "-0"), without parsing it as a float. */
export function isZeroAmount(amount: string): boolean {
  return DECIMAL.test(amount.trim()) && !/[1-9]/.test(amount);
}
