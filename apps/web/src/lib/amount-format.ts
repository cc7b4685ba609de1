/**
 * Amounts on screen. The API sends money as decimal strings in the currency's scale ("1234.50",
 * DESIGN.md section 4); the screens show them as they came, with thousands separators, and
 * never turn them into floats. Small enough for the header, which /home loads first.
 */

const DECIMAL = /^(-|\+)?(\d+)(\.\d+)?$/;

/** "1234567.50" -> "1,234,567.50"; "-20.00" -> "-20.00". Text that is not a decimal is kept. */
export function groupDigits(amount: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign === '-' ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction}`;
}

export type AmountSign = 'in' | 'out' | 'zero';

/** Whether a signed amount moves money in, out, or nothing ("-0.00" and "0" are zero). */
export function amountSign(amount: string): AmountSign {
  const text = amount.trim();
  if (!DECIMAL.test(text) || /^[-+]?[0.]+$/.test(text)) return 'zero';
  return text.startsWith('-') ? 'out' : 'in';
}

/** The magnitude of a signed decimal amount: "-20.00" -> "20.00". */
export function absoluteAmount(amount: string): string {
  return amount.trim().replace(/^[-+]/, '');
}
