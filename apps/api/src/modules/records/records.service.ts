import { TRANSACTION_TYPES, type TransactionRecord, type TransactionType } from '@lobby/contracts';
import { isCurrencyCode, toDecimalString } from '@lobby/money';
import type { Database } from '../../db/client.ts';
import type { Brand } from '../brand/brand.service.ts';
import { rangeOfDatePreset } from './date-range.ts';
import { listMemberMovements, type MovementFilter } from './records.repository.ts';

/** Ledger reasons that are a type of their own; any other reason reads as `other`. */
const NAMED_REASONS: readonly string[] = TRANSACTION_TYPES.filter((type) => type !== 'other');

function typeOf(reason: string): TransactionType {
  return NAMED_REASONS.includes(reason) ? (reason as TransactionType) : 'other';
}

export type RecordsQuery = {
  type: TransactionType | 'all';
  datePreset: number;
  page: number;
  pageSize: number;
};

/** The member's money movements, read from the ledger: the record of what really moved. */
export class RecordsService {
  readonly #db: Database;

  constructor(dependencies: { db: Database }) {
    this.#db = dependencies.db;
  }

  async transactions(
    brand: Brand,
    memberId: bigint,
    query: RecordsQuery,
    now: Date = new Date(),
  ): Promise<{ items: TransactionRecord[]; total: number; page: number; pageSize: number }> {
    const range = rangeOfDatePreset(query.datePreset, now);
    const filter: MovementFilter = {
      brandCode: brand.config.code,
      memberId,
      ...(query.type === 'all'
        ? {}
        : {
            reasons:
              query.type === 'other' ? { exclude: [...NAMED_REASONS] } : { include: [query.type] },
          }),
      ...(range ? { from: range.from, to: range.to } : {}),
    };
    const { rows, total } = await listMemberMovements(this.#db, filter, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: rows.map((row) => {
        if (!isCurrencyCode(row.currency)) throw new Error(`posting ${row.postingId}: currency`);
        return {
          id: String(row.postingId),
          time: row.createdAt.toISOString(),
          type: typeOf(row.reason),
          account: row.accountKind === 'member_locked' ? ('locked' as const) : ('wallet' as const),
          amount: toDecimalString(row.amountMinor, row.currency),
          currency: row.currency,
        };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
