import {
  PROMOTION_RULE_SCHEMAS,
  type Language,
  type SignInfo,
  type SignInRules,
  type SignResult,
} from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import { addDays, dayOf } from '@lobby/time';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError, appError } from '../../../lib/app-error.ts';
import { type Brand, brandCurrency } from '../../platform/brand/index.ts';
import type { LedgerService, PostingLine } from '../../money/ledger/index.ts';
import { chargeReward, type PromoChecks, type PromoViewer } from './promo-checks.ts';
import { insertSignDay, listSignDays } from './promo-sign-in.repository.ts';
import { PROMO_ERRORS } from './promo.errors.ts';
import type { PromotionRow } from './promo.repository.ts';
import {
  currentStreak,
  isCalendarDay,
  localized,
  resignableDays,
  streakEndingOn,
  streakReward,
} from './promo.rules.ts';

/** How far back the signed days are read: enough for any streak the rules pay. */
const SIGN_DAYS_READ_BACK = 62;

/**
 * The daily sign-in: one signed day per member and day of the brand's time zone, the streak's
 * reward paid through the ledger keyed by that day, and paid re-signing of missed days of the
 * month.
 */
export class SignInService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #now: () => Date;
  readonly #checks: PromoChecks;

  constructor(options: {
    db: Database;
    ledger: LedgerService;
    now: () => Date;
    checks: PromoChecks;
  }) {
    this.#db = options.db;
    this.#ledger = options.ledger;
    this.#now = options.now;
    this.#checks = options.checks;
  }

  /** Today in the brand's time zone: the day a sign-in now counts for. */
  #today(brand: Brand): string {
    return dayOf(this.#now(), brand.config.settings.timeZone);
  }

  async signInfo(brand: Brand, language: Language, memberId: bigint | null): Promise<SignInfo> {
    const promotion = await this.#checks.liveOfKind(brand, 'sign_in');
    const rules = PROMOTION_RULE_SCHEMAS.sign_in.parse(promotion.rules);
    const currency = brandCurrency(brand);
    const today = this.#today(brand);
    const rows =
      memberId === null
        ? []
        : await listSignDays(
            this.#db,
            promotion.id,
            memberId,
            addDays(today, -SIGN_DAYS_READ_BACK),
          );
    const signed = new Set(rows.map((row) => row.day));
    const streak = currentStreak(signed, today);
    const signedToday = signed.has(today);
    // Signed today: the next reward is tomorrow's; else today's, after yesterday's streak.
    const nextStreak = streak + 1;
    return {
      promotionId: promotion.id.toString(),
      title: localized(promotion.title, language, brand.config.language),
      today,
      streakRewards: rules.streakRewardsMinor.map((reward) =>
        toDecimalString(BigInt(reward), currency),
      ),
      resignCost: toDecimalString(BigInt(rules.resignCostMinor), currency),
      days: rows
        .filter((row) => row.day.slice(0, 7) === today.slice(0, 7))
        .map((row) => ({
          day: row.day,
          kind: row.kind,
          streak: row.streak,
          reward: toDecimalString(row.rewardMinor, currency),
        })),
      signedToday,
      streak,
      nextReward: toDecimalString(streakReward(rules.streakRewardsMinor, nextStreak), currency),
      resignableDays:
        memberId === null ? [] : this.#resignable(brand, promotion, rules, signed, today),
    };
  }

  /** Signs today: the streak's reward, once per day (already_signed the second time). */
  async sign(viewer: PromoViewer): Promise<SignResult> {
    const { brand, memberId } = viewer;
    const promotion = await this.#checks.liveOfKind(brand, 'sign_in');
    await this.#checks.assertEligible(promotion, memberId);
    const rules = PROMOTION_RULE_SCHEMAS.sign_in.parse(promotion.rules);
    const today = this.#today(brand);
    const signed = await this.#signedSet(promotion.id, memberId, today);
    if (signed.has(today)) throw appError(PROMO_ERRORS, 'already_signed');
    const streak = streakEndingOn(signed, addDays(today, -1)) + 1;
    return this.#paySignDay(viewer, promotion, {
      day: today,
      kind: 'sign',
      streak,
      rewardMinor: streakReward(rules.streakRewardsMinor, streak),
      costMinor: 0n,
      duplicate: 'already_signed',
    });
  }

  /** Re-signs a missed day of this month at the rules' cost, paying that day's streak reward. */
  async resign(viewer: PromoViewer, day: string): Promise<SignResult> {
    const { brand, memberId } = viewer;
    if (!isCalendarDay(day)) throw appError(PROMO_ERRORS, 'resign_day_invalid');
    const promotion = await this.#checks.liveOfKind(brand, 'sign_in');
    await this.#checks.assertEligible(promotion, memberId);
    const rules = PROMOTION_RULE_SCHEMAS.sign_in.parse(promotion.rules);
    const today = this.#today(brand);
    const signed = await this.#signedSet(promotion.id, memberId, today);
    if (signed.has(day)) throw appError(PROMO_ERRORS, 'resign_day_signed');
    if (!this.#resignable(brand, promotion, rules, signed, today).includes(day)) {
      throw appError(PROMO_ERRORS, 'resign_day_invalid');
    }
    const streak = streakEndingOn(signed, addDays(day, -1)) + 1;
    return this.#paySignDay(viewer, promotion, {
      day,
      kind: 'resign',
      streak,
      rewardMinor: streakReward(rules.streakRewardsMinor, streak),
      costMinor: BigInt(rules.resignCostMinor),
      duplicate: 'resign_day_signed',
    });
  }

  #resignable(
    brand: Brand,
    promotion: PromotionRow,
    rules: SignInRules,
    signed: ReadonlySet<string>,
    today: string,
  ): string[] {
    const timeZone = brand.config.settings.timeZone;
    return resignableDays({
      signed,
      today,
      daysBack: rules.resignDaysBack,
      firstDay: dayOf(promotion.startsAt, timeZone),
      lastDay: promotion.endsAt ? dayOf(new Date(promotion.endsAt.getTime() - 1), timeZone) : null,
    });
  }

  async #signedSet(promotionId: bigint, memberId: bigint, today: string): Promise<Set<string>> {
    const rows = await listSignDays(
      this.#db,
      promotionId,
      memberId,
      addDays(today, -SIGN_DAYS_READ_BACK),
    );
    return new Set(rows.map((row) => row.day));
  }

  async #paySignDay(
    viewer: PromoViewer,
    promotion: PromotionRow,
    day: {
      day: string;
      kind: 'sign' | 'resign';
      streak: number;
      rewardMinor: bigint;
      costMinor: bigint;
      duplicate: 'already_signed' | 'resign_day_signed';
    },
  ): Promise<SignResult> {
    const { brand, memberId } = viewer;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    // Recorded with the money, or not at all; the unique day is the second guard.
    const record = async (transaction: Executor, entryId: bigint | null) => {
      const inserted = await insertSignDay(transaction, {
        brandCode,
        promotionId: promotion.id,
        memberId,
        day: day.day,
        kind: day.kind,
        streak: day.streak,
        rewardMinor: day.rewardMinor,
        costMinor: day.costMinor,
        currency,
        ledgerEntryId: entryId,
      });
      if (!inserted) throw appError(PROMO_ERRORS, day.duplicate);
      if (day.rewardMinor > 0n) await chargeReward(transaction, promotion, viewer, day.rewardMinor);
    };
    const lines: PostingLine[] = [];
    // The cost first: legs of one account apply in the order given, so a wallet short of the
    // cost fails even when the reward would cover it.
    if (day.costMinor > 0n) {
      lines.push(
        { account: { kind: 'member_wallet', memberId, currency }, amountMinor: -day.costMinor },
        { account: { kind: 'house_promotions', currency }, amountMinor: day.costMinor },
      );
    }
    if (day.rewardMinor > 0n) {
      lines.push(
        { account: { kind: 'house_promotions', currency }, amountMinor: -day.rewardMinor },
        { account: { kind: 'member_wallet', memberId, currency }, amountMinor: day.rewardMinor },
      );
    }
    if (lines.length === 0) {
      await this.#db.transaction((transaction) => record(transaction, null));
    } else {
      try {
        const result = await this.#ledger.post(
          {
            brandCode,
            reason: day.kind === 'sign' ? 'promo_sign' : 'promo_resign',
            idempotencyKey: `promo:sign:${promotion.id}:${memberId}:${day.day}`,
            actor: { type: 'member', id: memberId.toString() },
            memo: `${day.kind} ${day.day}`,
            lines,
          },
          (transaction, entryId) => record(transaction, entryId),
        );
        // A concurrent call paid this day first: nothing moved this time.
        if (result.replayed) throw appError(PROMO_ERRORS, day.duplicate);
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_funds') {
          throw appError(PROMO_ERRORS, 'resign_insufficient_funds');
        }
        if (error instanceof AppError && error.code === 'idempotency_conflict') {
          throw appError(PROMO_ERRORS, day.duplicate);
        }
        throw error;
      }
    }
    const { walletMinor } = await this.#ledger.balances(brandCode, memberId, currency);
    return {
      day: day.day,
      kind: day.kind,
      streak: day.streak,
      reward: toDecimalString(day.rewardMinor, currency),
      cost: toDecimalString(day.costMinor, currency),
      balance: toDecimalString(walletMinor, currency),
    };
  }
}
