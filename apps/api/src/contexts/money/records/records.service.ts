import type { TransactionRecord, TransactionType } from '@lobby/contracts';
import { isCurrencyCode, toDecimalString, type CurrencyCode } from '@lobby/money';

import type { Database } from '../../../db/client.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import {
  LEDGER_REASONS,
  reasonsOfRecordType,
  recordTypeOf,
  type LedgerReason,
} from '../ledger/index.ts';
import { memberRecordRange, type RecordRangeQuery } from './record-range.ts';
import {
  listMemberMovements,
  memberDepositFlows,
  type MovementFilter,
} from './records.repository.ts';

/** The reasons with a type of their own; every other reason reads as `other`. */
const NAMED_REASONS = (Object.keys(LEDGER_REASONS) as LedgerReason[]).filter(
  (reason) => LEDGER_REASONS[reason] !== 'other',
);

export type RecordsQuery = RecordRangeQuery & {
  type: TransactionType | 'all';
  page: number;
  pageSize: number;
};

export type NetDepositsSummary = {
  firstDay: string;
  lastDay: string;
  deposits: string;
  withdrawals: string;
  netDeposits: string;
  currency: string;
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
  ): Promise<{
    items: TransactionRecord[];
    total: number;
    page: number;
    pageSize: number;
    summary: NetDepositsSummary;
  }> {
    const range = memberRecordRange(query, now, brand.config.settings.timeZone);
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
      from: range.from,
      to: range.to,
    };
    const currency = brandCurrency(brand);
    const [{ rows, total }, flows] = await Promise.all([
      listMemberMovements(this.#db, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      memberDepositFlows(this.#db, {
        brandCode: brand.config.code,
        memberId,
        currency,
        from: range.from,
        to: range.to,
      }),
    ]);
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
      summary: netDepositsSummary(range, flows, currency),
    };
  }
}

/** Deposits, paid withdrawals and their difference over a range's days, as the API shows them. */
export function netDepositsSummary(
  range: { first: string; last: string },
  flows: { depositsMinor: bigint; withdrawalsMinor: bigint },
  currency: CurrencyCode,
): NetDepositsSummary {
  return {
    firstDay: range.first,
    lastDay: range.last,
    deposits: toDecimalString(flows.depositsMinor, currency),
    withdrawals: toDecimalString(flows.withdrawalsMinor, currency),
    netDeposits: toDecimalString(flows.depositsMinor - flows.withdrawalsMinor, currency),
    currency,
  };
}
