import {
  PLAY_TIME_MAX_MINUTES,
  type LimitKind,
  type LimitPeriod,
  type MemberLimits,
} from '@lobby/contracts';
import { parseAmount, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import type { AuditLog } from '../../platform/audit/index.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { LIMIT_ERRORS } from './limits.errors.ts';
import {
  clearPending,
  deleteLimit,
  findLimits,
  lockLimits,
  playSeconds,
  putLimit,
  putPending,
} from './limits.repository.ts';
import {
  allowance,
  changeOf,
  confirmableFrom,
  isConfirmable,
  playDay,
  remainingOf,
  windowStart,
  type StoredLimit,
} from './limits.rules.ts';

/**
 * What limits count, read from the contexts that keep it (given at creation, app.ts): deposit
 * orders not failed (pending ones count until they fail, so two orders cannot pass a limit
 * together), and stakes and payouts of play since an instant.
 */
export type LimitUsage = {
  deposits(executor: Executor, memberId: bigint, since: Date): Promise<bigint>;
  play(
    executor: Executor,
    memberId: bigint,
    since: Date,
  ): Promise<{ stakes: bigint; payouts: bigint }>;
};

type Key = { kind: LimitKind; period: LimitPeriod };

/**
 * A member's own limits (issue 15, points 1 and 2): set, lowered at once, raised or removed
 * after 24 hours and a confirmation; and the checks every money path makes against them, on
 * the server. Each change is a `limit_changed` significant event in its transaction.
 */
export class LimitsService {
  readonly #db: Database;
  readonly #audit: AuditLog;
  readonly #usage: LimitUsage;
  readonly #now: () => Date;

  constructor(options: { db: Database; audit: AuditLog; usage: LimitUsage; now: () => Date }) {
    this.#db = options.db;
    this.#audit = options.audit;
    this.#usage = options.usage;
    this.#now = options.now;
  }

  /** Every limit of the member with what is used and left, and waiting changes. */
  async view(brand: Brand, memberId: bigint): Promise<MemberLimits> {
    const currency = brandCurrency(brand);
    const timeZone = brand.config.settings.timeZone;
    const now = this.#now();
    const limits = await findLimits(this.#db, memberId);
    const usedOf = await this.#usedOf(this.#db, brand, memberId, limits, now);
    const format = (kind: LimitKind, value: bigint) =>
      kind === 'play_time' ? value.toString() : toDecimalString(value, currency);
    return {
      currency,
      timeZone,
      depositLimitPrompt:
        brand.compliance.depositLimitPrompt !== 'none' &&
        !limits.some((limit) => limit.kind === 'deposit'),
      limits: limits.map((limit) => {
        const used = usedOf(limit.kind, limit.period);
        return {
          kind: limit.kind,
          period: limit.period,
          amount: format(limit.kind, limit.amount),
          used: format(limit.kind, used),
          remaining: format(limit.kind, remainingOf(limit.amount, used)),
          pending:
            limit.pendingAt === null
              ? null
              : {
                  amount:
                    limit.pendingAmount === null ? null : format(limit.kind, limit.pendingAmount),
                  confirmableFrom: confirmableFrom(limit.pendingAt).toISOString(),
                  confirmable: isConfirmable(limit, now),
                },
        };
      }),
    };
  }

  /** Sets, lowers (at once), raises or removes (after 24 hours and a confirmation) a limit. */
  async set(brand: Brand, memberId: bigint, key: Key, amountText: string | null): Promise<void> {
    const requested = amountText === null ? null : amountOf(brand, key.kind, amountText);
    const now = this.#now();
    await this.#db.transaction(async (tx) => {
      const current = (await lockLimits(tx, memberId, [key.kind])).find(
        (limit) => limit.period === key.period,
      );
      const change = changeOf(current?.amount ?? null, requested);
      if (change === 'same') {
        // Asking again for what is in force withdraws a waiting change.
        if (current?.pendingAt) await clearPending(tx, memberId, key);
        return;
      }
      if (change === 'apply') await putLimit(tx, memberId, key, requested as bigint);
      else await putPending(tx, memberId, key, requested, now);
      await this.#record(tx, brand, memberId, {
        ...key,
        change:
          change === 'apply'
            ? current
              ? 'lowered'
              : 'set'
            : requested === null
              ? 'removal_requested'
              : 'increase_requested',
        before: current ? current.amount : null,
        after: requested,
      });
    });
  }

  /** Carries out a waiting raise or removal once its 24 hours have passed. */
  async confirm(brand: Brand, memberId: bigint, key: Key): Promise<void> {
    const now = this.#now();
    await this.#db.transaction(async (tx) => {
      const current = (await lockLimits(tx, memberId, [key.kind])).find(
        (limit) => limit.period === key.period,
      );
      if (!current?.pendingAt) throw appError(LIMIT_ERRORS, 'limit_nothing_pending');
      if (!isConfirmable(current, now)) {
        throw appError(LIMIT_ERRORS, 'limit_not_yet_confirmable', {
          params: { from: confirmableFrom(current.pendingAt).toISOString() },
        });
      }
      if (current.pendingAmount === null) await deleteLimit(tx, memberId, key);
      else await putLimit(tx, memberId, key, current.pendingAmount);
      await this.#record(tx, brand, memberId, {
        ...key,
        change: current.pendingAmount === null ? 'removed' : 'raised',
        before: current.amount,
        after: current.pendingAmount,
      });
    });
  }

  /** Withdraws a waiting raise or removal. */
  async cancel(brand: Brand, memberId: bigint, key: Key): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const current = (await lockLimits(tx, memberId, [key.kind])).find(
        (limit) => limit.period === key.period,
      );
      if (!current?.pendingAt) throw appError(LIMIT_ERRORS, 'limit_nothing_pending');
      await clearPending(tx, memberId, key);
      await this.#record(tx, brand, memberId, {
        ...key,
        change: 'pending_withdrawn',
        before: current.amount,
        after: current.amount,
      });
    });
  }

  /**
   * The deposit check, on the order's own transaction `tx` before the order is written: the
   * member's deposit limits are locked (so a concurrent order waits and then counts this one)
   * and an amount past any of them is refused with what may still be deposited.
   */
  async guardDeposit(tx: Executor, brand: Brand, memberId: bigint, amountMinor: bigint) {
    const limits = await lockLimits(tx, memberId, ['deposit']);
    if (limits.length === 0) return;
    const now = this.#now();
    const usedOf = await this.#usedOf(tx, brand, memberId, limits, now);
    const left = allowance(limits, 'deposit', (period) => usedOf('deposit', period));
    if (left !== null && amountMinor > left) {
      throw appError(LIMIT_ERRORS, 'deposit_limit_exceeded', {
        params: { allowed: toDecimalString(left, brandCurrency(brand)) },
      });
    }
  }

  /**
   * The stake check, on the stake's own transaction after it is counted (a seamless debit's
   * row is written): true when every loss and wager limit still holds. The limit rows are
   * locked, so concurrent stakes of one member are counted one after the other.
   */
  async stakeWithinLimits(tx: Executor, brand: Brand, memberId: bigint): Promise<boolean> {
    const limits = await lockLimits(tx, memberId, ['loss', 'wager']);
    if (limits.length === 0) return true;
    const usedOf = await this.#usedOf(tx, brand, memberId, limits, this.#now());
    return limits.every((limit) => usedOf(limit.kind, limit.period) <= limit.amount);
  }

  /**
   * Play may start (a game launch, a transfer into a platform) only while every loss, wager
   * and play-time limit has something left. Throws the refusal.
   */
  async assertPlayAllowed(brand: Brand, memberId: bigint): Promise<void> {
    const limits = (await findLimits(this.#db, memberId)).filter(
      (limit) => limit.kind !== 'deposit',
    );
    if (limits.length === 0) return;
    const usedOf = await this.#usedOf(this.#db, brand, memberId, limits, this.#now());
    for (const limit of limits) {
      if (usedOf(limit.kind, limit.period) < limit.amount) continue;
      throw appError(
        LIMIT_ERRORS,
        limit.kind === 'play_time' ? 'play_time_limit_reached' : 'play_limit_reached',
      );
    }
  }

  /** Minutes of play the member has left today, or null without a play-time limit. */
  async playMinutesLeft(brand: Brand, memberId: bigint): Promise<number | null> {
    const limit = (await findLimits(this.#db, memberId)).find((row) => row.kind === 'play_time');
    if (!limit) return null;
    const seconds = await playSeconds(
      this.#db,
      memberId,
      playDay(this.#now(), brand.config.settings.timeZone),
    );
    return Math.max(0, Number(limit.amount) - Math.floor(seconds / 60));
  }

  /** Used amounts per kind and period (play time in minutes), read once per window. */
  async #usedOf(
    executor: Executor,
    brand: Brand,
    memberId: bigint,
    limits: readonly StoredLimit[],
    now: Date,
  ): Promise<(kind: LimitKind, period: LimitPeriod) => bigint> {
    const timeZone = brand.config.settings.timeZone;
    const deposits = new Map<LimitPeriod, bigint>();
    const play = new Map<LimitPeriod, { stakes: bigint; payouts: bigint }>();
    let playMinutes = 0n;
    for (const limit of limits) {
      const since = windowStart(limit.period, now, timeZone);
      if (limit.kind === 'deposit' && !deposits.has(limit.period)) {
        deposits.set(limit.period, await this.#usage.deposits(executor, memberId, since));
      } else if ((limit.kind === 'loss' || limit.kind === 'wager') && !play.has(limit.period)) {
        play.set(limit.period, await this.#usage.play(executor, memberId, since));
      } else if (limit.kind === 'play_time') {
        const seconds = await playSeconds(executor, memberId, playDay(now, timeZone));
        playMinutes = BigInt(Math.floor(seconds / 60));
      }
    }
    return (kind, period) => {
      if (kind === 'deposit') return deposits.get(period) ?? 0n;
      if (kind === 'play_time') return playMinutes;
      const totals = play.get(period) ?? { stakes: 0n, payouts: 0n };
      if (kind === 'wager') return totals.stakes;
      const loss = totals.stakes - totals.payouts;
      return loss > 0n ? loss : 0n;
    };
  }

  async #record(
    tx: Executor,
    brand: Brand,
    memberId: bigint,
    change: Key & { change: string; before: bigint | null; after: bigint | null },
  ) {
    const currency = brandCurrency(brand);
    const show = (value: bigint | null) =>
      value === null
        ? null
        : change.kind === 'play_time'
          ? `${value} min`
          : toDecimalString(value, currency);
    await this.#audit.record(tx, {
      kind: 'limit_changed',
      brandCode: brand.config.code,
      memberId,
      actor: { type: 'member', id: String(memberId) },
      details: {
        limit: change.kind,
        period: change.period,
        change: change.change,
        before: show(change.before),
        after: show(change.after),
      },
    });
  }
}

/** The member's amount as minor units (money) or minutes (play time); refused when not one. */
function amountOf(brand: Brand, kind: LimitKind, text: string): bigint {
  if (kind === 'play_time') {
    if (!/^\d{1,4}$/.test(text)) throw appError(LIMIT_ERRORS, 'limit_invalid');
    const minutes = BigInt(text);
    if (minutes < 1n || minutes > BigInt(PLAY_TIME_MAX_MINUTES)) {
      throw appError(LIMIT_ERRORS, 'limit_invalid');
    }
    return minutes;
  }
  const currency: CurrencyCode = brandCurrency(brand);
  const parsed = parseAmount(text, currency);
  if (!parsed.ok || parsed.minor <= 0n) throw appError(LIMIT_ERRORS, 'limit_invalid');
  return parsed.minor;
}
