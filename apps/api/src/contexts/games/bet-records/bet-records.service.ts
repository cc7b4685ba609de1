import type { BetRecordItem, Language } from '@lobby/contracts';
import { catalogGame, catalogPlatform } from '@lobby/game-protocol';
import { toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { memberRecordRange, type RecordRangeQuery } from '../../money/records/index.ts';
import { localized } from '../games/index.ts';
import { listMemberBetRecords, type BetRecordFilter } from './bet-records.repository.ts';

export type BetRecordsQuery = RecordRangeQuery & {
  /** 0 for every category. */
  category: number;
  /** 0 for every platform. */
  platform: number;
  page: number;
  pageSize: number;
};

export type BetRecordsPage = {
  items: BetRecordItem[];
  total: number;
  page: number;
  pageSize: number;
  totals: { bet: string; validBet: string; payout: string; winLoss: string };
};

/** The member's settled rounds as the platforms reported them (bet-record-sync). */
export class BetRecordsService {
  readonly #db: Database;

  constructor(dependencies: { db: Database }) {
    this.#db = dependencies.db;
  }

  /**
   * The member's rounds, newest first, filtered by date preset in the brand's days (on the
   * settled time), category and platform, with the totals of the whole filtered set.
   */
  async list(
    brand: Brand,
    memberId: bigint,
    language: Language,
    query: BetRecordsQuery,
    now: Date = new Date(),
  ): Promise<BetRecordsPage> {
    const currency = brandCurrency(brand);
    const range = memberRecordRange(query, now, brand.config.settings.timeZone);
    const filter: BetRecordFilter = {
      brandCode: brand.config.code,
      memberId,
      currency,
      from: range.from,
      to: range.to,
      ...(query.category === 0 ? {} : { category: query.category }),
      ...(query.platform === 0 ? {} : { platformId: query.platform }),
    };
    const { rows, total, sums } = await listMemberBetRecords(this.#db, filter, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const money = (minor: bigint) => toDecimalString(minor, currency);
    return {
      items: rows.map((row) => {
        const platform = catalogPlatform(row.platformId);
        const game = catalogGame(row.platformId, row.gameCode);
        return {
          roundId: row.roundId,
          platformId: row.platformId,
          platformName: platform ? localized(platform.name, language) : String(row.platformId),
          gameCode: row.gameCode,
          // A game the catalog no longer lists still shows, under its code.
          gameName: game ? localized(game.name, language) : row.gameCode,
          category: row.category,
          bet: money(row.betMinor),
          validBet: money(row.validBetMinor),
          payout: money(row.payoutMinor),
          winLoss: money(row.payoutMinor - row.betMinor),
          currency,
          placedAt: row.placedAt.toISOString(),
          settledAt: row.settledAt.toISOString(),
        };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
      totals: {
        bet: money(sums.betMinor),
        validBet: money(sums.validBetMinor),
        payout: money(sums.payoutMinor),
        winLoss: money(sums.payoutMinor - sums.betMinor),
      },
    };
  }
}
