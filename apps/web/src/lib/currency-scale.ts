import { AMOUNT_DECIMALS } from '@lobby/contracts';
import { isCurrencyCode, scaleOf } from '@lobby/money';

/** Decimal places of a currency's amounts (CNY 2); the spec's 2 for one the browser does not know. */
export function currencyScale(currency: string): number {
  return isCurrencyCode(currency) ? scaleOf(currency) : AMOUNT_DECIMALS;
}
