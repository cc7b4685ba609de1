import { createHash, randomBytes } from 'node:crypto';
import type { AdminWithdrawal, Language, WithdrawalOrder } from '@lobby/contracts';
import { isCurrencyCode, parseAmount, toDecimalString } from '@lobby/money';
import { startOfDay } from '@lobby/time';
import type { Cache } from '../../../cache/index.ts';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError, appError, commonError } from '../../../lib/app-error.ts';
import { verifyPassword } from '../../../lib/passwords.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { outstandingTurnover } from '../turnover/index.ts';
import {
  LEDGER_ERRORS,
  type LedgerService,
  type PostingLine,
  operatorActor,
} from '../ledger/index.ts';
import {
  MEMBER_ERRORS,
  assertMemberMoneyAllowed,
  findMemberById,
} from '../../identity/member/index.ts';
import {
  decidedByNames,
  operatorDecidedBy,
  type DecidedByNames,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import {
  PAYOUT_ERRORS,
  institutionNameOf,
  toPayoutAccountView,
  type PayoutAccountRow,
  type PayoutService,
} from '../payout/index.ts';
import type { RsaKeys } from '../../platform/rsa/index.ts';
import type { RiskEvents } from '../../protection/risk/index.ts';
import type { KycGate } from '../../protection/kyc/index.ts';
import { WITHDRAWAL_ERRORS } from './withdrawal.errors.ts';
import { claimDetails, WithdrawalClaims } from './withdrawal-claims.ts';
import {
  countOrdersSince,
  decideOrder,
  findOrderByKey,
  findOrderByNo,
  insertOrder,
  listMemberOrders,
  sumOrdersSince,
  withdrawalOrderBrand,
  type WithdrawalOrderRow,
} from './withdrawal.repository.ts';

/** Wrong withdrawal passwords allowed in the window before the member must wait. */
export const WITHDRAW_PASSWORD_ATTEMPTS = 5;
export const WITHDRAW_PASSWORD_WINDOW_MS = 30 * 60 * 1000;

/** `W` and the UTC time to the second, then 8 random base-32 characters: unique, sortable. */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(8)].map((byte) => alphabet[byte % 32]).join('');
  return `W${stamp}${random}`;
}

/** What identifies a withdrawal request for replays: the amount and where it goes. */
function requestHashOf(amountMinor: bigint, accountId: bigint): string {
  return createHash('sha256')
    .update(JSON.stringify([String(amountMinor), String(accountId)]))
    .digest('hex');
}

type Dependencies = {
  db: Database;
  ledger: LedgerService;
  payouts: PayoutService;
  operators: OperatorService;
  rsa: RsaKeys;
  cache: Cache;
  /** The risk rules (protection), told of every withdrawal requested; they never fail it. */
  risk?: Pick<RiskEvents, 'withdrawalRequested'>;
  /** The member's daily withdrawal count and amount (the VIP level's, in the engagement context). */
  vip: {
    withdrawalLimits(
      brand: Brand,
      memberId: bigint,
    ): Promise<{ dailyCount: number; dailyMaxMinor: bigint | null }>;
  };
  /** Identity verification: level 2 above the brand's thresholds (protection). */
  kyc: KycGate;
};

export type WithdrawRequest = {
  amount: string;
  accountId: string;
  withdrawPassword?: string | undefined;
  idempotencyKey: string;
};

/**
 * Withdrawals: a member's request locks the amount (centre wallet -> locked) with the order in
 * the same transaction; an operator pays it (locked -> withdrawals payable) or rejects it
 * (locked -> centre wallet). Members cannot cancel a request (UKGC RTS 14B).
 */
export class WithdrawalService {
  readonly #deps: Dependencies;
  /** The cashiers' claims: a decision is the holder's (withdrawal-claims.ts). */
  readonly #claims: WithdrawalClaims;

  constructor(dependencies: Dependencies) {
    this.#deps = dependencies;
    this.#claims = new WithdrawalClaims({ db: dependencies.db, operators: dependencies.operators });
  }

  /** The brand of a withdrawal order, or null when there is none: the operator guard's brand rule. */
  orderBrand(orderNo: string): Promise<string | null> {
    return withdrawalOrderBrand(this.#deps.db, orderNo);
  }

  /**
   * Checks, in this order: amount format, withdrawal password set and right, a replay of the
   * same key, the money gate (a frozen or closed account), KYC, the payout account, the brand's
   * limits, today's count, turnover, then the balance (the ledger's conditional debit).
   */
  async request(
    brand: Brand,
    memberId: bigint,
    body: WithdrawRequest,
    language: Language,
  ): Promise<WithdrawalOrder> {
    const { db, ledger, payouts } = this.#deps;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const parsed = parseAmount(body.amount, currency);
    if (!parsed.ok || parsed.minor <= 0n) {
      throw appError(WITHDRAWAL_ERRORS, 'withdraw_amount_invalid');
    }
    const amountMinor = parsed.minor;

    await this.#checkWithdrawPassword(brand, memberId, body.withdrawPassword);

    const accountId = BigInt(body.accountId);
    const requestHash = requestHashOf(amountMinor, accountId);
    const earlier = await findOrderByKey(db, brandCode, memberId, body.idempotencyKey);
    if (earlier) return this.#replayOf(earlier, requestHash, language);
    await assertMemberMoneyAllowed(db, memberId, 'withdrawal');

    await this.#deps.kyc.assertMoneyAllowed(brand, memberId, { kind: 'withdrawal', amountMinor });

    const account = await payouts.liveAccountOf(brandCode, memberId, accountId);
    if (!account) throw appError(PAYOUT_ERRORS, 'payout_account_not_found');

    const limits = brand.config.settings.wallet;
    const minMinor = BigInt(limits.withdrawMinMinor);
    const maxMinor = BigInt(limits.withdrawMaxMinor);
    if (amountMinor < minMinor || amountMinor > maxMinor) {
      throw appError(WITHDRAWAL_ERRORS, 'withdraw_amount_out_of_range', {
        params: {
          min: toDecimalString(minMinor, currency),
          max: toDecimalString(maxMinor, currency),
        },
      });
    }
    // "Today" of the daily count and amount is the brand's business day, in its time zone.
    const dayStart = startOfDay(new Date(), brand.config.settings.timeZone);
    // The daily count and amount are privileges of the member's VIP level.
    const daily = await this.#deps.vip.withdrawalLimits(brand, memberId);
    const dailyLimit = () =>
      appError(WITHDRAWAL_ERRORS, 'withdraw_daily_limit', {
        params: { count: daily.dailyCount },
      });
    const checkDailyAmount = (withdrawnTodayMinor: bigint) => {
      if (daily.dailyMaxMinor === null) return;
      if (withdrawnTodayMinor + amountMinor > daily.dailyMaxMinor) {
        const left = daily.dailyMaxMinor - withdrawnTodayMinor;
        throw appError(WITHDRAWAL_ERRORS, 'withdraw_daily_amount_limit', {
          params: {
            max: toDecimalString(daily.dailyMaxMinor, currency),
            remaining: toDecimalString(left > 0n ? left : 0n, currency),
          },
        });
      }
    };
    if ((await countOrdersSince(db, brandCode, memberId, dayStart)) >= daily.dailyCount) {
      throw dailyLimit();
    }
    checkDailyAmount(await sumOrdersSince(db, brandCode, memberId, dayStart));
    const remainingMinor = await outstandingTurnover(db, brandCode, memberId, currency);
    if (remainingMinor > 0n) {
      throw appError(WITHDRAWAL_ERRORS, 'withdraw_turnover_outstanding', {
        params: {
          remaining: toDecimalString(remainingMinor, currency),
        },
      });
    }

    const orderNo = newOrderNo(new Date());
    let created: WithdrawalOrderRow | undefined;
    const result = await ledger.post(
      {
        brandCode,
        reason: 'withdrawal_request',
        idempotencyKey: `withdrawal:request:${memberId}:${body.idempotencyKey}`,
        actor: { type: 'member', id: String(memberId) },
        memo: orderNo,
        lines: [
          { account: { kind: 'member_wallet', memberId, currency }, amountMinor: -amountMinor },
          { account: { kind: 'member_locked', memberId, currency }, amountMinor },
        ],
      },
      async (transaction, entryId) => {
        // The debit above holds the member's wallet row until commit, so concurrent requests of
        // one member pass here one at a time and each counts the orders committed before it.
        const today = await countOrdersSince(transaction, brandCode, memberId, dayStart);
        if (today >= daily.dailyCount) throw dailyLimit();
        checkDailyAmount(await sumOrdersSince(transaction, brandCode, memberId, dayStart));
        created = await insertOrder(transaction, {
          orderNo,
          brandCode,
          memberId,
          payoutAccountId: account.id,
          currency,
          amountMinor,
          status: 'pending',
          idempotencyKey: body.idempotencyKey,
          requestHash,
          requestEntryId: entryId,
        });
      },
    );
    if (result.replayed || !created) {
      // A concurrent request with this key posted first; its order committed with its entry.
      const order = await findOrderByKey(db, brandCode, memberId, body.idempotencyKey);
      if (!order) throw new Error(`withdrawal entry ${result.entryId} has no order`);
      return this.#replayOf(order, requestHash, language);
    }
    await this.#deps.risk?.withdrawalRequested({ brandCode, memberId, orderNo: created.orderNo });
    return toMemberOrder(created, account, language);
  }

  async memberOrders(
    brand: Brand,
    memberId: bigint,
    query: { page: number; pageSize: number },
    language: Language,
  ): Promise<{ items: WithdrawalOrder[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await listMemberOrders(this.#deps.db, brand.config.code, memberId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const accounts = await this.#deps.payouts.accountsByIds(rows.map((row) => row.payoutAccountId));
    return {
      items: rows.map((row) => toMemberOrder(row, accountOf(accounts, row), language)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** What a maker-checker rule measures of an order: its brand, amount and status. */
  async orderForApproval(
    orderNo: string,
  ): Promise<{ brandCode: string; amountMinor: bigint; currency: string; status: string } | null> {
    const order = await findOrderByNo(this.#deps.db, orderNo);
    return order
      ? {
          brandCode: order.brandCode,
          amountMinor: order.amountMinor,
          currency: order.currency,
          status: order.status,
        }
      : null;
  }

  /**
   * Pays a pending order: locked -> withdrawals payable. `secondApproval`: the approver of the
   * maker's request carries it out, so the maker's claim does not stop them.
   */
  async approve(
    operator: OperatorIdentity,
    orderNo: string,
    note: string | undefined,
    ip: string,
    options: { secondApproval?: boolean } = {},
  ): Promise<AdminWithdrawal> {
    return this.#decide(operator, orderNo, 'approved', note ?? null, ip, {
      secondApproval: options.secondApproval ?? false,
    });
  }

  /**
   * A payment above the brand's threshold waits for a second operator: its maker claims the
   * order (or keeps their claim) so the queue shows who asked; another operator's live claim
   * refuses it (`order_claimed_by_other`).
   */
  claimForSecondApproval(operator: OperatorIdentity, orderNo: string, ip: string): Promise<void> {
    return this.#claims.claim(operator, orderNo, {
      takeover: false,
      ip,
      implicit: 'second_approval',
    });
  }

  /** Refuses a pending order: locked -> back to the centre wallet. */
  async reject(
    operator: OperatorIdentity,
    orderNo: string,
    reason: string,
    ip: string,
  ): Promise<AdminWithdrawal> {
    return this.#decide(operator, orderNo, 'rejected', reason, ip, { secondApproval: false });
  }

  /**
   * One decision per order, whoever asks first: the ledger key `withdrawal:<orderNo>:decision`
   * takes one entry, and the order moves from pending alongside it. Asking for the decision
   * already taken answers the order again; asking for the other one is `withdrawal_not_pending`.
   * Another operator's live claim refuses a decision (`order_claimed_by_other`); a decision on a
   * free order claims it for its transaction (the row lock) and ends any claim it closes.
   */
  async #decide(
    operator: OperatorIdentity,
    orderNo: string,
    decision: 'approved' | 'rejected',
    reason: string | null,
    ip: string,
    options: { secondApproval: boolean },
  ): Promise<AdminWithdrawal> {
    const { db, ledger, operators } = this.#deps;
    const order = await findOrderByNo(db, orderNo);
    if (!order) throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_found');
    if (order.status !== 'pending' && order.status !== decision) {
      throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_pending');
    }
    if (!options.secondApproval) await this.#claims.assertMayDecide(operator, orderNo);
    const record = (executor: Executor, replayed: boolean, claim: object = {}) =>
      operators.record(executor, operator, {
        action: decision === 'approved' ? 'withdrawal_approve' : 'withdrawal_reject',
        brandCode: order.brandCode,
        targetType: 'withdrawal',
        targetId: orderNo,
        ...(reason === null ? {} : { reason }),
        details: {
          amount: String(order.amountMinor),
          currency: order.currency,
          memberId: String(order.memberId),
          replayed,
          ...claim,
        },
        ip,
      });
    let replayed = order.status === decision;
    if (!replayed) {
      if (!isCurrencyCode(order.currency)) throw new Error(`order ${orderNo}: ${order.currency}`);
      const currency = order.currency;
      const { memberId, amountMinor } = order;
      const lines: PostingLine[] =
        decision === 'approved'
          ? [
              { account: { kind: 'member_locked', memberId, currency }, amountMinor: -amountMinor },
              { account: { kind: 'house_withdrawals_payable', currency }, amountMinor },
            ]
          : [
              { account: { kind: 'member_locked', memberId, currency }, amountMinor: -amountMinor },
              { account: { kind: 'member_wallet', memberId, currency }, amountMinor },
            ];
      try {
        const result = await ledger.post(
          {
            brandCode: order.brandCode,
            reason: decision === 'approved' ? 'withdrawal_paid' : 'withdrawal_rejected',
            idempotencyKey: `withdrawal:${orderNo}:decision`,
            actor: operatorActor(operator),
            memo: reason ?? orderNo,
            lines,
          },
          async (transaction, entryId) => {
            const decided = await decideOrder(transaction, order.id, {
              status: decision,
              decisionEntryId: entryId,
              reason,
              decidedBy: operatorDecidedBy(operator),
            });
            if (!decided) throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_pending');
            const claim = await this.#claims.settleForDecision(
              transaction,
              operator,
              orderNo,
              options,
            );
            await record(transaction, false, claimDetails(claim));
          },
        );
        replayed = result.replayed;
      } catch (error) {
        // The other decision took the key first.
        if (error instanceof AppError && error.code === 'idempotency_conflict') {
          throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_pending');
        }
        throw error;
      }
    }
    const decided = await findOrderByNo(db, orderNo);
    if (!decided || decided.status !== decision) {
      throw appError(WITHDRAWAL_ERRORS, 'withdrawal_not_pending');
    }
    // A repeat of the decision changed nothing; it is recorded on its own, as a replay.
    if (replayed) await record(db, true);
    const [view] = await this.#adminViews([decided]);
    if (!view) throw new Error(`order ${orderNo} vanished`);
    return view;
  }

  async #adminViews(rows: WithdrawalOrderRow[]): Promise<AdminWithdrawal[]> {
    const accounts = await this.#deps.payouts.accountsByIds(rows.map((row) => row.payoutAccountId));
    const names = await decidedByNames(
      this.#deps.db,
      rows.map((row) => row.decidedBy),
    );
    const views: AdminWithdrawal[] = [];
    for (const row of rows) {
      const member = await findMemberById(this.#deps.db, row.brandCode, row.memberId);
      views.push(toAdminOrder(row, member?.username ?? '', accountOf(accounts, row), names));
    }
    return views;
  }

  /** The earlier order of a key: the same request answers it, another is a conflict. */
  async #replayOf(
    order: WithdrawalOrderRow,
    requestHash: string,
    language: Language,
  ): Promise<WithdrawalOrder> {
    if (order.requestHash !== requestHash) throw appError(LEDGER_ERRORS, 'idempotency_conflict');
    const accounts = await this.#deps.payouts.accountsByIds([order.payoutAccountId]);
    return toMemberOrder(order, accountOf(accounts, order), language);
  }

  /**
   * The withdrawal password of the spec: it must be set, and right. Wrong guesses are counted per
   * member in the shared cache; after five in 30 minutes the member waits out the window, so six
   * digits cannot be tried through.
   */
  async #checkWithdrawPassword(
    brand: Brand,
    memberId: bigint,
    encrypted: string | undefined,
  ): Promise<void> {
    if (!brand.config.settings.withdrawPasswordEnabled) return;
    const { db, rsa, cache } = this.#deps;
    const member = await findMemberById(db, brand.config.code, memberId);
    // The session guard only lets live sessions of existing members through.
    if (!member) throw commonError('token');
    if (member.withdrawPasswordHash === null) {
      throw appError(MEMBER_ERRORS, 'withdraw_password_not_set');
    }
    const failuresKey = `withdraw-password-failures:${brand.config.code}:${memberId}`;
    const failures = Number((await cache.get(failuresKey)) ?? '0');
    if (failures >= WITHDRAW_PASSWORD_ATTEMPTS) throw await this.#locked(failuresKey);
    if (encrypted === undefined) {
      throw commonError('validation', [{ path: 'withdrawPassword', code: 'required' }]);
    }
    const password = rsa.decrypt(encrypted);
    if (await verifyPassword(member.withdrawPasswordHash, password)) {
      if (failures > 0) await cache.delete(failuresKey);
      return;
    }
    const count = await cache.increment(failuresKey, WITHDRAW_PASSWORD_WINDOW_MS);
    if (count >= WITHDRAW_PASSWORD_ATTEMPTS) throw await this.#locked(failuresKey);
    throw appError(MEMBER_ERRORS, 'withdraw_password_wrong');
  }

  async #locked(failuresKey: string): Promise<AppError> {
    const ttlMs = (await this.#deps.cache.ttlMs(failuresKey)) ?? WITHDRAW_PASSWORD_WINDOW_MS;
    return appError(WITHDRAWAL_ERRORS, 'withdraw_password_locked', {
      retryAfterSeconds: ttlMs / 1000,
    });
  }
}

function accountOf(accounts: Map<bigint, PayoutAccountRow>, order: WithdrawalOrderRow) {
  const account = accounts.get(order.payoutAccountId);
  // The foreign key and soft deletes keep every order's account.
  if (!account) throw new Error(`order ${order.orderNo}: payout account missing`);
  return account;
}

function amountOf(order: WithdrawalOrderRow): string {
  if (!isCurrencyCode(order.currency)) throw new Error(`order ${order.orderNo}: ${order.currency}`);
  return toDecimalString(order.amountMinor, order.currency);
}

export function toMemberOrder(
  order: WithdrawalOrderRow,
  account: PayoutAccountRow,
  language: Language,
): WithdrawalOrder {
  return {
    orderNo: order.orderNo,
    amount: amountOf(order),
    currency: order.currency,
    status: order.status,
    account: toPayoutAccountView(account, language),
    reason: order.status === 'rejected' ? order.reason : null,
    createdAt: order.createdAt.toISOString(),
    decidedAt: order.decidedAt?.toISOString() ?? null,
  };
}

/** An order as operators see it; `names` shows who decided it (an operator by username). */
export function toAdminOrder(
  order: WithdrawalOrderRow,
  username: string,
  account: PayoutAccountRow,
  names: DecidedByNames,
): AdminWithdrawal {
  return {
    orderNo: order.orderNo,
    brand: order.brandCode,
    username,
    amount: amountOf(order),
    currency: order.currency,
    status: order.status,
    account: {
      id: String(account.id),
      type: account.type,
      institution: account.institution,
      institutionName: institutionNameOf(account),
      holderName: account.holderName,
      accountNumber: account.accountNumber,
    },
    reason: order.reason,
    decidedBy: names(order.decidedBy),
    createdAt: order.createdAt.toISOString(),
    decidedAt: order.decidedAt?.toISOString() ?? null,
  };
}
