import { z } from 'zod';
import { multiline } from './text.ts';
import { dateTimeSchema } from './dates.ts';
import { brandCodeSchema } from './brand.ts';
import { amountInputSchema, decimalAmountSchema } from './wallet.ts';
import {
  cashierClaimBodySchema,
  cashierHoldBodySchema,
  cashierMemberSchema,
  cashierNoteBodySchema,
  cashierNoteSchema,
  cashierPageSchema,
  cashierQueueQueryFields,
  cashierReleaseBodySchema,
  cashierReviewFields,
} from './cashier.ts';

/**
 * Deposits (wallet issue): the brand's channels, a member's deposit orders and their statuses,
 * the bank-transfer notice (/finance/deposit/newsletter), the sandbox payment gateway's
 * callback, the sandbox chain for USDT, and the operator's review. Amounts are decimal strings
 * in the currency's scale; bodies are form-urlencoded (JSON is accepted too).
 */

export const DEPOSIT_CHANNEL_TYPES = ['bank', 'online', 'usdt'] as const;
export type DepositChannelType = (typeof DEPOSIT_CHANNEL_TYPES)[number];

export const DEPOSIT_ORDER_STATUSES = [
  'pending',
  'submitted',
  'confirmed',
  'rejected',
  'expired',
] as const;
export type DepositOrderStatus = (typeof DEPOSIT_ORDER_STATUSES)[number];

/** Virtual-coin transfer protocols a USDT channel can take. */
export const COIN_PROTOCOLS = [
  { id: 1, name: 'TRC20' },
  { id: 2, name: 'ERC20' },
] as const;
export type CoinProtocolId = (typeof COIN_PROTOCOLS)[number]['id'];

/** Addresses as each protocol writes them: TRON base58 (T + 33), Ethereum hex (0x + 40). */
export const COIN_ADDRESS_RULES: Record<CoinProtocolId, RegExp> = {
  1: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  2: /^0x[0-9a-fA-F]{40}$/,
};

/** A caller's idempotency key: the same key and body give the same order. */
export const IDEMPOTENCY_KEY_RULE = { pattern: /^[A-Za-z0-9_.:-]{8,64}$/ } as const;

/** Order numbers: `D`, the date (yyyymmdd, UTC) and random digits. */
export const ORDER_NO_RULE = { pattern: /^[A-Z][A-Z0-9]{7,39}$/ } as const;

export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_RULE.pattern);
export const orderNoSchema = z.string().trim().regex(ORDER_NO_RULE.pattern);

/** A protocol id from a form (a string of digits) or JSON (a number). */
const protocolIdSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,3}$/),
  ])
  .transform(Number)
  .pipe(z.number().int().min(1).max(999));

// ---------------------------------------------------------------------------------------------
// Channels.

/** The card a bank-transfer deposit is paid to. */
export const receivingCardSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  cardNumber: z.string(),
  branch: z.string(),
});
export type ReceivingCard = z.infer<typeof receivingCardSchema>;

export const coinProtocolSchema = z.object({ id: z.number().int(), name: z.string() });

const channelCommon = {
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Smallest and largest amount of one deposit, in the channel currency. */
  min: decimalAmountSchema,
  max: decimalAmountSchema,
  sort: z.number().int(),
};

/** A channel as members see it: no secrets, only what paying needs. */
export const depositChannelSchema = z.discriminatedUnion('type', [
  z.object({
    ...channelCommon,
    type: z.literal('bank'),
    settings: z.object({ card: receivingCardSchema }),
  }),
  z.object({
    ...channelCommon,
    type: z.literal('online'),
    settings: z.object({ gateway: z.string() }),
  }),
  z.object({
    ...channelCommon,
    type: z.literal('usdt'),
    settings: z.object({
      protocols: z.array(coinProtocolSchema),
      /** Channel currency per USDT, e.g. "7.20". */
      rate: decimalAmountSchema,
      /** Chain confirmations before a transfer is credited. */
      confirmations: z.number().int(),
    }),
  }),
]);
export type DepositChannel = z.infer<typeof depositChannelSchema>;

export const depositChannelsEndpoint = {
  method: 'GET',
  path: '/api/f/v1/deposit/channels',
  response: z.array(depositChannelSchema),
} as const;

// ---------------------------------------------------------------------------------------------
// Orders.

export const depositOrderSchema = z.object({
  orderNo: z.string(),
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  channel: z.string(),
  channelType: z.enum(DEPOSIT_CHANNEL_TYPES),
  channelName: z.string(),
  currency: z.string(),
  amount: decimalAmountSchema,
  createdAt: z.string().describe('ISO 8601'),
  decidedAt: z.string().nullable().describe('ISO 8601, when confirmed or rejected'),
  /** Online channel: where the member pays (the gateway's page). */
  payUrl: z.string().optional(),
  /** Bank transfer: the card to pay to, as it was when the order was made. */
  card: receivingCardSchema.optional(),
  /** Bank transfer: the member's notice, once sent. */
  notice: z
    .object({ payerName: z.string(), transferredAt: z.string(), note: z.string() })
    .optional(),
  /** USDT: where and how much to send. */
  coin: z
    .object({
      protocol: z.number().int(),
      protocolName: z.string(),
      address: z.string(),
      currency: z.literal('USDT'),
      amount: decimalAmountSchema,
      rate: decimalAmountSchema,
      txHash: z.string().optional(),
    })
    .optional(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

export const createDepositEndpoint = {
  method: 'POST',
  path: '/api/f/v1/deposit',
  body: z.object({
    /** Channel code from the channel list. */
    channel: z.string().trim().min(1).max(32),
    amount: amountInputSchema,
    idempotencyKey: idempotencyKeySchema,
    /** Bank transfer: the name on the card that pays. */
    payerName: z.string().trim().min(1).max(60).optional(),
    /** USDT: a protocol id of the channel. */
    protocol: protocolIdSchema.optional(),
  }),
  response: depositOrderSchema,
} as const;

/** The bank-transfer notice: the member says they paid (/finance/deposit/newsletter). */
export const depositNoticeEndpoint = {
  method: 'POST',
  path: '/api/f/v1/deposit/notice',
  body: z.object({
    orderNo: orderNoSchema,
    payerName: z.string().trim().min(1).max(60),
    /** When the transfer was made, ISO 8601 with an offset or Z. */
    transferredAt: dateTimeSchema,
    note: multiline(z.string().trim().max(200)).optional(),
  }),
  response: depositOrderSchema,
} as const;

export const depositOrdersEndpoint = {
  method: 'GET',
  path: '/api/f/v1/deposit/orders',
  query: z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
  }),
  response: z.object({
    items: z.array(depositOrderSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
} as const;

export const depositOrderEndpoint = {
  method: 'GET',
  path: '/api/f/v1/deposit/order',
  query: z.object({ orderNo: orderNoSchema }),
  response: depositOrderSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// The sandbox payment gateway and its callback.

export const GATEWAY_CALLBACK_STATUSES = ['paid', 'failed'] as const;

/**
 * What the gateway posts when a payment ends. `sign` is HMAC-SHA256 (hex) with the merchant's
 * secret over the other fields as `name=value` pairs sorted by name and joined by `&`.
 */
export const gatewayCallbackEndpoint = {
  method: 'POST',
  path: '/api/payment/callback/sandbox',
  body: z.object({
    merchantId: z.string().trim().min(1).max(64),
    orderNo: orderNoSchema,
    amount: amountInputSchema,
    tradeNo: z.string().trim().min(1).max(64),
    status: z.enum(GATEWAY_CALLBACK_STATUSES),
    paidAt: z.string().trim().min(1).max(40),
    sign: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/),
  }),
  response: z.object({ orderNo: z.string(), status: z.enum(DEPOSIT_ORDER_STATUSES) }),
} as const;

export const SANDBOX_PAY_PATH = '/sandbox/pay/:orderNo';
export const SANDBOX_PAY_COMPLETE_PATH = '/sandbox/pay/:orderNo/complete';

/** Outside production: a stand-in for a blockchain that sends USDT to an address. */
export const sandboxChainTransferEndpoint = {
  method: 'POST',
  path: '/sandbox/chain/transfer',
  body: z.object({
    address: z.string().trim().min(1).max(64),
    protocol: protocolIdSchema,
    /** USDT, at most 6 decimals. */
    amount: amountInputSchema,
  }),
  response: z.object({
    txHash: z.string(),
    address: z.string(),
    protocol: z.number().int(),
    amount: decimalAmountSchema,
    confirmations: z.number().int(),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Operator review (JSON, bearer token).

export const adminDepositOrderSchema = depositOrderSchema.extend({
  brandCode: z.string(),
  memberId: z.string(),
  username: z.string(),
  details: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  /** Who decided: an operator's username, else as recorded (`gateway:<merchant>`, `chain:<tx hash>`). */
  decidedBy: z.string().nullable(),
  ledgerEntryId: z.string().nullable(),
});
export type AdminDepositOrder = z.infer<typeof adminDepositOrderSchema>;

/** A row of the deposit queue: the order and its review (claim, hold, notes). */
export const adminDepositQueueRowSchema = adminDepositOrderSchema.extend(cashierReviewFields);
export type AdminDepositQueueRow = z.infer<typeof adminDepositQueueRowSchema>;
export const adminDepositQueuePageSchema = cashierPageSchema(adminDepositQueueRowSchema);

/**
 * The deposit queue, newest first unless `sort`/`order` say otherwise. `channelType` picks bank
 * transfers (with `status=submitted`: the notices to confirm), online gateway or USDT orders.
 * Without `page`/`pageSize` the answer is an array of at most `limit` rows (as before); with
 * either it is a page (adminDepositQueuePageSchema).
 */
export const adminDepositsEndpoint = {
  method: 'GET',
  path: '/admin/api/deposits',
  query: z.object({
    status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
    brand: z.union([brandCodeSchema, z.literal('')]).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    channelType: z.enum(DEPOSIT_CHANNEL_TYPES).optional(),
    ...cashierQueueQueryFields,
  }),
  response: z.union([z.array(adminDepositQueueRowSchema), adminDepositQueuePageSchema]),
} as const;

const depositOrderParams = z.object({ orderNo: orderNoSchema });

/** One order with its member, notes and review state. */
export const adminDepositDetailEndpoint = {
  method: 'GET',
  path: '/admin/api/deposits/:orderNo',
  params: depositOrderParams,
  response: z.object({
    order: adminDepositQueueRowSchema,
    member: cashierMemberSchema,
    /** Oldest first. */
    notes: z.array(cashierNoteSchema),
  }),
} as const;
export type AdminDepositDetail = z.infer<typeof adminDepositDetailEndpoint.response>;

/** Claims an open order (or refreshes the caller's claim). */
export const adminClaimDepositEndpoint = {
  method: 'POST',
  path: '/admin/api/deposits/:orderNo/claim',
  params: depositOrderParams,
  body: cashierClaimBodySchema,
  response: adminDepositQueueRowSchema,
} as const;

/** Gives the caller's claim back (and ends its hold). */
export const adminReleaseDepositEndpoint = {
  method: 'POST',
  path: '/admin/api/deposits/:orderNo/release',
  params: depositOrderParams,
  body: cashierReleaseBodySchema,
  response: adminDepositQueueRowSchema,
} as const;

/** Puts the order on hold with a reason, claiming it when nobody holds it. */
export const adminHoldDepositEndpoint = {
  method: 'POST',
  path: '/admin/api/deposits/:orderNo/hold',
  params: depositOrderParams,
  body: cashierHoldBodySchema,
  response: adminDepositQueueRowSchema,
} as const;

/** Adds a review note (any order, open or decided). */
export const adminAddDepositNoteEndpoint = {
  method: 'POST',
  path: '/admin/api/deposits/:orderNo/notes',
  params: depositOrderParams,
  body: cashierNoteBodySchema,
  response: cashierNoteSchema,
} as const;

export const adminConfirmDepositEndpoint = {
  method: 'POST',
  path: '/admin/api/deposits/:orderNo/confirm',
  params: z.object({ orderNo: orderNoSchema }),
  body: z.object({ reason: multiline(z.string().trim().max(200)).optional() }).nullish(),
  response: adminDepositOrderSchema,
} as const;

export const adminRejectDepositEndpoint = {
  method: 'POST',
  path: '/admin/api/deposits/:orderNo/reject',
  params: z.object({ orderNo: orderNoSchema }),
  body: z.object({ reason: multiline(z.string().trim().min(1).max(200)) }),
  response: adminDepositOrderSchema,
} as const;
