import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amountForCoin, coinForAmount, newCoinAddress, newTxHash, parseRate } from './coin.ts';
import { canonicalString, signGatewayFields, verifyGatewaySignature } from './gateway.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function decodeBase58(text: string): Buffer {
  let value = 0n;
  for (const character of text) value = value * 58n + BigInt(BASE58.indexOf(character));
  return Buffer.from(value.toString(16).padStart(50, '0'), 'hex');
}

describe('coin addresses', () => {
  it('makes TRC20 addresses that pass the TRON base58check', () => {
    for (let index = 0; index < 50; index++) {
      const address = newCoinAddress(1);
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      const bytes = decodeBase58(address);
      expect(bytes).toHaveLength(25);
      expect(bytes[0]).toBe(0x41);
      const payload = bytes.subarray(0, 21);
      const once = createHash('sha256').update(payload).digest();
      const checksum = createHash('sha256').update(once).digest().subarray(0, 4);
      expect(bytes.subarray(21).equals(checksum)).toBe(true);
    }
  });

  it('makes ERC20 addresses and transaction hashes of each chain', () => {
    expect(newCoinAddress(2)).toMatch(/^0x[0-9a-f]{40}$/);
    expect(newTxHash(1)).toMatch(/^[0-9a-f]{64}$/);
    expect(newTxHash(2)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(newCoinAddress(1)).not.toBe(newCoinAddress(1));
  });
});

describe('conversion at a rate', () => {
  it('reads rates as positive decimals in millionths', () => {
    expect(parseRate('7.20')).toBe(7_200_000n);
    expect(parseRate('7.123456')).toBe(7_123_456n);
    for (const bad of ['0', '-7', '7.1234567', 'abc', '1e3', '']) expect(parseRate(bad)).toBeNull();
  });

  it('rounds the coin to pay up and the credit down, so paying the coin credits the amount', () => {
    const rate = 7_200_000n;
    expect(coinForAmount(10_000n, rate, 'CNY')).toBe(13_888_889n);
    expect(amountForCoin(13_888_889n, rate, 'CNY')).toBe(10_000n);
    expect(amountForCoin(10_123_457n, rate, 'CNY')).toBe(7_288n);
    expect(amountForCoin(1n, rate, 'CNY')).toBe(0n);
    for (const rateText of ['7.20', '6.9731', '7.000001', '0.5', '123.456789']) {
      const millionths = parseRate(rateText) ?? 0n;
      for (const amount of [1n, 99n, 10_000n, 123_457n, 5_000_000n, 999_999_999n]) {
        const coin = coinForAmount(amount, millionths, 'CNY');
        expect(amountForCoin(coin, millionths, 'CNY')).toBeGreaterThanOrEqual(amount);
        // One micro-USDT less would not be enough.
        expect(amountForCoin(coin - 1n, millionths, 'CNY')).toBeLessThan(amount);
      }
    }
  });
});

describe('gateway signatures', () => {
  const fields = { orderNo: 'D1', amount: '1.00', merchantId: 'M', status: 'paid' };

  it('signs the fields sorted by name, without the signature itself', () => {
    expect(canonicalString({ ...fields, sign: 'x' })).toBe(
      'amount=1.00&merchantId=M&orderNo=D1&status=paid',
    );
    const sign = signGatewayFields(fields, 'secret');
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyGatewaySignature({ ...fields, sign }, 'secret')).toBe(true);
    expect(verifyGatewaySignature({ ...fields, sign: sign.toUpperCase() }, 'secret')).toBe(true);
  });

  it('refuses another secret, a changed field, and a short or missing signature', () => {
    const sign = signGatewayFields(fields, 'secret');
    expect(verifyGatewaySignature({ ...fields, sign }, 'other')).toBe(false);
    expect(verifyGatewaySignature({ ...fields, amount: '2.00', sign }, 'secret')).toBe(false);
    expect(verifyGatewaySignature({ ...fields, sign: sign.slice(1) }, 'secret')).toBe(false);
    expect(verifyGatewaySignature(fields, 'secret')).toBe(false);
  });
});
