import type { TransactionRecord, TransactionType } from '@lobby/contracts';
import { isCurrencyCode, toDecimalString } from '@lobby/money';
import { presetInstants } from '@lobby/time';
import type { Database } from '../../../db/client.ts';
import type { Brand } from '../../platform/brand/index.ts';
import {
  LEDGER_REASONS,
  reasonsOfRecordType,
  recordTypeOf,
  type LedgerReason,
} from '../ledger/index.ts';
import { listMemberMovements, type MovementFilter } from './records.repository.ts';

/** The reasons with a type of their own; every other reason reads as `other`. */
const NAMED_REASONS = (Object.keys(LEDGER_REASONS) as LedgerReason[]).filter(
  (reason) => LEDGER_REASONS[reason] !== 'other',
);

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
    const range = presetInstants(query.datePreset, now, brand.config.settings.timeZone);
    const filter: MovementFilter = {
      brandCode: brand.config.code,
      memberId,
      ...(query.type === 'all'
        ? {}
        : {
            reasons:
              query.type === 'other'
                ? { exclude: NAMED_REASONS }
                : { include: reasonsOfRecordType(query.type) },
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
          type: recordTypeOf(row.reason),
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
