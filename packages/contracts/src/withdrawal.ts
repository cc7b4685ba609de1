import { z } from 'zod';
import { DAY_IN_RANGE_PATTERN } from './dates.ts';
import { multiline } from './text.ts';
import {
  BANK_GROUPS,
  DATE_PRESETS,
  DEFAULT_VIRTUAL_COIN_NAME,
  VIRTUAL_COIN_NAMES,
} from './constants.ts';
import { encryptedSchema } from './member.ts';
import {
  adminMemberUsernameParamsSchema,
  amountInputSchema,
  decimalAmountSchema,
} from './wallet.ts';
import { approvalRequestedSchema } from './approvals.ts';

/**
 * Payout accounts, withdrawals and transaction records (wallet issue). Member calls take
 * form-urlencoded bodies, so numbers arrive as text and are coerced; amounts are decimal strings
 * in the brand currency's scale and are read by the server (never as floats). Operator calls
 * under /admin/api/ take JSON.
 */

// ---------------------------------------------------------------------------------------------
// Payout account types: the spec's `withdraw_type`.

/**
 * `withdraw_type` of SPEC.md section 3 ("withdraw banks request"): 1 bank cards, 2 Alipay
 * accounts, 3 virtual-coin addresses.
 */
export const WITHDRAW_TYPES = { bank: 1, alipay: 2, virtual: 3 } as const;
export type PayoutAccountType = keyof typeof WITHDRAW_TYPES;
export type WithdrawType = (typeof WITHDRAW_TYPES)[PayoutAccountType];

export function payoutTypeOf(withdrawType: WithdrawType): PayoutAccountType {
  return withdrawType === 1 ? 'bank' : withdrawType === 2 ? 'alipay' : 'virtual';
}

// ---------------------------------------------------------------------------------------------
// Banks.

export type BankNames = { 'zh-CN': string; 'zh-TW': string; en: string };
export type PayoutBank = { code: string; names: BankNames };

/** Banks a member can withdraw to: those of BANK_GROUPS first, then a few others. */
export const PAYOUT_BANKS: readonly PayoutBank[] = [
  bank('ccb', '中国建设银行', '中國建設銀行', 'China Construction Bank'),
  bank('cib', '兴业银行', '興業銀行', 'Industrial Bank'),
  bank('spdb', '浦发银行', '浦發銀行', 'Shanghai Pudong Development Bank'),
  bank('bcm', '交通银行', '交通銀行', 'Bank of Communications'),
  bank('cmbc', '中国民生银行', '中國民生銀行', 'China Minsheng Bank'),
  bank('icbc', '中国工商银行', '中國工商銀行', 'Industrial and Commercial Bank of China'),
  bank('boc', '中国银行', '中國銀行', 'Bank of China'),
  bank('cgb', '广发银行', '廣發銀行', 'China Guangfa Bank'),
  bank('cncb', '中信银行', '中信銀行', 'China CITIC Bank'),
  bank('hb', '华夏银行', '華夏銀行', 'Hua Xia Bank'),
  bank('cmb', '招商银行', '招商銀行', 'China Merchants Bank'),
  bank('pab', '平安银行', '平安銀行', 'Ping An Bank'),
  bank('psbc', '中国邮政储蓄银行', '中國郵政儲蓄銀行', 'Postal Savings Bank of China'),
  bank('abc', '中国农业银行', '中國農業銀行', 'Agricultural Bank of China'),
  bank('ceb', '中国光大银行', '中國光大銀行', 'China Everbright Bank'),
  bank('bob', '北京银行', '北京銀行', 'Bank of Beijing'),
  bank('bos', '上海银行', '上海銀行', 'Bank of Shanghai'),
  bank('czb', '浙商银行', '浙商銀行', 'China Zheshang Bank'),
  bank('nbcb', '宁波银行', '寧波銀行', 'Bank of Ningbo'),
  bank('hfb', '恒丰银行', '恆豐銀行', 'Hengfeng Bank'),
];

function bank(code: string, zhCN: string, zhTW: string, en: string): PayoutBank {
  return { code, names: { 'zh-CN': zhCN, 'zh-TW': zhTW, en } };
}

export function findPayoutBank(code: string): PayoutBank | undefined {
  const normalized = code.trim().toLowerCase();
  return PAYOUT_BANKS.find((candidate) => candidate.code === normalized);
}

/** The group (0 to 3) of a bank code in BANK_GROUPS (SPEC.md section 9); -1 when in none. */
export function bankGroupOf(code: string): number {
  const normalized = code.trim().toLowerCase();
  return BANK_GROUPS.findIndex((group) => group.includes(normalized));
}

/** Bank card numbers: 16 to 19 digits whose last digit is the Luhn check digit. */
export const BANK_CARD_RULE = { pattern: /^\d{16,19}$/ } as const;

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidBankCardNumber(digits: string): boolean {
  return BANK_CARD_RULE.pattern.test(digits) && passesLuhn(digits);
}

/** Alipay accounts are a mainland mobile number or an e-mail address. */
export const ALIPAY_ACCOUNT_RULE = {
  phone: /^1[3-9]\d{9}$/,
  email: /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,185}\.[A-Za-z]{2,24}$/,
} as const;

export function isValidAlipayAccount(account: string): boolean {
  return ALIPAY_ACCOUNT_RULE.phone.test(account) || ALIPAY_ACCOUNT_RULE.email.test(account);
}

// ---------------------------------------------------------------------------------------------
// Virtual coins.

/** The coin name of a protocol id (SPEC.md section 9): 1-3 USDT, 4 HHB, 9 BOB, 17 JPB, else USDT. */
export function virtualCoinNameOf(protocolId: number): string {
  return VIRTUAL_COIN_NAMES[protocolId] ?? DEFAULT_VIRTUAL_COIN_NAME;
}

export type PayoutProtocol = {
  id: number;
  /** The chain standard members pick: TRC20, ERC20, BEP20. */
  name: string;
  /** What a valid address of the chain looks like. */
  addressPattern: RegExp;
  /** EVM addresses are case-insensitive and kept in lower case; TRON's base58 is not. */
  caseInsensitive: boolean;
};

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Protocols of virtual-coin payout addresses, by the protocol ids of VIRTUAL_COIN_NAMES. */
export const PAYOUT_PROTOCOLS: readonly PayoutProtocol[] = [
  { id: 1, name: 'TRC20', addressPattern: TRON_ADDRESS, caseInsensitive: false },
  { id: 2, name: 'ERC20', addressPattern: EVM_ADDRESS, caseInsensitive: true },
  { id: 3, name: 'BEP20', addressPattern: EVM_ADDRESS, caseInsensitive: true },
];

export function findPayoutProtocol(id: number): PayoutProtocol | undefined {
  return PAYOUT_PROTOCOLS.find((protocol) => protocol.id === id);
}

// ---------------------------------------------------------------------------------------------
// Shared field schemas.

/** A database id on the wire: decimal digits (ids are bigint). */
const idSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');

/** A client-chosen key that makes a money request safe to retry. */
const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'idempotency key');

/** An amount as typed: read by the server in the currency's scale, so no pattern here. */

const holderNameSchema = z.string().trim().min(1).max(30);

export const payoutAccountSchema = z.object({
  id: z.string(),
  /** 1 bank card, 2 Alipay, 3 virtual-coin address. */
  withdrawType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Bank cards: the bank's code, name in the request's language and group (-1 if none). */
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  group: z.number().int().min(-1).max(3),
  /** Virtual coins: protocol id, its name (TRC20) and the coin's name (USDT). */
  protocol: z.number().int().nullable(),
  protocolName: z.string().nullable(),
  coinName: z.string().nullable(),
  holderName: z.string().describe('Masked'),
  /** Card `6222 **** **** 1234`, Alipay `138****5678` / `ab***@example.com`, coin address. */
  account: z.string().describe('Masked'),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Payout account endpoints (member).

export const memberPayoutAccountsEndpoint = {
  method: 'POST',
  path: '/api/f/v1/member/banks',
  body: z.object({
    /** 1 bank cards, 2 Alipay accounts, 3 virtual-coin addresses. */
    withdraw_type: z.coerce.number().int().min(1).max(3),
  }),
  response: z.array(payoutAccountSchema),
} as const;

export const withdrawBanksEndpoint = {
  method: 'POST',
  path: '/api/f/v1/withdraw/can/banks',
  response: z.array(
    z.object({
      code: z.string(),
      /** In the request's language. */
      name: z.string(),
      names: z.object({ 'zh-CN': z.string(), 'zh-TW': z.string(), en: z.string() }),
      /** Index in BANK_GROUPS (0 to 3), -1 if none. */
      group: z.number().int().min(-1).max(3),
    }),
  ),
} as const;

export const virtualProtocolsEndpoint = {
  method: 'POST',
  path: '/api/f/v1/virtual/can/protocol',
  response: z.array(
    z.object({
      id: z.number().int(),
      /** TRC20, ERC20, BEP20. */
      name: z.string(),
      /** The coin's name for the protocol id (VIRTUAL_COIN_NAMES, else USDT). */
      coinName: z.string(),
    }),
  ),
} as const;

export const addBankCardEndpoint = {
  method: 'POST',
  path: '/api/f/v1/member/bank/add',
  body: z.object({
    bankCode: z.string().trim().min(1).max(16),
    /** Must equal the member's real name when one is set. */
    holderName: holderNameSchema,
    /** 16 to 19 digits (spaces allowed) passing the Luhn check. */
    cardNumber: z.string().trim().min(1).max(30),
  }),
  response: payoutAccountSchema,
} as const;

export const addAlipayEndpoint = {
  method: 'POST',
  path: '/api/f/v1/member/alipay/add',
  body: z.object({
    holderName: holderNameSchema,
    /** A mainland mobile number or an e-mail address. */
    account: z.string().trim().min(1).max(254),
  }),
  response: payoutAccountSchema,
} as const;

export const addVirtualAddressEndpoint = {
  method: 'POST',
  path: '/api/f/v1/member/virtual/add',
  body: z.object({
    /** A protocol id of /api/f/v1/virtual/can/protocol. */
    protocol: z.coerce.number().int().min(1).max(1_000),
    /** TRC20: `T` and 33 base58 characters; ERC20/BEP20: `0x` and 40 hex digits. */
    address: z.string().trim().min(1).max(128),
  }),
  response: payoutAccountSchema,
} as const;

/** Deletes a bank card or an Alipay account of the member (soft: it stays on past orders). */
export const deleteBankCardEndpoint = {
  method: 'POST',
  path: '/api/f/v1/member/bank/delete',
  body: z.object({ id: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
} as const;

/** Deletes a virtual-coin address of the member (soft). */
export const deleteVirtualAddressEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/virtual/delete',
  body: z.object({ id: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
} as const;

// ---------------------------------------------------------------------------------------------
// Withdrawals (member).

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const withdrawalOrderSchema = z.object({
  orderNo: z.string(),
  amount: decimalAmountSchema,
  currency: z.string(),
  /** pending (in review, money locked), approved (paid), rejected (money returned). */
  status: z.enum(WITHDRAWAL_STATUSES),
  account: payoutAccountSchema,
  /** Why it was rejected; null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrderSchema>;

/**
 * Requests a withdrawal: the amount moves from the centre wallet to the locked account until an
 * operator pays or rejects it. There is no cancel call: members cannot reverse a withdrawal
 * (UKGC RTS 14B). Retrying with the same idempotencyKey and body answers the same order.
 */
export const withdrawEndpoint = {
  method: 'POST',
  path: '/api/f/v1/withdraw',
  body: z.object({
    amount: amountInputSchema,
    /** A payout account id of /api/f/v1/member/banks. */
    accountId: idSchema,
    /** RSA-OAEP encrypted; required when the brand uses withdrawal passwords. */
    withdrawPassword: encryptedSchema.optional(),
    idempotencyKey: idempotencyKeySchema,
  }),
  response: withdrawalOrderSchema,
} as const;

export const pageQueryFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const withdrawOrdersEndpoint = {
  method: 'GET',
  path: '/api/f/v1/withdraw/orders',
  query: z.object(pageQueryFields),
  response: pageSchema(withdrawalOrderSchema),
} as const;

// ---------------------------------------------------------------------------------------------
// Transaction records (member): the member's money movements, read from the ledger.

/**
 * Type codes of a movement, each read from one or more ledger reasons (records module); a
 * reason of none of them reads as `other`. transfer_in: the centre wallet to a game platform
 * (and its return when the platform refused); transfer_out: a platform back to the wallet;
 * bonus: promotions and VIP bonuses; rebate: VIP rebates; commission: agent commission.
 */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_rejected',
  'adjustment',
  'transfer_in',
  'transfer_out',
  'bonus',
  'rebate',
  'commission',
  'other',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const transactionRecordSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  time: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Which of the member's accounts moved: the centre wallet, or the locked (in review) one. */
  account: z.enum(['wallet', 'locked']),
  /** Signed: positive in, negative out. */
  amount: decimalAmountSchema,
  currency: z.string(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

/**
 * The range of a member's record screen: a date preset, or its own days (the brand's, inclusive),
 * which win over the preset. The member reads MEMBER_HISTORY_MONTHS months back at most: a start
 * before that answers `record_range_too_old`; no preset (-1) reads that whole history.
 */
export const memberRecordRangeFields = {
  /** DATE_PRESETS: -1 none (the whole history), 0 today, 1 yesterday, 2 last 7 days, 3 last 30 days, 4 last 3 months. */
  datePreset: z.coerce
    .number()
    .int()
    .min(DATE_PRESETS.none)
    .max(DATE_PRESETS.last3Months)
    .default(DATE_PRESETS.none),
  startDate: z.string().regex(DAY_IN_RANGE_PATTERN, 'day: YYYY-MM-DD').optional(),
  endDate: z.string().regex(DAY_IN_RANGE_PATTERN, 'day: YYYY-MM-DD').optional(),
};

export const transactionRecordsEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/record/trans',
  query: z.object({
    type: z.enum([...TRANSACTION_TYPES, 'all']).default('all'),
    ...memberRecordRangeFields,
    ...pageQueryFields,
  }),
  response: pageSchema(transactionRecordSchema).extend({
    /** The days read (the brand's, inclusive) and the net deposits over them. */
    summary: z.object({
      firstDay: z.string(),
      lastDay: z.string(),
      /** Confirmed deposits credited to the wallet. */
      deposits: decimalAmountSchema,
      /** Withdrawals paid out (those in review or rejected are not). */
      withdrawals: decimalAmountSchema,
      /** deposits - withdrawals: negative when more was paid out than paid in. */
      netDeposits: decimalAmountSchema,
      currency: z.string(),
    }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Operator: withdrawal review and balance adjustments (JSON, bearer token).

export const adminWithdrawalSchema = z.object({
  orderNo: z.string(),
  brand: z.string(),
  username: z.string(),
  amount: decimalAmountSchema,
  currency: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Where to pay, unmasked: the operator pays it. */
  account: z.object({
    id: z.string(),
    type: z.enum(['bank', 'alipay', 'virtual']),
    /** Bank code or protocol id; '' for Alipay. */
    institution: z.string(),
    institutionName: z.string(),
    holderName: z.string(),
    accountNumber: z.string(),
  }),
  reason: z.string().nullable(),
  /** Who decided: an operator's username, else as recorded (`gateway:<merchant>`, `chain:<tx hash>`). */
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

// The withdrawal queue, detail, claims and risk signals: withdrawal-cashier.ts.

/** A withdrawal's order number in a path. */
export const withdrawalOrderNoParams = z.object({
  orderNo: z.string().regex(/^W[0-9A-Z]{10,40}$/, 'order number'),
});
const orderNoParams = withdrawalOrderNoParams;

/** Marks the order paid: locked -> withdrawals payable. Repeating it answers the same order. */
export const adminApproveWithdrawalEndpoint = {
  method: 'POST',
  path: '/admin/api/withdrawals/:orderNo/approve',
  params: orderNoParams,
  body: z.object({ note: multiline(z.string().trim().max(500)).optional() }).nullish(),
  /** The order paid, or, above the brand's threshold, the request a second operator decides. */
  response: z.union([adminWithdrawalSchema, approvalRequestedSchema]),
} as const;

/** Refuses the order: locked -> back to the centre wallet. The reason is shown to the member. */
export const adminRejectWithdrawalEndpoint = {
  method: 'POST',
  path: '/admin/api/withdrawals/:orderNo/reject',
  params: orderNoParams,
  body: z.object({ reason: multiline(z.string().trim().min(1).max(500)) }),
  response: adminWithdrawalSchema,
} as const;

/** Credits (positive) or debits (negative) a member's centre wallet; a debit cannot overdraw. */
export const adminAdjustBalanceEndpoint = {
  method: 'POST',
  path: '/admin/api/members/:username/adjust',
  params: adminMemberUsernameParamsSchema,
  body: z.object({
    brand: z.string().trim().min(1).max(32),
    /** Signed decimal in the brand currency's scale, not zero. */
    amount: amountInputSchema,
    reason: multiline(z.string().trim().min(1).max(500)),
    idempotencyKey: idempotencyKeySchema,
  }),
  /** The adjustment made, or, above the brand's threshold, the request a second operator decides. */
  response: z.union([
    z.object({
      brand: z.string(),
      username: z.string(),
      amount: decimalAmountSchema,
      currency: z.string(),
      /** The centre wallet after the adjustment. */
      balance: decimalAmountSchema,
      entryId: z.string(),
      /** True when this key was adjusted before and nothing moved this time. */
      replayed: z.boolean(),
    }),
    approvalRequestedSchema,
  ]),
} as const;
