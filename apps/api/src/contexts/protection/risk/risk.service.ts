import type { FastifyBaseLogger } from 'fastify';
import type { RiskDetails, RiskRule } from '@lobby/contracts';
import { scaleOf, toDecimalString, isCurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { insertRestriction } from '../../identity/member/index.ts';
import type { Brand, BrandRegistry } from '../../platform/brand/index.ts';
import {
  markWithdrawalHeld,
  openAlertsOf,
  recordDepositFailure,
  upsertOpenAlert,
} from './risk.repository.ts';
import {
  cumulativeDepositsPast,
  cumulativeDepositsThreshold,
  failedDepositsBlock,
  failedDepositsWindowStart,
  lowWagerWithdrawal,
  manyPayoutAccounts,
  payoutAccountsWindowStart,
  sharedIdentifierKinds,
  type SharedIdentifiers,
} from './risk-rules.ts';

/**
 * What the rules must know of other contexts' records, given by app.ts (protection never reads
 * money's tables): each a read of one member.
 */
export type RiskUsage = {
  /** The member's confirmed deposits in all, in minor units of `currency`. */
  depositsTotal(brandCode: string, memberId: bigint, currency: string): Promise<bigint>;
  /**
   * A withdrawal's wagering: deposits and valid bets since the member's previous withdrawal
   * (the withdrawal queue's risk reads); null when there is no such order.
   */
  withdrawalWagering(
    orderNo: string,
  ): Promise<{ depositsMinor: bigint; validBetMinor: bigint; currency: string } | null>;
  /** Payout accounts the member bound at or after `since` (deleted ones too). */
  payoutAccountsBoundSince(brandCode: string, memberId: bigint, since: Date): Promise<number>;
  /** Other members of the brand sharing a device, address or payout account with the member. */
  sharedIdentifiers(memberId: bigint): Promise<SharedIdentifiers>;
  /** Puts a pending withdrawal on hold for review (no operator); false when it is not pending. */
  holdWithdrawal(orderNo: string, reason: string): Promise<boolean>;
};

/** The events the rules are evaluated on: the calls money and identity make. */
export type RiskEvents = Pick<
  RiskService,
  | 'depositFailed'
  | 'depositConfirmed'
  | 'withdrawalRequested'
  | 'payoutAccountBound'
  | 'memberAccessed'
>;

/**
 * The risk rules evaluated on events (issue 15, point 8). Each event method never throws: a
 * failure of the evaluation is logged and the member's request goes on. The one rule that
 * stops something, the failed-deposit block, does it through a `deposits_blocked` restriction
 * the money gate reads on the next deposit order.
 */
export class RiskService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #log: FastifyBaseLogger;
  readonly #usage: () => RiskUsage;
  readonly #now: () => Date;

  constructor(options: {
    db: Database;
    brands: BrandRegistry;
    log: FastifyBaseLogger;
    /** Called when an event arrives, once every context exists. */
    usage: () => RiskUsage;
    now?: () => Date;
  }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#log = options.log;
    this.#usage = options.usage;
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * A deposit attempt failed (an order rejected, a payment the gateway reports failed): counted
   * once per `failureKey`; at the rule's count within its window deposits are blocked for
   * `blockMinutes` and an alert opens.
   */
  async depositFailed(event: { brandCode: string; memberId: bigint; failureKey: string }) {
    await this.#guard('failed_deposits', event, async (brand) => {
      const { risk } = brand.compliance;
      const now = this.#now();
      await this.#db.transaction(async (transaction) => {
        const failures = await recordDepositFailure(
          transaction,
          { failureKey: event.failureKey, brandCode: event.brandCode, memberId: event.memberId },
          failedDepositsWindowStart(risk, now),
        );
        const block = failedDepositsBlock(risk, failures, now);
        if (!block) return;
        await insertRestriction(transaction, {
          memberId: event.memberId,
          brandCode: event.brandCode,
          kind: 'deposits_blocked',
          reason: `risk: ${failures} failed deposits in ${risk.failedDeposits.windowMinutes} minutes`,
          expiresAt: block.blockedUntil,
        });
        await upsertOpenAlert(transaction, {
          brandCode: event.brandCode,
          memberId: event.memberId,
          rule: 'failed_deposits',
          details: {
            failures,
            windowMinutes: risk.failedDeposits.windowMinutes,
            blockedUntil: block.blockedUntil.toISOString(),
          },
        });
      });
    });
  }

  /** A deposit was credited: the member's deposits in all against the AML threshold. */
  async depositConfirmed(event: { brandCode: string; memberId: bigint; currency: string }) {
    await this.#guard('cumulative_deposits', event, async (brand) => {
      if (!isCurrencyCode(event.currency)) return;
      const decimals = scaleOf(event.currency);
      const total = await this.#usage().depositsTotal(
        event.brandCode,
        event.memberId,
        event.currency,
      );
      if (!cumulativeDepositsPast(brand.compliance, decimals, total)) return;
      const threshold = cumulativeDepositsThreshold(brand.compliance, decimals);
      await this.#raise(event, 'cumulative_deposits', {
        deposits: toDecimalString(total, event.currency),
        threshold: toDecimalString(threshold, event.currency),
        currency: event.currency,
        eurRate: brand.compliance.eurRate,
      });
    });
  }

  /**
   * A withdrawal was requested: the low-wager rule on it. When the brand holds withdrawals on a
   * hit (`holdWithdrawals`), a hit, or any open alert of the member, puts it on hold for review.
   */
  async withdrawalRequested(event: { brandCode: string; memberId: bigint; orderNo: string }) {
    await this.#guard('low_wager_withdrawal', event, async (brand) => {
      const { risk } = brand.compliance;
      const usage = this.#usage();
      const wagering = await usage.withdrawalWagering(event.orderNo);
      let hit: bigint | null = null;
      const currency = wagering?.currency;
      if (wagering && currency && isCurrencyCode(currency) && lowWagerWithdrawal(risk, wagering)) {
        const money = (minor: bigint) => toDecimalString(minor, currency);
        const { alert } = await upsertOpenAlert(this.#db, {
          brandCode: event.brandCode,
          memberId: event.memberId,
          rule: 'low_wager_withdrawal',
          withdrawalOrderNo: event.orderNo,
          details: {
            orderNo: event.orderNo,
            deposits: money(wagering.depositsMinor),
            validBets: money(wagering.validBetMinor),
            requiredPercent: risk.lowWagerWithdrawalPercent,
            currency,
          },
        });
        hit = alert.id;
      }
      if (!risk.holdWithdrawals) return;
      const open = await openAlertsOf(this.#db, event.memberId);
      const holding = hit ?? open[0]?.id;
      if (holding === undefined) return;
      const rules = [...new Set(open.map((alert) => alert.rule))].join(', ');
      if (await usage.holdWithdrawal(event.orderNo, `risk: ${rules}`)) {
        await markWithdrawalHeld(this.#db, holding, event.orderNo);
      }
    });
  }

  /** A payout account was bound: many in a short time, and shared account numbers. */
  async payoutAccountBound(event: { brandCode: string; memberId: bigint }) {
    await this.#guard('payout_accounts', event, async (brand) => {
      const { risk } = brand.compliance;
      const since = payoutAccountsWindowStart(risk, this.#now());
      const bound = await this.#usage().payoutAccountsBoundSince(
        event.brandCode,
        event.memberId,
        since,
      );
      if (manyPayoutAccounts(risk, bound)) {
        await this.#raise(event, 'payout_accounts', {
          accounts: bound,
          windowHours: risk.payoutAccounts.windowHours,
        });
      }
    });
    await this.#sharedIdentifiers(event);
  }

  /** A registration or a login: devices and addresses shared with other members. */
  async memberAccessed(event: { brandCode: string; memberId: bigint }) {
    await this.#sharedIdentifiers(event);
  }

  async #sharedIdentifiers(event: { brandCode: string; memberId: bigint }) {
    await this.#guard('shared_identifier', event, async (brand) => {
      const { risk } = brand.compliance;
      const shared = await this.#usage().sharedIdentifiers(event.memberId);
      const kinds = sharedIdentifierKinds(risk, shared);
      if (kinds.length === 0) return;
      await this.#raise(event, 'shared_identifier', {
        kinds: kinds.join(','),
        devices: shared.byDevice,
        addresses: shared.byIp,
        payoutAccounts: shared.byPayoutAccount,
        members: risk.sharedIdentifierMembers,
      });
    });
  }

  async #raise(
    event: { brandCode: string; memberId: bigint },
    rule: RiskRule,
    details: RiskDetails,
  ): Promise<void> {
    await upsertOpenAlert(this.#db, {
      brandCode: event.brandCode,
      memberId: event.memberId,
      rule,
      details,
    });
  }

  /** Runs a rule for the event's brand; a failure is logged, never thrown at the caller. */
  async #guard(
    rule: RiskRule,
    event: { brandCode: string; memberId: bigint },
    evaluate: (brand: Brand) => Promise<void>,
  ): Promise<void> {
    try {
      const brand = this.#brands.get(event.brandCode);
      if (!brand) return;
      await evaluate(brand);
    } catch (error) {
      this.#log.error(
        { err: error, rule, brand: event.brandCode, memberId: String(event.memberId) },
        'risk rule: evaluation failed',
      );
    }
  }
}
