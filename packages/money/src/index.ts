/**
 * Money is integer minor units held as `bigint`, and decimal strings on the wire ("12.50").
 * Nothing here ever goes through a float (DESIGN.md sections 3.5 and 4).
 */

export const CURRENCIES = {
  CNY: { code: 'CNY', scale: 2 },
  USDT: { code: 'USDT', scale: 6 },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;

/** Amounts are stored in PostgreSQL `bigint` columns, so this is the widest amount we accept. */
export const MAX_MINOR_UNITS = 2n ** 63n - 1n;
export const MIN_MINOR_UNITS = -(2n ** 63n);

/**
 * Longer texts are refused before any work is done; the widest valid amount of the widest
 * scale with a sign, grouping and surrounding spaces fits well within it.
 */
export const MAX_AMOUNT_TEXT_LENGTH = 64;

/** Scales beyond this make no sense for money and would only hide a bug. */
export const MAX_SCALE = 18;

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

/** Number of decimal places of a currency's minor unit. Unknown codes are a programmer error. */
export function scaleOf(code: CurrencyCode): number {
  if (!isCurrencyCode(code)) throw new RangeError(`unknown currency: ${String(code)}`);
  return CURRENCIES[code].scale;
}

export type AmountParseErrorCode =
  | 'empty'
  | 'too_long'
  | 'exponent'
  | 'negative'
  | 'too_many_decimals'
  | 'out_of_range'
  | 'invalid_format';

export type AmountParseResult =
  { ok: true; minor: bigint } | { ok: false; error: AmountParseErrorCode };

export type ParseOptions = {
  /** Negative amounts are refused unless this is true (member input is never negative). */
  allowNegative?: boolean;
  /**
   * Reads what a member is typing into a form: surrounding spaces are ignored and "12." or
   * ".5" are accepted. Off by default: an amount on the wire is exactly `\d+(\.\d{1,scale})?`
   * (with a leading minus where negatives are allowed), and the forms send that form.
   */
  typed?: boolean;
};

const TYPED_PATTERN = /^(-)?(\d*)(?:\.(\d*))?$/;
const WIRE_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Reads a decimal amount with at most `scale` decimals into minor units. On the wire only plain
 * digits with an optional dot and decimals are amounts; `typed` relaxes that for form input.
 * Everything else is refused with a reason.
 */
export function parseDecimal(
  text: string,
  scale: number,
  options: ParseOptions = {},
): AmountParseResult {
  assertScale(scale);
  if (text.length > MAX_AMOUNT_TEXT_LENGTH) return { ok: false, error: 'too_long' };
  const trimmed = options.typed ? text.trim() : text;
  if (trimmed === '') return { ok: false, error: 'empty' };
  if (/^[-+]?[\d.]+e[-+]?\d+$/i.test(trimmed)) return { ok: false, error: 'exponent' };
  const match = (options.typed ? TYPED_PATTERN : WIRE_PATTERN).exec(trimmed);
  if (!match) return { ok: false, error: 'invalid_format' };
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return { ok: false, error: 'invalid_format' };
  if (sign && !options.allowNegative) return { ok: false, error: 'negative' };
  if (fraction.length > scale) return { ok: false, error: 'too_many_decimals' };
  const magnitude = BigInt((whole || '0') + fraction.padEnd(scale, '0'));
  const minor = sign ? -magnitude : magnitude;
  if (minor > MAX_MINOR_UNITS || minor < MIN_MINOR_UNITS) {
    return { ok: false, error: 'out_of_range' };
  }
  return { ok: true, minor };
}

/** `parseDecimal` with the scale of a currency: `parseAmount('12.5', 'CNY')` gives 1250n. */
export function parseAmount(
  text: string,
  currency: CurrencyCode,
  options: ParseOptions = {},
): AmountParseResult {
  return parseDecimal(text, scaleOf(currency), options);
}

export type FormatOptions = {
  /** Thousands separators in the whole part: "1,234.50". Off by default (wire format). */
  grouping?: boolean;
};

/** Writes minor units as a decimal string with exactly `scale` decimals: 1250n, 2 -> "12.50". */
export function formatDecimal(minor: bigint, scale: number, options: FormatOptions = {}): string {
  assertScale(scale);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const groupedWhole = options.grouping ? groupThousands(whole) : whole;
  return (negative ? '-' : '') + groupedWhole + (scale > 0 ? `.${fraction}` : '');
}

/** `formatDecimal` with the scale of a currency: `formatAmount(1250n, 'CNY')` gives "12.50". */
export function formatAmount(
  minor: bigint,
  currency: CurrencyCode,
  options: FormatOptions = {},
): string {
  return formatDecimal(minor, scaleOf(currency), options);
}

/** The JSON form of an amount (DESIGN.md section 3.5): a plain decimal string. */
export function toDecimalString(minor: bigint, currency: CurrencyCode): string {
  return formatAmount(minor, currency);
}

export class MoneyFormatError extends Error {
  readonly code: AmountParseErrorCode;

  constructor(code: AmountParseErrorCode, text: string) {
    super(`not a valid amount (${code}): ${JSON.stringify(text.slice(0, MAX_AMOUNT_TEXT_LENGTH))}`);
    this.name = 'MoneyFormatError';
    this.code = code;
  }
}

/**
 * Reads an amount that arrived as a JSON decimal string. Such a value comes from our own API,
 * so a malformed one is a broken contract: it throws instead of returning a result. Negative
 * values are allowed here because statements and adjustments carry them.
 */
export function fromDecimalString(text: string, currency: CurrencyCode): bigint {
  const result = parseAmount(text, currency, { allowNegative: true });
  if (!result.ok) throw new MoneyFormatError(result.error, text);
  return result.minor;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new RangeError(`scale must be an integer from 0 to ${MAX_SCALE}, got ${scale}`);
  }
}
