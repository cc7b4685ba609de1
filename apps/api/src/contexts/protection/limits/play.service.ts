import type { RealityCheckSettings } from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { addPlayTime, findPlaySettings, putPlaySettings } from './limits.repository.ts';
import { playDay } from './limits.rules.ts';
import type { LimitUsage } from './limits.service.ts';

/** The most seconds one tick counts: a gap in the ticks (a closed laptop) is no play. */
const TICK_CAP_SECONDS = 90;

/**
 * Play as it happens (issue 15, points 1 and 3): the game screen's tick once a minute counts the
 * day's play time and answers what the reality check shows: the minutes of this session and its
 * net result, and whether play must stop (the daily play time is used, or `mayPlay` refuses: a
 * limit reached, an exclusion). The reality-check interval is the member's, else the brand's.
 */
export class PlayService {
  readonly #db: Database;
  readonly #usage: LimitUsage;
  readonly #now: () => Date;
  readonly #mayPlay: (brand: Brand, memberId: bigint) => Promise<void>;
  readonly #playMinutesLeft: (brand: Brand, memberId: bigint) => Promise<number | null>;

  constructor(options: {
    db: Database;
    usage: LimitUsage;
    now: () => Date;
    mayPlay: (brand: Brand, memberId: bigint) => Promise<void>;
    playMinutesLeft: (brand: Brand, memberId: bigint) => Promise<number | null>;
  }) {
    this.#db = options.db;
    this.#usage = options.usage;
    this.#now = options.now;
    this.#mayPlay = options.mayPlay;
    this.#playMinutesLeft = options.playMinutesLeft;
  }

  async realityCheck(brand: Brand, memberId: bigint): Promise<RealityCheckSettings> {
    const settings = await findPlaySettings(this.#db, memberId);
    const chosen = settings?.realityCheckMinutes ?? null;
    const brandDefault = brand.compliance.realityCheckDefaultMinutes;
    return {
      chosenMinutes: chosen,
      minutes: chosen ?? brandDefault,
      brandDefaultMinutes: brandDefault,
    };
  }

  async setRealityCheck(
    brand: Brand,
    memberId: bigint,
    minutes: number | null,
  ): Promise<RealityCheckSettings> {
    await putPlaySettings(this.#db, memberId, minutes);
    return this.realityCheck(brand, memberId);
  }

  async tick(brand: Brand, memberId: bigint, startedAt: Date) {
    const now = this.#now();
    const dayAgo = now.getTime() - 24 * 3_600_000;
    const since = new Date(Math.min(now.getTime(), Math.max(dayAgo, startedAt.getTime())));
    await addPlayTime(
      this.#db,
      memberId,
      playDay(now, brand.config.settings.timeZone),
      now,
      TICK_CAP_SECONDS,
    );
    const [check, play, left] = await Promise.all([
      this.realityCheck(brand, memberId),
      this.#usage.play(this.#db, memberId, since),
      this.#playMinutesLeft(brand, memberId),
    ]);
    let stop: string | null = null;
    try {
      await this.#mayPlay(brand, memberId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      stop = error.code;
    }
    return {
      realityCheckMinutes: check.minutes,
      sessionMinutes: Math.floor((now.getTime() - since.getTime()) / 60_000),
      net: toDecimalString(play.payouts - play.stakes, brandCurrency(brand)),
      currency: brand.config.currencyCode,
      playTimeLeftMinutes: left,
      stop,
    };
  }
}
