import { toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { validBetsByMemberAndCategory } from '../../games/bet-records/index.ts';
import { addTurnover } from '../../money/turnover/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import { VIP_ERRORS } from './vip.errors.ts';
import {
  insertReward,
  levelsOfMembers,
  membersOwedMonthly,
  raiseMemberLevel,
  type VipRewardRow,
} from './vip.repository.ts';
import { cappedRateBp, rebateOf, zonedDayRange } from './vip.rules.ts';
import { brandLevels, maxRebateRateBp } from './vip.seed.ts';

/** The account every VIP payment leaves: bonuses from promotions, rebates from rebates. */
const VIP_HOUSE_REF = 'vip';

export type VipJobReport = { members: number; paid: number; amountMinor: bigint };

/** One VIP payment: what it pays whom, under which key, and the reward row it writes. */
export type VipPayment = {
  brandCode: string;
  currency: CurrencyCode;
  memberId: bigint;
  reason: 'vip_upgrade' | 'vip_rebate' | 'vip_monthly';
  house: 'house_promotions' | 'house_rebates';
  idempotencyKey: string;
  memo: string;
  amountMinor: bigint;
  turnoverMinor: bigint;
  reward: {
    kind: VipRewardRow['kind'];
    level: number;
    period: string;
    breakdown: Record<string, unknown>;
  };
  alsoRaiseTo?: number;
};

function isIdempotencyConflict(error: unknown): boolean {
  return error instanceof AppError && error.code === 'idempotency_conflict';
}

/**
 * VIP payments: the one way a VIP bonus or rebate reaches a member (upgrades use it too), and
 * the daily rebates and monthly bonuses of a brand. Each goes through the ledger with a key that
 * names the member and the level, month or day, and writes its `vip_rewards` row (unique per
 * member, kind, level and period) in the same transaction, so a job run twice, or two runs at
 * once, pay once.
 */
export class VipPaymentService {
  readonly #db: Database;
  readonly #ledger: LedgerService;

  constructor(dependencies: { db: Database; ledger: LedgerService }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
  }

  /**
   * Pays the rebate of a day of the brand's time zone to every member of the brand with valid
   * bets that day: per category, the valid bets times the member's level rate (capped at the
   * brand's maximum), rounded down. A member whose rebate rounds to zero gets nothing written.
   * The caller makes sure the day has ended.
   */
  async payRebates(brand: Brand, day: string, signal?: AbortSignal): Promise<VipJobReport> {
    const range = zonedDayRange(day, brand.config.settings.timeZone);
    if (!range) throw appError(VIP_ERRORS, 'vip_period_invalid');
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const maxBp = maxRebateRateBp(brand);
    const levels = await brandLevels(this.#db, brand);
    const bets = await validBetsByMemberAndCategory(this.#db, { brandCode, currency, ...range });
    const byMember = new Map<bigint, { category: number; validBetMinor: bigint }[]>();
    for (const row of bets) {
      const list = byMember.get(row.memberId) ?? [];
      list.push(row);
      byMember.set(row.memberId, list);
    }
    const memberLevels = await levelsOfMembers(this.#db, [...byMember.keys()]);
    const report: VipJobReport = { members: 0, paid: 0, amountMinor: 0n };
    for (const [memberId, categories] of byMember) {
      if (signal?.aborted) break;
      report.members++;
      const levelNumber = memberLevels.get(memberId) ?? 0;
      const level = levels.find((row) => row.level === levelNumber);
      if (!level) continue;
      let total = 0n;
      const breakdown: Record<string, unknown> = {};
      for (const { category, validBetMinor } of categories) {
        const rateBp = cappedRateBp(level, category, maxBp);
        const amountMinor = rebateOf(validBetMinor, rateBp);
        total += amountMinor;
        breakdown[String(category)] = {
          validBet: toDecimalString(validBetMinor, currency),
          rateBp,
          amount: toDecimalString(amountMinor, currency),
        };
      }
      if (total <= 0n) continue;
      const paid = await this.pay({
        brandCode,
        currency,
        memberId,
        reason: 'vip_rebate',
        house: 'house_rebates',
        idempotencyKey: `vip:rebate:${memberId}:${day}`,
        memo: day,
        amountMinor: total,
        turnoverMinor: (total * BigInt(level.bonusTurnoverMultiplierPercent)) / 100n,
        reward: { kind: 'rebate', level: level.level, period: day, breakdown },
      });
      if (paid) {
        report.paid++;
        report.amountMinor += total;
      }
    }
    return report;
  }

  /**
   * Pays the month's bonus to every member of the brand at level 1 or above who has none for
   * that month yet, at the level they hold now. Once per member per month: the ledger key names
   * the month, not the level, so an upgrade later in the month does not pay a second one.
   */
  async payMonthly(brand: Brand, month: string, signal?: AbortSignal): Promise<VipJobReport> {
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const levels = await brandLevels(this.#db, brand);
    const report: VipJobReport = { members: 0, paid: 0, amountMinor: 0n };
    for (const owed of await membersOwedMonthly(this.#db, brandCode, month)) {
      if (signal?.aborted) break;
      report.members++;
      const level = levels.find((row) => row.level === owed.level);
      const bonus = level?.monthlyBonusMinor ?? 0n;
      if (!level || bonus <= 0n) continue;
      const paid = await this.pay({
        brandCode,
        currency,
        memberId: owed.memberId,
        reason: 'vip_monthly',
        house: 'house_promotions',
        idempotencyKey: `vip:monthly:${owed.memberId}:${month}`,
        memo: `VIP${level.level} ${month}`,
        amountMinor: bonus,
        turnoverMinor: (bonus * BigInt(level.bonusTurnoverMultiplierPercent)) / 100n,
        reward: { kind: 'monthly', level: level.level, period: month, breakdown: {} },
      });
      if (paid) {
        report.paid++;
        report.amountMinor += bonus;
      }
    }
    return report;
  }

  /**
   * One VIP payment: house account -> the member's centre wallet, with its reward row, the
   * turnover it adds and (for an upgrade) the level, all in the ledger's transaction. False when
   * the key was posted before (a re-run, a concurrent run): nothing moved this time.
   */
  async pay(input: VipPayment): Promise<boolean> {
    const { brandCode, currency, memberId } = input;
    try {
      const result = await this.#ledger.post(
        {
          brandCode,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          actor: { type: 'job', id: 'vip' },
          memo: input.memo,
          lines: [
            {
              account: { kind: input.house, ref: VIP_HOUSE_REF, currency },
              amountMinor: -input.amountMinor,
            },
            {
              account: { kind: 'member_wallet', memberId, currency },
              amountMinor: input.amountMinor,
            },
          ],
        },
        async (transaction, entryId) => {
          const reward = await insertReward(transaction, {
            brandCode,
            memberId,
            kind: input.reward.kind,
            level: input.reward.level,
            period: input.reward.period,
            currency,
            amountMinor: input.amountMinor,
            breakdown: input.reward.breakdown,
            ledgerEntryId: entryId,
          });
          // The ledger key is new, so no reward can exist: one would mean the two guards
          // disagree, and paying anyway could pay twice. Roll back and say so loudly.
          if (!reward)
            throw new Error(`vip reward exists without its entry: ${input.idempotencyKey}`);
          if (input.turnoverMinor > 0n) {
            await addTurnover(transaction, {
              brandCode,
              memberId,
              currency,
              amountMinor: input.turnoverMinor,
            });
          }
          if (input.alsoRaiseTo !== undefined) {
            await raiseMemberLevel(transaction, { brandCode, memberId, level: input.alsoRaiseTo });
          }
        },
      );
      return !result.replayed;
    } catch (error) {
      // The same key posted with another amount (an operator changed the bonus, a late bet
      // record changed a day's total between two runs): it was paid once, and stays so.
      if (isIdempotencyConflict(error)) return false;
      throw error;
    }
  }
}
