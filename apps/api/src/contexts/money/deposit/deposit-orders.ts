import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  coinProtocolSchema,
  DEPOSIT_CHANNEL_TYPES,
  receivingCardSchema,
  type AdminDepositOrder,
  type DepositChannelType,
  type DepositOrder,
  type FieldIssue,
  type createDepositEndpoint,
  type depositNoticeEndpoint,
  type gatewayCallbackEndpoint,
  type sandboxChainTransferEndpoint,
} from '@lobby/contracts';
import { isCurrencyCode, toDecimalString, type CurrencyCode } from '@lobby/money';
import { type AppError, commonError } from '../../../lib/app-error.ts';
import type { DecidedByNames } from '../../identity/operator/index.ts';
import type { LedgerActor } from '../ledger/index.ts';
import { parseRate, protocolName } from './coin.ts';
import type { ChannelRow, OrderRow } from './deposit.repository.ts';

/**
 * What a deposit order and its channel are, shared by the parts of the deposit service: the
 * inputs, the channels' stored settings, order numbers, and the member's and operator's views.
 */

export type CreateDepositInput = z.infer<typeof createDepositEndpoint.body>;
export type DepositNoticeInput = z.infer<typeof depositNoticeEndpoint.body>;
export type GatewayCallback = z.infer<typeof gatewayCallbackEndpoint.body>;
export type ChainTransferInput = z.infer<typeof sandboxChainTransferEndpoint.body>;

/** Who decides an order: the ledger's actor, and the text kept on the order. */
export type DepositDecider = { actor: LedgerActor; decidedBy: string };

// ---------------------------------------------------------------------------------------------
// Channel settings as stored (the online one holds the gateway secret: never sent out).

export const bankSettingsSchema = z.object({ card: receivingCardSchema });
export const onlineSettingsSchema = z.object({
  gateway: z.string(),
  merchantId: z.string().min(1),
  secret: z.string().min(32),
});
export const usdtSettingsSchema = z.object({
  protocols: z.array(coinProtocolSchema).min(1),
  rate: z.string().refine((rate) => parseRate(rate) !== null, 'a positive decimal rate'),
  confirmations: z.number().int().min(0),
});
export type UsdtSettings = z.infer<typeof usdtSettingsSchema>;

/** Settings of a channel as its type says they are; a broken row is a configuration bug. */
export function settingsOf<T extends z.ZodType>(channel: ChannelRow, schema: T): z.infer<T> {
  const parsed = schema.safeParse(channel.settings);
  if (!parsed.success) {
    throw new Error(`deposit channel ${channel.brandCode}/${channel.code}: settings are invalid`);
  }
  return parsed.data;
}

/** What an order keeps in `details`; read leniently, so older rows still show. */
const orderDetailsSchema = z.object({
  channelName: z.string().optional(),
  card: receivingCardSchema.optional(),
  payerName: z.string().optional(),
  notice: z
    .object({ payerName: z.string(), transferredAt: z.string(), note: z.string() })
    .optional(),
  protocol: z.number().int().optional(),
  address: z.string().optional(),
  txHash: z.string().optional(),
});

export function currencyOf(code: string): CurrencyCode {
  if (!isCurrencyCode(code)) throw new Error(`deposit: unknown currency ${code}`);
  return code;
}

function channelTypeOf(type: string): DepositChannelType {
  const known = DEPOSIT_CHANNEL_TYPES.find((candidate) => candidate === type);
  if (!known) throw new Error(`deposit: unknown channel type ${type}`);
  return known;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `D`, today's date (UTC) and 12 random digits: unique by index, unguessable enough to share. */
export function newOrderNo(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = String(randomInt(1_000_000_000_000)).padStart(12, '0');
  return `D${date}${random}`;
}

export function sandboxPayUrl(orderNo: string): string {
  return `/sandbox/pay/${encodeURIComponent(orderNo)}`;
}

export function invalid(path: string, code = 'invalid'): AppError {
  return commonError('validation', [{ path, code } satisfies FieldIssue]);
}

/** The member's view of an order. */
export function toMemberOrder(row: OrderRow): DepositOrder {
  const currency = currencyOf(row.currency);
  const channelType = channelTypeOf(row.channelType);
  const parsedDetails = orderDetailsSchema.safeParse(row.details);
  const details = parsedDetails.success ? parsedDetails.data : {};
  const order: DepositOrder = {
    orderNo: row.orderNo,
    status: row.status,
    channel: row.channelCode,
    channelType,
    channelName: details.channelName ?? row.channelCode,
    currency,
    amount: toDecimalString(row.amountMinor, currency),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
  if (channelType === 'online' && row.status === 'pending')
    order.payUrl = sandboxPayUrl(row.orderNo);
  if (details.card) order.card = details.card;
  if (details.notice) order.notice = details.notice;
  if (
    channelType === 'usdt' &&
    row.coinAmountMinor !== null &&
    row.rate !== null &&
    details.protocol !== undefined &&
    details.address !== undefined
  ) {
    order.coin = {
      protocol: details.protocol,
      protocolName: protocolName(details.protocol),
      address: details.address,
      currency: 'USDT',
      amount: toDecimalString(row.coinAmountMinor, 'USDT'),
      rate: row.rate,
      ...(details.txHash ? { txHash: details.txHash } : {}),
    };
  }
  return order;
}

/** An order as operators see it; `names` shows who decided it (an operator by username). */
export function toAdminOrder(
  row: OrderRow,
  username: string,
  names: DecidedByNames,
): AdminDepositOrder {
  return {
    ...toMemberOrder(row),
    brandCode: row.brandCode,
    memberId: String(row.memberId),
    username,
    details: row.details,
    reason: row.reason,
    decidedBy: names(row.decidedBy),
    ledgerEntryId: row.ledgerEntryId === null ? null : String(row.ledgerEntryId),
  };
}
