import type { DepositChannel, DepositOrder } from '@lobby/contracts';
import { parseAmount, toDecimalString } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { assertMemberMoneyAllowed } from '../../identity/member/index.ts';
import type { KycGate } from '../../protection/kyc/index.ts';
import { coinForAmount, isCoinProtocol, newCoinAddress, parseRate } from './coin.ts';
import {
  bankSettingsSchema,
  currencyOf,
  invalid,
  newOrderNo,
  onlineSettingsSchema,
  settingsOf,
  sha256,
  toMemberOrder,
  usdtSettingsSchema,
  type CreateDepositInput,
  type DepositNoticeInput,
} from './deposit-orders.ts';
import { DEPOSIT_ERRORS } from './deposit.errors.ts';
import {
  findChannel,
  findCoinAddress,
  findMemberOrder,
  findOrderByKey,
  insertCoinAddressIfAbsent,
  insertOrderIfNew,
  listEnabledChannels,
  listMemberOrders,
  markOrderSubmitted,
  OPEN_STATUSES,
  type NewOrderRow,
  type OrderRow,
  type OrderStatus,
} from './deposit.repository.ts';

/**
 * The member's side of deposits: the brand's channels, opening an order (with the member's coin
 * address for USDT), the bank-transfer notice, and the member's orders. No money moves here:
 * an order is credited when it is decided (deposit-decisions.ts).
 */
/**
 * A check a deposit order must pass, on the order's transaction before it is written (the
 * player protection's deposit limits, given by money.context.ts): throws the refusal.
 */
export type DepositOrderGuard = (
  tx: Executor,
  brand: Brand,
  memberId: bigint,
  amountMinor: bigint,
) => Promise<void>;

export class MemberDeposits {
  readonly #db: Database;
  /** Identity verification where the brand asks it; the app always gives it. */
  readonly #kyc: KycGate | undefined;

  readonly #orderGuards: readonly DepositOrderGuard[];

  constructor(dependencies: {
    db: Database;
    orderGuards: readonly DepositOrderGuard[];
    kyc?: KycGate | undefined;
  }) {
    this.#db = dependencies.db;
    this.#orderGuards = dependencies.orderGuards;
    this.#kyc = dependencies.kyc;
  }

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
    await assertMemberMoneyAllowed(this.#db, memberId, 'deposit');
    await this.#kyc?.assertMoneyAllowed(brand, memberId, { kind: 'deposit' });

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
      // The guards (the member's deposit limits) and the order in one transaction: a guard
      // locks what it counts, so a concurrent order of the member waits and counts this one.
      const inserted = await this.#db.transaction(async (tx) => {
        for (const guard of this.#orderGuards) await guard(tx, brand, memberId, amountMinor);
        return insertOrderIfNew(tx, { ...order, orderNo: newOrderNo() });
      });
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
}
