import { findPayoutProtocol, isValidAlipayAccount, passesLuhn } from '@lobby/contracts';
import type { FieldProblem } from './member-rules.ts';

/**
 * Checks of the payout-account forms (bank card, Alipay, virtual-coin address) as the member
 * types, with the server's own rules from the contracts.
 */

export const CARD_NUMBER_LENGTH = { min: 16, max: 19 } as const;

/** The digits of a typed card number: spaces and dashes go, anything past 19 digits too. */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '').replace(/\D/g, '').slice(0, CARD_NUMBER_LENGTH.max);
}

/** "6222021234567890123" -> "6222 0212 3456 7890 123", as printed on cards. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Digits only, 16 to 19 of them, and the last one the Luhn check digit. */
export function cardNumberProblem(value: string): FieldProblem | null {
  const text = value.replace(/\s/g, '');
  if (text === '') return { code: 'required', live: false };
  if (/\D/.test(text)) return { code: 'cardNumberDigits', live: true };
  const { min, max } = CARD_NUMBER_LENGTH;
  if (text.length < min || text.length > max) {
    return { code: 'cardNumberLength', values: { min, max }, live: text.length > max };
  }
  // A 16-digit start of a 19-digit card may fail the check while the member is still typing.
  if (!passesLuhn(text)) return { code: 'cardNumberChecksum', live: text.length === max };
  return null;
}

/** A mainland mobile number or an e-mail address. */
export function alipayAccountProblem(value: string): FieldProblem | null {
  const text = value.trim();
  if (text === '') return { code: 'required', live: false };
  return isValidAlipayAccount(text) ? null : { code: 'alipayAccount', live: /\s/.test(text) };
}

/** What an address of each protocol looks like, to show the member. */
export const ADDRESS_FORMATS: Record<string, { prefix: string; length: number }> = {
  TRC20: { prefix: 'T', length: 34 },
  ERC20: { prefix: '0x', length: 42 },
  BEP20: { prefix: '0x', length: 42 },
};

/**
 * An address in the format of its protocol (TRC20: T and 33 base58 characters; ERC20, BEP20:
 * 0x and 40 hex digits). A protocol the browser does not know is left to the server.
 */
export function coinAddressProblem(value: string, protocolId: number | null): FieldProblem | null {
  const text = value.trim();
  if (text === '') return { code: 'required', live: false };
  if (protocolId === null) return { code: 'protocolFirst', live: true };
  const protocol = findPayoutProtocol(protocolId);
  if (!protocol || protocol.addressPattern.test(text)) return null;
  const format = ADDRESS_FORMATS[protocol.name];
  return {
    code: 'coinAddress',
    values: {
      protocol: protocol.name,
      prefix: format?.prefix ?? '',
      length: format?.length ?? 0,
    },
    live: /\s/.test(text) || (format !== undefined && text.length > format.length),
  };
}
