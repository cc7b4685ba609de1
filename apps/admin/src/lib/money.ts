/**
 * Amounts arrive as decimal strings in their currency ("12345.50", "-0.000100"). They are shown
 * by rewriting the string (thousands grouped, the currency after), never through a floating
 * point number, so no amount is ever rounded on screen.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1234567.50" -> "1,234,567.50"; anything that is not a decimal string is shown as it is. */
export function groupDecimal(amount: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '0', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** "1234.50", "CNY" -> "1,234.50 CNY". */
export function formatMoney(amount: string, currency?: string | null): string {
  const grouped = groupDecimal(amount);
  return currency ? `${grouped} ${currency}` : grouped;
}

/** Whether an amount string is below zero (for colouring), without parsing it as a number. */
export function isNegativeAmount(amount: string): boolean {
  const match = DECIMAL.exec(amount.trim());
  return match !== null && match[1] === '-' && /[1-9]/.test(`${match[2]}${match[3] ?? ''}`);
}
