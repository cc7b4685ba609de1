import { isCurrencyCode, toDecimalString } from '@lobby/money';

/**
 * A provider's round details as lines a person reads: each field of the provider's JSON with a
 * label key (its own name, so known names get a translation and others read as they are) and its
 * value as text. Amounts the provider gives in minor units (`...Minor`) read as decimals of the
 * currency; lists of plain values read as one line (cards "AS 10H", reels "7 BAR 7"), a list of
 * lists row by row ("|" between them), and nested records as their own lines under the field.
 */
export type DetailLine = {
  /** The field path, e.g. `banker.cards`; the last part is the label. */
  path: string[];
  value: string;
};

const MAX_LINES = 80;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlain(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** `payoutMinor` reads as `payout`; a minor amount as a decimal of the currency. */
function fieldOf(key: string, value: unknown, currency: string): { key: string; value: unknown } {
  if (key.endsWith('Minor') && key.length > 5 && typeof value === 'string') {
    if (/^-?\d{1,19}$/.test(value) && isCurrencyCode(currency)) {
      return { key: key.slice(0, -5), value: toDecimalString(BigInt(value), currency) };
    }
  }
  return { key, value };
}

function plainText(value: string | number | boolean | null): string {
  if (value === null) return '-';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return String(value);
}

/** A field name as a person reads it: its translation when the caller has one. */
export type LabelOf = (key: string) => string;

function inlineText(value: unknown, currency: string, labelOf: LabelOf): string {
  if (isPlain(value)) return plainText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '-';
    if (value.every(isPlain)) return value.map(plainText).join(' ');
    return value.map((item) => inlineText(item, currency, labelOf)).join(' | ');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => {
        const field = fieldOf(key, item, currency);
        return `${labelOf(field.key)}: ${inlineText(field.value, currency, labelOf)}`;
      })
      .join(', ');
  }
  return '';
}

/** The lines of one value under `path`. */
export function detailLines(
  value: unknown,
  currency: string,
  labelOf: LabelOf = (key) => key,
  path: string[] = [],
): DetailLine[] {
  const lines: DetailLine[] = [];
  const visit = (item: unknown, at: string[]) => {
    if (lines.length >= MAX_LINES) return;
    if (isRecord(item)) {
      for (const [key, child] of Object.entries(item)) {
        const field = fieldOf(key, child, currency);
        visit(field.value, [...at, field.key]);
      }
      return;
    }
    // A list of records (bets, seats, line wins) reads one line per record.
    if (Array.isArray(item) && item.length > 0 && item.every(isRecord)) {
      item.forEach((record, index) =>
        lines.push({
          path: [...at, String(index + 1)],
          value: inlineText(record, currency, labelOf),
        }),
      );
      return;
    }
    lines.push({ path: at, value: inlineText(item, currency, labelOf) });
  };
  visit(value, path);
  return lines.slice(0, MAX_LINES);
}
