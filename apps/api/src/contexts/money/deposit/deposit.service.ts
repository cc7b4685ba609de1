import { createHash, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  brandPublicSettingsSchema,
  COIN_ADDRESS_RULES,
  coinProtocolSchema,
  DEPOSIT_CHANNEL_TYPES,
  receivingCardSchema,
  type AdminDepositOrder,
  type DepositChannel,
  type DepositChannelType,
  type DepositOrder,
  type FieldIssue,
  type createDepositEndpoint,
  type depositNoticeEndpoint,
  type gatewayCallbackEndpoint,
  type sandboxChainTransferEndpoint,
} from '@lobby/contracts';
import { isCurrencyCode, parseAmount, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { AppError, appError, commonError } from '../../../lib/app-error.ts';
import { listBrandsWithHosts, brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { type LedgerActor, type LedgerService, operatorActor } from '../ledger/index.ts';
import {
  operatorDecidedBy,
  type ActionRecorder,
  type OperatorIdentity,
} from '../../identity/operator/index.ts';
import {
  amountForCoin,
  coinForAmount,
  isCoinProtocol,
  newCoinAddress,
  newTxHash,
  parseRate,
  protocolName,
} from './coin.ts';
import { DEPOSIT_ERRORS } from './deposit.errors.ts';
import {
  advanceChainTransfers,
  findChannel,
  findChannelOfType,
  findCoinAddress,
  findMemberOrder,
  findMemberUsername,
  findOnlineChannelByMerchant,
  findOpenCoinOrder,
  findOrderByKey,
  findOrderByNo,
  insertChainTransfer,
  insertCoinAddressIfAbsent,
  insertOrderIfNew,
  linkChainTransfer,
  listEnabledChannels,
  listMemberOrders,
  listOrdersForOperator,
  listUncreditedTransfers,
  markOrderConfirmed,
  markOrderRejected,
  markOrderSubmitted,
  OPEN_STATUSES,
  type ChannelRow,
  type NewOrderRow,
  type OrderRow,
  type OrderStatus,
  type UncreditedTransfer,
} from './deposit.repository.ts';
import { signGatewayFields, verifyGatewaySignature } from './gateway.ts';
import { addTurnover, outstandingTurnover, turnoverForDeposit } from '../turnover/index.ts';

export { addTurnover as addTurnoverRequirement, outstandingTurnover as turnoverOutstanding };

type CreateDepositInput = z.infer<typeof createDepositEndpoint.body>;
type DepositNoticeInput = z.infer<typeof depositNoticeEndpoint.body>;
export type GatewayCallback = z.infer<typeof gatewayCallbackEndpoint.body>;
type ChainTransferInput = z.infer<typeof sandboxChainTransferEndpoint.body>;

/** Who decides an order: the ledger's actor, and the text kept on the order. */
export type DepositDecider = { actor: LedgerActor; decidedBy: string };

// ---------------------------------------------------------------------------------------------
// Channel settings as stored (the online one holds the gateway secret: never sent out).

const bankSettingsSchema = z.object({ card: receivingCardSchema });
const onlineSettingsSchema = z.object({
  gateway: z.string(),
  merchantId: z.string().min(1),
  secret: z.string().min(32),
});
const usdtSettingsSchema = z.object({
  protocols: z.array(coinProtocolSchema).min(1),
  rate: z.string().refine((rate) => parseRate(rate) !== null, 'a positive decimal rate'),
  confirmations: z.number().int().min(0),
});
type UsdtSettings = z.infer<typeof usdtSettingsSchema>;

/** Settings of a channel as its type says they are; a broken row is a configuration bug. */
function settingsOf<T extends z.ZodType>(channel: ChannelRow, schema: T): z.infer<T> {
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

function currencyOf(code: string): CurrencyCode {
  if (!isCurrencyCode(code)) throw new Error(`deposit: unknown currency ${code}`);
  return code;
}

function channelTypeOf(type: string): DepositChannelType {
  const known = DEPOSIT_CHANNEL_TYPES.find((candidate) => candidate === type);
  if (!known) throw new Error(`deposit: unknown channel type ${type}`);
  return known;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `D`, today's date (UTC) and 12 random digits: unique by index, unguessable enough to share. */
export function newOrderNo(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = String(randomInt(1_000_000_000_000)).padStart(12, '0');
  return `D${date}${random}`;
}

export function sandboxPayUrl(orderNo: string): string {
  return `/sandbox/pay/${encodeURIComponent(orderNo)}`;
}

function invalid(path: string, code = 'invalid'): AppError {
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

export function toAdminOrder(row: OrderRow, username: string): AdminDepositOrder {
  return {
    ...toMemberOrder(row),
    brandCode: row.brandCode,
    memberId: String(row.memberId),
    username,
    details: row.details,
    reason: row.reason,
    decidedBy: row.decidedBy,
    ledgerEntryId: row.ledgerEntryId === null ? null : String(row.ledgerEntryId),
  };
}

/** Thrown inside a crediting transaction when another run took the transfer first. */
class TransferAlreadyTaken extends Error {
  constructor() {
    super('chain transfer already taken by an order');
    this.name = 'TransferAlreadyTaken';
  }
}

export type ChainSweepReport = {
  credited: number;
  waiting: number;
  skipped: number;
  failed: number;
};

/**
 * Deposits: channels, orders, the transfer notice, the payment gateway's callback, the USDT
 * chain watcher and the operator's decisions. Every credit goes through one function
 * (`#credit`): a ledger entry keyed `deposit:<orderNo>` whose transaction also moves the order
 * to `confirmed` (only from pending or submitted) and adds the turnover requirement, so the
 * money, the status and the requirement change together or not at all.
 */
export class DepositService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #operators: ActionRecorder | undefined;

  constructor(options: { db: Database; ledger: LedgerService; operators?: ActionRecorder }) {
    this.#db = options.db;
    this.#ledger = options.ledger;
    this.#operators = options.operators;
  }

  /** Who records operator actions: needed by the operator side only. */
  get #actions(): ActionRecorder {
    if (!this.#operators) throw new Error('DepositService: no action recorder for operator calls');
    return this.#operators;
  }

  // -------------------------------------------------------------------------------------------
  // Member side.

  async channels(brand: Brand): Promise<DepositChannel[]> {
    const rows = await listEnabledChannels(this.#db, brand.config.code);
    return rows.map((row) => {
      const currency = currencyOf(row.currency);
      const common = {
        code: row.code,
        name: row.name,
        currency,
        min: toDecimalString(row.minMinor, currency),
        max: toDecimalString(row.maxMinor, currency),
        sort: row.sort,
      };
      switch (row.type) {
        case 'bank':
          return { ...common, type: 'bank', settings: settingsOf(row, bankSettingsSchema) };
        case 'online':
          return {
            ...common,
            type: 'online',
            settings: { gateway: settingsOf(row, onlineSettingsSchema).gateway },
          };
        case 'usdt': {
          const settings = settingsOf(row, usdtSettingsSchema);
          return {
            ...common,
            type: 'usdt',
            settings: {
              protocols: settings.protocols,
              rate: settings.rate,
              confirmations: settings.confirmations,
            },
          };
        }
      }
    });
  }

  /**
   * Opens a deposit order. Idempotent per member and key: the same key and body answer the
   * same order, the same key with another body is `idempotency_conflict`.
   */
  async createOrder(
    brand: Brand,
    memberId: bigint,
    input: CreateDepositInput,
  ): Promise<DepositOrder> {
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const parsed = parseAmount(input.amount, currency);
    if (!parsed.ok || parsed.minor <= 0n) throw appError(DEPOSIT_ERRORS, 'deposit_amount_invalid');
    const amountMinor = parsed.minor;
    const requestHash = sha256(
      JSON.stringify([
        input.channel,
        String(amountMinor),
        input.payerName ?? null,
        input.protocol ?? null,
      ]),
    );

    const existing = await findOrderByKey(this.#db, brandCode, memberId, input.idempotencyKey);
    if (existing) return this.#replay(existing, requestHash);

    const channel = await findChannel(this.#db, brandCode, input.channel);
    if (!channel || !channel.enabled || channel.currency !== currency) {
      throw appError(DEPOSIT_ERRORS, 'deposit_channel_unavailable');
    }
    if (amountMinor < channel.minMinor || amountMinor > channel.maxMinor) {
      throw appError(DEPOSIT_ERRORS, 'deposit_amount_out_of_range', {
        params: {
          min: toDecimalString(channel.minMinor, currency),
          max: toDecimalString(channel.maxMinor, currency),
        },
      });
    }

    const order: Omit<NewOrderRow, 'orderNo'> = {
      brandCode,
      memberId,
      channelCode: channel.code,
      channelType: channel.type,
      currency,
      amountMinor,
      status: 'pending',
      idempotencyKey: input.idempotencyKey,
      requestHash,
      details: { channelName: channel.name },
    };
    if (channel.type === 'bank') {
      if (input.payerName === undefined) throw invalid('payerName', 'required');
      const { card } = settingsOf(channel, bankSettingsSchema);
      order.details = { ...order.details, payerName: input.payerName, card };
    } else if (channel.type === 'usdt') {
      const settings = settingsOf(channel, usdtSettingsSchema);
      if (input.protocol === undefined) throw invalid('protocol', 'required');
      const protocol = input.protocol;
      if (!isCoinProtocol(protocol) || !settings.protocols.some((entry) => entry.id === protocol)) {
        throw invalid('protocol');
      }
      const rate = parseRate(settings.rate);
      if (rate === null) throw new Error(`deposit channel ${brandCode}/usdt: bad rate`);
      const address = await this.#addressFor(brandCode, memberId, protocol);
      order.coinAmountMinor = coinForAmount(amountMinor, rate, currency);
      order.rate = settings.rate;
      order.details = { ...order.details, protocol, address };
    }

    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await insertOrderIfNew(this.#db, { ...order, orderNo: newOrderNo() });
      if (inserted) return toMemberOrder(inserted);
      // Another request with the same key won the race; or, rarely, the number was taken.
      const raced = await findOrderByKey(this.#db, brandCode, memberId, input.idempotencyKey);
      if (raced) return this.#replay(raced, requestHash);
    }
    throw new Error('deposit: no free order number after three draws');
  }

  #replay(existing: OrderRow, requestHash: string): DepositOrder {
    if (existing.requestHash !== requestHash) {
      throw appError(DEPOSIT_ERRORS, 'idempotency_conflict');
    }
    return toMemberOrder(existing);
  }

  /** The member's deposit address for a protocol, made on first use and kept. */
  async #addressFor(brandCode: string, memberId: bigint, protocol: 1 | 2): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await findCoinAddress(this.#db, brandCode, memberId, protocol);
      if (found) return found;
      await insertCoinAddressIfAbsent(this.#db, {
        brandCode,
        memberId,
        protocol,
        address: newCoinAddress(protocol),
      });
    }
    throw new Error('deposit: could not store a coin address');
  }

  /** The bank-transfer notice: the member says they paid; the order goes to `submitted`. */
  async submitNotice(
    brand: Brand,
    memberId: bigint,
    input: DepositNoticeInput,
  ): Promise<DepositOrder> {
    const transferredAt = new Date(input.transferredAt);
    // A transfer cannot have happened in the future; a few minutes allow for clock drift.
    if (transferredAt.getTime() > Date.now() + 5 * 60_000) throw invalid('transferredAt');
    const order = await findMemberOrder(this.#db, brand.config.code, memberId, input.orderNo);
    if (!order) throw commonError('not_found');
    if (order.channelType !== 'bank') throw appError(DEPOSIT_ERRORS, 'deposit_notice_not_allowed');
    if (!OPEN_STATUSES.includes(order.status))
      throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
    const updated = await markOrderSubmitted(this.#db, order.id, {
      notice: {
        payerName: input.payerName,
        transferredAt: transferredAt.toISOString(),
        note: input.note ?? '',
      },
    });
    if (!updated) throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
    return toMemberOrder(updated);
  }

  async memberOrders(
    brand: Brand,
    memberId: bigint,
    query: { page: number; pageSize: number; status?: OrderStatus | undefined },
  ) {
    const { rows, total } = await listMemberOrders(this.#db, {
      brandCode: brand.config.code,
      memberId,
      status: query.status,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map(toMemberOrder), page: query.page, pageSize: query.pageSize, total };
  }

  async memberOrder(brand: Brand, memberId: bigint, orderNo: string): Promise<DepositOrder> {
    const order = await findMemberOrder(this.#db, brand.config.code, memberId, orderNo);
    if (!order) throw commonError('not_found');
    return toMemberOrder(order);
  }

  // -------------------------------------------------------------------------------------------
  // Crediting: the one way a deposit becomes money.

  /**
   * Credits an open order: the ledger entry, and in its transaction the order's move to
   * `confirmed` (refused unless it is still open), the turnover requirement, and `also`.
   * `replayed` is true when the entry existed already: nothing moved this time.
   */
  async #credit(
    order: OrderRow,
    decider: DepositDecider,
    change: {
      amountMinor?: bigint;
      rate?: string;
      reason?: string | undefined;
      detailsPatch?: Record<string, unknown>;
      also?: (transaction: Transaction) => Promise<void>;
    } = {},
  ): Promise<{ order: OrderRow; replayed: boolean }> {
    const currency = currencyOf(order.currency);
    const amountMinor = change.amountMinor ?? order.amountMinor;
    const multiplierPercent = await this.#turnoverMultiplierPercent(order.brandCode);
    const result = await this.#ledger.post(
      {
        brandCode: order.brandCode,
        reason: 'deposit',
        idempotencyKey: `deposit:${order.orderNo}`,
        actor: decider.actor,
        memo: order.orderNo,
        lines: [
          {
            account: { kind: 'house_deposit_clearing', ref: order.channelCode, currency },
            amountMinor: -amountMinor,
          },
          {
            account: { kind: 'member_wallet', memberId: order.memberId, currency },
            amountMinor,
          },
        ],
      },
      async (transaction, entryId) => {
        const confirmed = await markOrderConfirmed(transaction, {
          orderId: order.id,
          ledgerEntryId: entryId,
          decidedBy: decider.decidedBy,
          amountMinor,
          rate: change.rate,
          reason: change.reason,
          detailsPatch: change.detailsPatch ?? {},
        });
        if (!confirmed) throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
        await this.#addDepositTurnover(transaction, order, amountMinor, multiplierPercent);
        await change.also?.(transaction);
      },
    );
    const fresh = await findOrderByNo(this.#db, order.orderNo);
    if (!fresh) throw new Error(`deposit order ${order.orderNo} vanished`);
    return { order: fresh, replayed: result.replayed };
  }

  async #addDepositTurnover(
    executor: Executor,
    order: Pick<OrderRow, 'brandCode' | 'memberId' | 'currency'>,
    amountMinor: bigint,
    multiplierPercent: number,
  ): Promise<void> {
    const turnover = turnoverForDeposit(amountMinor, multiplierPercent);
    if (turnover > 0n) {
      await addTurnover(executor, {
        brandCode: order.brandCode,
        memberId: order.memberId,
        currency: order.currency,
        amountMinor: turnover,
      });
    }
  }

  /** Read from the database, not a node's brand cache, so every path uses the same number. */
  async #turnoverMultiplierPercent(brandCode: string): Promise<number> {
    const brand = (await listBrandsWithHosts(this.#db)).find((row) => row.code === brandCode);
    if (!brand) throw new Error(`deposit: brand ${brandCode} not found`);
    return brandPublicSettingsSchema.parse(brand.settings).wallet.turnoverMultiplierPercent;
  }

  /**
   * Confirms an order by its number (gateway, operator). An order already confirmed answers
   * as it is (a repeated confirmation moves nothing); a rejected or expired one is
   * `deposit_not_pending`.
   */
  async confirm(
    orderNo: string,
    decider: DepositDecider,
    change: {
      reason?: string | undefined;
      detailsPatch?: Record<string, unknown>;
      /** Runs in the crediting transaction (not on a repeat): the decider's log row. */
      also?: (transaction: Transaction) => Promise<void>;
    } = {},
  ): Promise<{ order: OrderRow; replayed: boolean }> {
    const order = await findOrderByNo(this.#db, orderNo);
    if (!order) throw commonError('not_found');
    if (order.status === 'confirmed') return { order, replayed: true };
    if (!OPEN_STATUSES.includes(order.status))
      throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
    return this.#credit(order, decider, change);
  }

  /** Refuses an open order; no money moves. `also` runs in the same transaction. */
  async reject(
    orderNo: string,
    decidedBy: string,
    reason: string,
    also?: (transaction: Transaction, order: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    const order = await findOrderByNo(this.#db, orderNo);
    if (!order) throw commonError('not_found');
    return this.#db.transaction(async (transaction) => {
      const rejected = await markOrderRejected(transaction, {
        orderId: order.id,
        decidedBy,
        reason,
      });
      if (!rejected) throw appError(DEPOSIT_ERRORS, 'deposit_not_pending');
      await also?.(transaction, rejected);
      return rejected;
    });
  }

  /**
   * An operator's confirmation: the member is credited once however often it is sent, and the
   * action-log row is written in the crediting transaction. A repeat moved nothing and is
   * recorded on its own, as a replay.
   */
  async confirmByOperator(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason?: string | undefined; ip: string },
  ): Promise<AdminDepositOrder> {
    const record = (executor: Executor, order: OrderRow, replayed: boolean) =>
      this.#actions.record(executor, operator, {
        action: 'deposit_confirm',
        brandCode: order.brandCode,
        targetType: 'deposit_order',
        targetId: order.orderNo,
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        details: { amountMinor: String(order.amountMinor), currency: order.currency, replayed },
        ip: input.ip,
      });
    const { order, replayed } = await this.confirm(
      orderNo,
      { actor: operatorActor(operator), decidedBy: operatorDecidedBy(operator) },
      {
        reason: input.reason,
        also: async (transaction) => {
          const confirmed = await findOrderByNo(transaction, orderNo);
          if (!confirmed) throw new Error(`deposit order ${orderNo} vanished`);
          await record(transaction, confirmed, false);
        },
      },
    );
    if (replayed) await record(this.#db, order, true);
    return this.adminView(order);
  }

  /** An operator's refusal of an open order, with its action-log row in the same transaction. */
  async rejectByOperator(
    operator: OperatorIdentity,
    orderNo: string,
    input: { reason: string; ip: string },
  ): Promise<AdminDepositOrder> {
    const order = await this.reject(
      orderNo,
      operatorDecidedBy(operator),
      input.reason,
      (transaction, rejected) =>
        this.#actions.record(transaction, operator, {
          action: 'deposit_reject',
          brandCode: rejected.brandCode,
          targetType: 'deposit_order',
          targetId: rejected.orderNo,
          reason: input.reason,
          details: { amountMinor: String(rejected.amountMinor), currency: rejected.currency },
          ip: input.ip,
        }),
    );
    return this.adminView(order);
  }

  // -------------------------------------------------------------------------------------------
  // Operator side.

  async operatorOrders(filter: {
    status?: OrderStatus | undefined;
    brand?: string | undefined;
    limit: number;
  }): Promise<AdminDepositOrder[]> {
    const rows = await listOrdersForOperator(this.#db, {
      status: filter.status,
      brandCode: filter.brand || undefined,
      limit: filter.limit,
    });
    return rows.map((row) => toAdminOrder(row, row.username));
  }

  async adminView(order: OrderRow): Promise<AdminDepositOrder> {
    return toAdminOrder(order, (await findMemberUsername(this.#db, order.memberId)) ?? '');
  }

  // -------------------------------------------------------------------------------------------
  // The payment gateway.

  /**
   * A gateway's notification: the merchant's signature first (constant-time), then the order
   * (of that merchant's brand, an online order) and its amount; `paid` confirms it once.
   */
  async gatewayCallback(body: GatewayCallback): Promise<{ orderNo: string; status: OrderStatus }> {
    const channel = await findOnlineChannelByMerchant(this.#db, body.merchantId);
    const settings = channel ? onlineSettingsSchema.safeParse(channel.settings) : undefined;
    if (!channel || !settings?.success || !verifyGatewaySignature(body, settings.data.secret)) {
      throw appError(DEPOSIT_ERRORS, 'gateway_signature');
    }
    const order = await findOrderByNo(this.#db, body.orderNo);
    if (!order || order.brandCode !== channel.brandCode || order.channelType !== 'online') {
      throw commonError('not_found');
    }
    const amount = parseAmount(body.amount, currencyOf(order.currency));
    if (!amount.ok || amount.minor !== order.amountMinor) {
      throw appError(DEPOSIT_ERRORS, 'gateway_amount_mismatch');
    }
    // A failed payment changes nothing: the member may still pay the order.
    if (body.status !== 'paid') return { orderNo: order.orderNo, status: order.status };
    const { order: confirmed } = await this.confirm(
      order.orderNo,
      {
        actor: { type: 'provider', id: settings.data.gateway },
        decidedBy: `gateway:${settings.data.merchantId}`,
      },
      { detailsPatch: { tradeNo: body.tradeNo, paidAt: body.paidAt } },
    );
    return { orderNo: confirmed.orderNo, status: confirmed.status };
  }

  /** What the sandbox gateway's pay page shows about an online order; null if there is none. */
  async sandboxPayment(orderNo: string): Promise<DepositOrder | null> {
    const order = await findOrderByNo(this.#db, orderNo);
    return order && order.channelType === 'online' ? toMemberOrder(order) : null;
  }

  /**
   * The sandbox gateway's side: the signed `paid` notification for an online order, as the
   * gateway would post it to our callback. It knows the merchant's secret as a real gateway
   * does; here it reads it from the channel. Null when there is no such online order.
   */
  async sandboxPaidNotification(orderNo: string): Promise<GatewayCallback | null> {
    const order = await findOrderByNo(this.#db, orderNo);
    if (!order || order.channelType !== 'online') return null;
    const channel = await findChannel(this.#db, order.brandCode, order.channelCode);
    if (!channel) return null;
    const settings = settingsOf(channel, onlineSettingsSchema);
    const fields = {
      merchantId: settings.merchantId,
      orderNo: order.orderNo,
      amount: toDecimalString(order.amountMinor, currencyOf(order.currency)),
      tradeNo: `SBX${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`,
      status: 'paid' as const,
      paidAt: new Date().toISOString(),
    };
    return { ...fields, sign: signGatewayFields(fields, settings.secret) };
  }

  // -------------------------------------------------------------------------------------------
  // USDT on the sandbox chain.

  /** The sandbox chain receives a transfer: a new transaction with no confirmations yet. */
  async sandboxTransfer(input: ChainTransferInput) {
    const { protocol } = input;
    if (!isCoinProtocol(protocol)) throw invalid('protocol');
    if (!COIN_ADDRESS_RULES[protocol].test(input.address)) throw invalid('address');
    const amount = parseAmount(input.amount, 'USDT');
    // A million USDT in one transfer is plenty for a sandbox, and keeps products in range.
    if (!amount.ok || amount.minor <= 0n || amount.minor > 1_000_000_000_000n) {
      throw appError(DEPOSIT_ERRORS, 'deposit_amount_invalid');
    }
    const row = await insertChainTransfer(this.#db, {
      txHash: newTxHash(protocol),
      address: input.address,
      protocol,
      coinAmountMinor: amount.minor,
      confirmations: 0,
    });
    return {
      txHash: row.txHash,
      address: row.address,
      protocol: row.protocol,
      amount: toDecimalString(row.coinAmountMinor, 'USDT'),
      confirmations: row.confirmations,
    };
  }

  /** One block of the sandbox chain: transfers not yet credited gain a confirmation. */
  async advanceSandboxChain(): Promise<number> {
    return advanceChainTransfers(this.#db);
  }

  /**
   * Credits every transfer to a member's address that has the confirmations its brand's USDT
   * channel asks for. Safe to run twice or after a crash: a transfer is taken by at most one
   * order (`chain_transfers.deposit_order_id`, set in the crediting transaction).
   */
  async creditConfirmedTransfers(
    signal: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<ChainSweepReport> {
    const report: ChainSweepReport = { credited: 0, waiting: 0, skipped: 0, failed: 0 };
    const channels = new Map<string, { channel: ChannelRow; settings: UsdtSettings } | null>();
    let afterId = 0n;
    let firstFailure: unknown;
    batches: while (!signal.aborted) {
      const batch = await listUncreditedTransfers(this.#db, afterId, 100);
      if (batch.length === 0) break;
      for (const transfer of batch) {
        // Stopping half way is fine: the next run starts again from database state.
        if (signal.aborted) break batches;
        afterId = transfer.id;
        if (!channels.has(transfer.brandCode)) {
          const channel = await findChannelOfType(this.#db, transfer.brandCode, 'usdt');
          channels.set(
            transfer.brandCode,
            channel ? { channel, settings: settingsOf(channel, usdtSettingsSchema) } : null,
          );
        }
        const usdt = channels.get(transfer.brandCode);
        if (!usdt) {
          report.skipped++;
          continue;
        }
        if (transfer.confirmations < usdt.settings.confirmations) {
          report.waiting++;
          continue;
        }
        try {
          const outcome = await this.#creditTransfer(transfer, usdt.channel, usdt.settings);
          report[outcome]++;
        } catch (error) {
          report.failed++;
          firstFailure ??= error;
          log.error({ err: error, txHash: transfer.txHash }, 'crediting a chain transfer failed');
        }
      }
    }
    // The others were credited; the sweep reports the failure so the run shows as failed.
    if (firstFailure !== undefined) throw firstFailure;
    return report;
  }

  async #creditTransfer(
    transfer: UncreditedTransfer,
    channel: ChannelRow,
    settings: UsdtSettings,
  ): Promise<'credited' | 'skipped'> {
    const currency = currencyOf(channel.currency);
    const rate = parseRate(settings.rate);
    if (rate === null) throw new Error(`deposit channel ${channel.brandCode}/usdt: bad rate`);
    const amountMinor = amountForCoin(transfer.coinAmountMinor, rate, currency);
    const decider: DepositDecider = {
      actor: { type: 'job', id: 'usdt-deposit-watcher' },
      decidedBy: `chain:${transfer.txHash}`,
    };
    const link = async (executor: Executor, orderId: bigint) => {
      if (!(await linkChainTransfer(executor, transfer.id, orderId))) {
        throw new TransferAlreadyTaken();
      }
    };
    const chainKey = `chain:${transfer.txHash}`;

    // An order already made for this transaction (an operator decided it by hand): tie them.
    const own = await findOrderByKey(this.#db, transfer.brandCode, transfer.memberId, chainKey);
    if (own) {
      await link(this.#db, own.id).catch(ignoreTaken);
      return 'skipped';
    }
    // Too small to be worth one minor unit: nothing to credit.
    if (amountMinor <= 0n) return 'skipped';

    const details = { txHash: transfer.txHash };
    try {
      // The member's open order for exactly this coin amount, credited at today's rate.
      const open = await findOpenCoinOrder(this.#db, {
        brandCode: transfer.brandCode,
        memberId: transfer.memberId,
        protocol: transfer.protocol,
        coinAmountMinor: transfer.coinAmountMinor,
      });
      if (open) {
        try {
          const result = await this.#credit(open, decider, {
            amountMinor,
            rate: settings.rate,
            detailsPatch: details,
            also: (transaction) => link(transaction, open.id),
          });
          if (!result.replayed) return 'credited';
        } catch (error) {
          // The order was decided meanwhile: the transfer gets an order of its own below.
          if (!isCode(error, 'deposit_not_pending') && !isCode(error, 'idempotency_conflict')) {
            throw error;
          }
        }
      }

      // Otherwise an order made and confirmed in the one transaction that credits it.
      const orderNo = newOrderNo();
      const multiplierPercent = await this.#turnoverMultiplierPercent(transfer.brandCode);
      const address = transfer.address;
      await this.#ledger.post(
        {
          brandCode: transfer.brandCode,
          reason: 'deposit',
          idempotencyKey: `deposit:${orderNo}`,
          actor: decider.actor,
          memo: orderNo,
          lines: [
            {
              account: { kind: 'house_deposit_clearing', ref: channel.code, currency },
              amountMinor: -amountMinor,
            },
            {
              account: { kind: 'member_wallet', memberId: transfer.memberId, currency },
              amountMinor,
            },
          ],
        },
        async (transaction, entryId) => {
          const order = await insertOrderIfNew(transaction, {
            orderNo,
            brandCode: transfer.brandCode,
            memberId: transfer.memberId,
            channelCode: channel.code,
            channelType: 'usdt',
            currency,
            amountMinor,
            coinAmountMinor: transfer.coinAmountMinor,
            rate: settings.rate,
            status: 'confirmed',
            idempotencyKey: chainKey,
            requestHash: sha256(chainKey),
            details: {
              channelName: channel.name,
              protocol: transfer.protocol,
              address,
              ...details,
            },
            ledgerEntryId: entryId,
            decidedBy: decider.decidedBy,
            decidedAt: new Date(),
          });
          if (!order) throw new TransferAlreadyTaken();
          await this.#addDepositTurnover(transaction, order, amountMinor, multiplierPercent);
          await link(transaction, order.id);
        },
      );
      return 'credited';
    } catch (error) {
      if (error instanceof TransferAlreadyTaken) return 'skipped';
      throw error;
    }
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof AppError && error.code === code;
}

function ignoreTaken(error: unknown): void {
  if (!(error instanceof TransferAlreadyTaken)) throw error;
}
