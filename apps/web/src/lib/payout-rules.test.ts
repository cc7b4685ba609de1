import { describe, expect, it } from 'vitest';
import {
  alipayAccountProblem,
  cardDigits,
  cardNumberProblem,
  coinAddressProblem,
  formatCardNumber,
} from './payout-rules.ts';

// Test numbers that pass the Luhn check.
const CARD_16 = '4111111111111111';
const CARD_19 = '6222020200112233446';

describe('bank card numbers', () => {
  it('keeps the digits as typed and groups them by four', () => {
    expect(cardDigits('4111 1111-1111 1111')).toBe(CARD_16);
    expect(cardDigits('62a22')).toBe('6222');
    expect(cardDigits('1'.repeat(25))).toHaveLength(19);
    expect(formatCardNumber(CARD_19)).toBe('6222 0202 0011 2233 446');
    expect(formatCardNumber('622')).toBe('622');
  });

  it('takes 16 to 19 digits that pass the Luhn check', () => {
    expect(cardNumberProblem(CARD_16)).toBeNull();
    expect(cardNumberProblem(formatCardNumber(CARD_16))).toBeNull();
    expect(cardNumberProblem(CARD_19)).toBeNull();
  });

  it('says what is wrong, at once only when waiting would not help', () => {
    expect(cardNumberProblem('')).toMatchObject({ code: 'required', live: false });
    expect(cardNumberProblem('4111x')).toMatchObject({ code: 'cardNumberDigits', live: true });
    expect(cardNumberProblem('411111111111')).toMatchObject({
      code: 'cardNumberLength',
      values: { min: 16, max: 19 },
      live: false,
    });
    expect(cardNumberProblem('41111111111111112222')).toMatchObject({
      code: 'cardNumberLength',
      live: true,
    });
    expect(cardNumberProblem('4111111111111112')).toMatchObject({
      code: 'cardNumberChecksum',
      live: false,
    });
    expect(cardNumberProblem('6222020200112233445')).toMatchObject({
      code: 'cardNumberChecksum',
      live: true,
    });
  });
});

describe('Alipay accounts and coin addresses', () => {
  it('takes a mainland mobile number or an e-mail address', () => {
    expect(alipayAccountProblem('13812345678')).toBeNull();
    expect(alipayAccountProblem('pay@example.com')).toBeNull();
    expect(alipayAccountProblem('12345')).toMatchObject({ code: 'alipayAccount' });
    expect(alipayAccountProblem(' ')).toMatchObject({ code: 'required' });
  });

  it('checks an address against the format of its protocol', () => {
    const tron = `T${'A'.repeat(33)}`;
    const evm = `0x${'a1'.repeat(20)}`;
    expect(coinAddressProblem(tron, 1)).toBeNull();
    expect(coinAddressProblem(evm, 2)).toBeNull();
    expect(coinAddressProblem(evm, 3)).toBeNull();
    expect(coinAddressProblem(evm, 1)).toMatchObject({
      code: 'coinAddress',
      values: { protocol: 'TRC20', prefix: 'T', length: 34 },
    });
    expect(coinAddressProblem(tron, 2)).toMatchObject({
      code: 'coinAddress',
      values: { protocol: 'ERC20', prefix: '0x', length: 42 },
    });
    // Base58 has no 0, O, I or l.
    expect(coinAddressProblem(`T${'0'.repeat(33)}`, 1)).toMatchObject({ code: 'coinAddress' });
    expect(coinAddressProblem(tron, null)).toMatchObject({ code: 'protocolFirst' });
    expect(coinAddressProblem(tron, 99)).toBeNull();
    expect(coinAddressProblem('', 1)).toMatchObject({ code: 'required' });
  });
});
