import {
  bankGroupOf,
  findPayoutBank,
  findPayoutProtocol,
  isValidAlipayAccount,
  isValidBankCardNumber,
  PAYOUT_BANKS,
  PAYOUT_PROTOCOLS,
  payoutTypeOf,
  REAL_NAME_RULE,
  virtualCoinNameOf,
  WITHDRAW_TYPES,
  type Language,
  type PayoutAccount,
  type WithdrawType,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import type { Brand } from '../../platform/brand/index.ts';
import { MEMBER_ERRORS, findMemberById } from '../../identity/member/index.ts';
import type { RiskEvents } from '../../protection/risk/index.ts';
import { PAYOUT_ERRORS } from './payout.errors.ts';
import {
  countAccountsBoundSince,
  findAccountsByIds,
  findLiveAccount,
  insertAccount,
  listLiveAccounts,
  lockMemberPayoutAccounts,
  softDeleteAccount,
  type PayoutAccountKind,
  type PayoutAccountRow,
} from './payout.repository.ts';
import { uniqueViolation } from '../../../db/errors.ts';

export type { PayoutAccountRow } from './payout.repository.ts';

/** `6222 **** **** 1234`: the first and last four digits of a card. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}

/** `138****5678` for a phone, `ab***@example.com` for an e-mail address. */
export function maskAlipayAccount(account: string): string {
  const at = account.indexOf('@');
  if (at === -1) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  const local = account.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${account.slice(at)}`;
}

/** The first six and last six characters of a coin address: enough to recognise it. */
export function maskCoinAddress(address: string): string {
  return `${address.slice(0, 6)}****${address.slice(-6)}`;
}

/** `张*`, `J***`: the first character of a name. */
export function maskHolderName(name: string): string {
  const characters = [...name];
  if (characters.length === 0) return '';
  return characters.length === 1 ? '*' : `${characters[0]}${'*'.repeat(characters.length - 1)}`;
}

const WITHDRAW_TYPE_OF: Record<PayoutAccountKind, WithdrawType> = WITHDRAW_TYPES;

/** The member's view of a payout account: numbers masked, names in the request's language. */
export function toPayoutAccountView(row: PayoutAccountRow, language: Language): PayoutAccount {
  const bank = row.type === 'bank' ? findPayoutBank(row.institution) : undefined;
  const protocol = row.type === 'virtual' ? findPayoutProtocol(Number(row.institution)) : undefined;
  return {
    id: String(row.id),
    withdrawType: WITHDRAW_TYPE_OF[row.type],
    bankCode: row.type === 'bank' ? row.institution : null,
    bankName: row.type === 'bank' ? (bank?.names[language] ?? row.institution) : null,
    group: row.type === 'bank' ? bankGroupOf(row.institution) : -1,
    protocol: row.type === 'virtual' ? Number(row.institution) : null,
    protocolName: row.type === 'virtual' ? (protocol?.name ?? row.institution) : null,
    coinName: row.type === 'virtual' ? virtualCoinNameOf(Number(row.institution)) : null,
    holderName: maskHolderName(row.holderName),
    account:
      row.type === 'bank'
        ? maskCardNumber(row.accountNumber)
        : row.type === 'alipay'
          ? maskAlipayAccount(row.accountNumber)
          : maskCoinAddress(row.accountNumber),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The bank's or protocol's name of an account, for operators (in Chinese, the cashiers'). */
export function institutionNameOf(row: PayoutAccountRow): string {
  if (row.type === 'bank')
    return findPayoutBank(row.institution)?.names['zh-CN'] ?? row.institution;
  if (row.type === 'virtual') {
    const id = Number(row.institution);
    return `${virtualCoinNameOf(id)}-${findPayoutProtocol(id)?.name ?? row.institution}`;
  }
  return '支付宝';
}

type NewAccount = {
  type: PayoutAccountKind;
  institution: string;
  holderName: string;
  accountNumber: string;
};

/**
 * Where a member's withdrawals go: bank cards, Alipay accounts and virtual-coin addresses.
 * Adding one needs a withdrawal password when the brand uses them; each type has the brand's
 * limit, and a member cannot hold the same account twice.
 */
export class PayoutService {
  readonly #db: Database;
  readonly #risk: Pick<RiskEvents, 'payoutAccountBound'> | undefined;

  constructor(dependencies: {
    db: Database;
    /** The risk rules (protection), told of every account bound; they never fail the call. */
    risk?: Pick<RiskEvents, 'payoutAccountBound'>;
  }) {
    this.#db = dependencies.db;
    this.#risk = dependencies.risk;
  }

  /** Payout accounts the member bound at or after `since`, deleted ones too (risk rules). */
  boundSince(brandCode: string, memberId: bigint, since: Date): Promise<number> {
    return countAccountsBoundSince(this.#db, brandCode, memberId, since);
  }

  banks(language: Language) {
    return PAYOUT_BANKS.map((bank) => ({
      code: bank.code,
      name: bank.names[language],
      names: bank.names,
      group: bankGroupOf(bank.code),
    }));
  }

  protocols() {
    return PAYOUT_PROTOCOLS.map((protocol) => ({
      id: protocol.id,
      name: protocol.name,
      coinName: virtualCoinNameOf(protocol.id),
    }));
  }

  async list(
    brand: Brand,
    memberId: bigint,
    withdrawType: number,
    language: Language,
  ): Promise<PayoutAccount[]> {
    const type = payoutTypeOf(withdrawType as WithdrawType);
    const rows = await listLiveAccounts(this.#db, brand.config.code, memberId, type);
    return rows.map((row) => toPayoutAccountView(row, language));
  }

  async addBankCard(
    brand: Brand,
    memberId: bigint,
    body: { bankCode: string; holderName: string; cardNumber: string },
    language: Language,
  ): Promise<PayoutAccount> {
    const realName = await this.#memberAllowedToAdd(brand, memberId);
    const bank = findPayoutBank(body.bankCode);
    if (!bank) throw appError(PAYOUT_ERRORS, 'bank_unknown');
    const holderName = checkHolderName(body.holderName, realName);
    // Members copy card numbers with the spaces or dashes printed on the card.
    const digits = body.cardNumber.replace(/[\s-]/g, '');
    if (!isValidBankCardNumber(digits)) throw appError(PAYOUT_ERRORS, 'bank_card_invalid');
    const row = await this.#add(brand, memberId, brand.config.settings.wallet.maxBankCards, {
      type: 'bank',
      institution: bank.code,
      holderName,
      accountNumber: digits,
    });
    return toPayoutAccountView(row, language);
  }

  async addAlipay(
    brand: Brand,
    memberId: bigint,
    body: { holderName: string; account: string },
    language: Language,
  ): Promise<PayoutAccount> {
    const realName = await this.#memberAllowedToAdd(brand, memberId);
    const holderName = checkHolderName(body.holderName, realName);
    const account = body.account.includes('@') ? body.account.toLowerCase() : body.account;
    if (!isValidAlipayAccount(account)) throw appError(PAYOUT_ERRORS, 'alipay_account_invalid');
    const row = await this.#add(brand, memberId, brand.config.settings.wallet.maxAlipayAccounts, {
      type: 'alipay',
      institution: '',
      holderName,
      accountNumber: account,
    });
    return toPayoutAccountView(row, language);
  }

  async addVirtualAddress(
    brand: Brand,
    memberId: bigint,
    body: { protocol: number; address: string },
    language: Language,
  ): Promise<PayoutAccount> {
    await this.#memberAllowedToAdd(brand, memberId);
    const protocol = findPayoutProtocol(body.protocol);
    if (!protocol) throw appError(PAYOUT_ERRORS, 'coin_protocol_unknown');
    if (!protocol.addressPattern.test(body.address)) {
      throw appError(PAYOUT_ERRORS, 'coin_address_invalid');
    }
    const address = protocol.caseInsensitive ? body.address.toLowerCase() : body.address;
    const row = await this.#add(brand, memberId, brand.config.settings.wallet.maxCoinAddresses, {
      type: 'virtual',
      institution: String(protocol.id),
      holderName: '',
      accountNumber: address,
    });
    return toPayoutAccountView(row, language);
  }

  /** Deletes (soft) a live account of the member of one of the given types. */
  async delete(
    brand: Brand,
    memberId: bigint,
    id: string,
    types: PayoutAccountKind[],
  ): Promise<void> {
    const deleted = await softDeleteAccount(
      this.#db,
      brand.config.code,
      memberId,
      BigInt(id),
      types,
    );
    if (!deleted) throw appError(PAYOUT_ERRORS, 'payout_account_not_found');
  }

  /** A live account of the member, for a withdrawal; undefined when not theirs or deleted. */
  async liveAccountOf(
    brandCode: string,
    memberId: bigint,
    id: bigint,
  ): Promise<PayoutAccountRow | undefined> {
    return findLiveAccount(this.#db, brandCode, memberId, id);
  }

  /** Accounts by id, deleted ones included, for orders that point at them. */
  async accountsByIds(ids: bigint[]): Promise<Map<bigint, PayoutAccountRow>> {
    const rows = await findAccountsByIds(this.#db, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The member's real name (null if not set), after the withdrawal-password rule of the spec. */
  async #memberAllowedToAdd(brand: Brand, memberId: bigint): Promise<string | null> {
    const member = await findMemberById(this.#db, brand.config.code, memberId);
    // The session guard only lets live sessions of existing members through.
    if (!member) throw commonError('token');
    if (brand.config.settings.withdrawPasswordEnabled && member.withdrawPasswordHash === null) {
      throw appError(MEMBER_ERRORS, 'withdraw_password_not_set');
    }
    return member.realName;
  }

  async #add(
    brand: Brand,
    memberId: bigint,
    max: number,
    account: NewAccount,
  ): Promise<PayoutAccountRow> {
    const brandCode = brand.config.code;
    try {
      const row = await this.#db.transaction(async (transaction) => {
        await lockMemberPayoutAccounts(transaction, brandCode, memberId);
        const live = await listLiveAccounts(transaction, brandCode, memberId, account.type);
        if (live.some((row) => row.accountNumber === account.accountNumber)) {
          throw appError(PAYOUT_ERRORS, 'payout_account_duplicate');
        }
        if (live.length >= max) {
          throw appError(PAYOUT_ERRORS, 'payout_account_limit', { params: { max } });
        }
        return insertAccount(transaction, { brandCode, memberId, ...account });
      });
      await this.#risk?.payoutAccountBound({ brandCode, memberId });
      return row;
    } catch (error) {
      // The lock makes this unreachable in practice; the unique index still has the last word.
      if (uniqueViolation(error) === 'payout_accounts_live') {
        throw appError(PAYOUT_ERRORS, 'payout_account_duplicate');
      }
      throw error;
    }
  }
}

/** A holder name of the real-name rule, equal to the member's real name when that is set. */
function checkHolderName(text: string, realName: string | null): string {
  const name = text.trim();
  if (!REAL_NAME_RULE.pattern.test(name)) throw appError(PAYOUT_ERRORS, 'holder_name_invalid');
  if (realName !== null && name !== realName) {
    throw appError(PAYOUT_ERRORS, 'holder_name_mismatch');
  }
  return name;
}
