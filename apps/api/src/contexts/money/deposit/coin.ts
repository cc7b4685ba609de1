import { createHash, randomBytes } from 'node:crypto';
import { COIN_PROTOCOLS, type CoinProtocolId } from '@lobby/contracts';
import { parseDecimal, scaleOf, type CurrencyCode } from '@lobby/money';

/**
 * Virtual-coin rules of USDT deposits: addresses that look like the real thing, transaction
 * hashes, and exact conversion between the channel currency and USDT at a decimal rate.
 */

/** Decimal places a configured rate may have ("7.2035" is fine). */
export const RATE_SCALE = 6;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/**
 * A fresh deposit address. TRC20: base58check of 0x41 and 20 random bytes, so it is 34
 * characters starting with T and passes a TRON checksum; ERC20: 0x and 40 lower-case hex digits.
 */
export function newCoinAddress(protocol: CoinProtocolId): string {
  if (protocol === 1) {
    const payload = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
    const once = createHash('sha256').update(payload).digest();
    const checksum = createHash('sha256').update(once).digest().subarray(0, 4);
    return base58(Buffer.concat([payload, checksum]));
  }
  return `0x${randomBytes(20).toString('hex')}`;
}

/** A transaction hash as each chain writes it. */
export function newTxHash(protocol: CoinProtocolId): string {
  const hex = randomBytes(32).toString('hex');
  return protocol === 1 ? hex : `0x${hex}`;
}

export function protocolName(protocol: number): string {
  return COIN_PROTOCOLS.find((entry) => entry.id === protocol)?.name ?? String(protocol);
}

export function isCoinProtocol(protocol: number): protocol is CoinProtocolId {
  return COIN_PROTOCOLS.some((entry) => entry.id === protocol);
}

/** A rate as configured ("7.20") in millionths; null unless it is a positive decimal. */
export function parseRate(rate: string): bigint | null {
  const parsed = parseDecimal(rate, RATE_SCALE);
  return parsed.ok && parsed.minor > 0n ? parsed.minor : null;
}

/** 10^(coin scale + rate scale - currency scale): minor units of a product back to the currency. */
function conversionFactor(currency: CurrencyCode): bigint {
  return 10n ** BigInt(scaleOf('USDT') + RATE_SCALE - scaleOf(currency));
}

/**
 * The USDT (micro-units) a member sends for an amount, rounded up: paying it credits at least
 * the amount at the same rate.
 */
export function coinForAmount(amountMinor: bigint, rateMillionths: bigint, currency: CurrencyCode) {
  const numerator = amountMinor * conversionFactor(currency);
  return (numerator + rateMillionths - 1n) / rateMillionths;
}

/** What a USDT amount is worth in the currency at a rate, rounded down to the minor unit. */
export function amountForCoin(coinMinor: bigint, rateMillionths: bigint, currency: CurrencyCode) {
  return (coinMinor * rateMillionths) / conversionFactor(currency);
}
