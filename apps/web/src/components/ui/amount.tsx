import { absoluteAmount, amountSign, groupDigits } from '../../lib/amount-format.ts';
import { useBrand } from '../../lib/brand-context.tsx';

export const DEFAULT_CURRENCY_ICON = '/images/currency/coin-1.svg';

/** The brand's currency: its symbol (¥) or, when it has none, its currency icon. */
export function CurrencyMark() {
  const brand = useBrand();
  return brand.currencySymbol ? (
    <span className="currency-mark">{brand.currencySymbol}</span>
  ) : (
    <img
      className="currency-icon"
      src={brand.currencyIconUrl || DEFAULT_CURRENCY_ICON}
      alt={brand.currencyCode}
      width={16}
      height={16}
    />
  );
}

/**
 * An amount of the brand's currency as the API sent it (a decimal string), with its currency
 * mark and thousands separators; `signed` writes + or - before it and colours it by direction.
 */
export function Amount({
  value,
  signed = false,
  className,
}: {
  value: string | null | undefined;
  signed?: boolean;
  className?: string;
}) {
  const classes = ['amount'];
  if (className) classes.push(className);
  if (value === null || value === undefined) {
    return (
      <span className={[...classes, 'amount--unknown'].join(' ')}>
        <CurrencyMark />
        <span className="amount__value">--</span>
      </span>
    );
  }
  const sign = signed ? amountSign(value) : 'zero';
  if (signed) classes.push(`amount--${sign}`);
  return (
    <span className={classes.join(' ')}>
      {sign === 'in' ? '+' : sign === 'out' ? '-' : null}
      <CurrencyMark />
      <span className="amount__value">{groupDigits(signed ? absoluteAmount(value) : value)}</span>
    </span>
  );
}
