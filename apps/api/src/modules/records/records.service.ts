import type { TransactionRecord, TransactionType } from '@lobby/contracts';
import { isCurrencyCode, toDecimalString } from '@lobby/money';
import type { Database } from '../../db/client.ts';
import type { Brand } from '../brand/brand.service.ts';
import { TRANSFER_RECORD_REASONS } from '../transfer/transfer.service.ts';
import { rangeOfDatePreset } from './date-range.ts';
import { listMemberMovements, type MovementFilter } from './records.repository.ts';

type NamedType = Exclude<TransactionType, 'other'>;

/**
 * The ledger reasons each type reads from: most types are one reason of the same name; the
 * transfers have several (the move out of the wallet and, if the platform refused, its return).
 * Any other reason reads as `other`.
 */
const REASONS_OF_TYPE: Record<NamedType, readonly string[]> = {
  deposit: ['deposit'],
  withdrawal_request: ['withdrawal_request'],
  withdrawal_paid: ['withdrawal_paid'],
  withdrawal_rejected: ['withdrawal_rejected'],
  adjustment: ['adjustment'],
  ...TRANSFER_RECORD_REASONS,
  // Promotions (a re-sign's cost reads as a negative bonus) and VIP bonuses.
  bonus: ['promo_sign', 'promo_resign', 'promo_bonus', 'promo_gift', 'vip_upgrade', 'vip_monthly'],
  rebate: ['vip_rebate'],
  commission: ['agent_commission'],
};

const TYPE_OF_REASON = new Map<string, NamedType>(
  Object.entries(REASONS_OF_TYPE).flatMap(([type, reasons]) =>
    reasons.map((reason) => [reason, type as NamedType] as const),
  ),
);
const NAMED_REASONS: string[] = [...TYPE_OF_REASON.keys()];

function typeOf(reason: string): TransactionType {
  return TYPE_OF_REASON.get(reason) ?? 'other';
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
    const range = rangeOfDatePreset(query.datePreset, now, brand.config.settings.timeZone);
    const filter: MovementFilter = {
      brandCode: brand.config.code,
      memberId,
      ...(query.type === 'all'
        ? {}
        : {
            reasons:
              query.type === 'other'
                ? { exclude: NAMED_REASONS }
                : { include: [...REASONS_OF_TYPE[query.type]] },
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
