import { AMOUNT_DECIMALS } from '@lobby/contracts';

/**
 * Cleans what a member types into an amount field (SPEC.md section 5), on every keystroke:
 * characters other than digits and dot are removed, only the first dot is kept, decimals are
 * cut to `decimals` places, leading zeros collapse ("00" becomes "0", "007" becomes "7"),
 * and a lone dot gives empty. A leading dot gets its zero (".5" becomes "0.5"); a trailing
 * dot stays ("12.") because the member is still typing. With 0 decimals the dot is dropped.
 */
export function filterAmountInput(text: string, decimals: number = AMOUNT_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  const cleaned = text.replace(/[^0-9.]/g, '');
  const dotAt = cleaned.indexOf('.');
  const whole = dotAt < 0 ? cleaned : cleaned.slice(0, dotAt);
  const fraction = dotAt < 0 ? null : cleaned.slice(dotAt + 1).replaceAll('.', '');

  if (whole === '' && (fraction === null || fraction === '')) return '';
  const normalizedWhole = whole.replace(/^0+(?=\d)/, '') || '0';
  if (fraction === null || decimals === 0) return normalizedWhole;
  return `${normalizedWhole}.${fraction.slice(0, decimals)}`;
}
