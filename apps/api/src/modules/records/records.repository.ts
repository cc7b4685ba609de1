import { and, count, desc, eq, gte, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema.ts';

export type MovementRow = {
  postingId: bigint;
  createdAt: Date;
  reason: string;
  accountKind: string;
  currency: string;
  amountMinor: bigint;
};

export type MovementFilter = {
  brandCode: string;
  memberId: bigint;
  /** Ledger reasons to keep; with `exclude`, the reasons to leave out instead. */
  reasons?: { include: string[] } | { exclude: string[] };
  from?: Date;
  to?: Date;
};

/** The member accounts whose postings are the member's own movements. */
const MEMBER_KINDS = ['member_wallet', 'member_locked'];

function conditions(filter: MovementFilter): SQL | undefined {
  const reasons = filter.reasons;
  return and(
    eq(ledgerAccounts.brandCode, filter.brandCode),
    eq(ledgerAccounts.memberId, filter.memberId),
    inArray(ledgerAccounts.kind, MEMBER_KINDS),
    reasons === undefined
      ? undefined
      : 'include' in reasons
        ? inArray(journalEntries.reason, reasons.include)
        : notInArray(journalEntries.reason, reasons.exclude),
    filter.from === undefined ? undefined : gte(journalEntries.createdAt, filter.from),
    filter.to === undefined ? undefined : lt(journalEntries.createdAt, filter.to),
  );
}

/**
 * A page of the postings on a member's centre wallet and locked accounts, with their entries'
 * time and reason, newest first; and how many match in all.
 */
export async function listMemberMovements(
  executor: Executor,
  filter: MovementFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: MovementRow[]; total: number }> {
  const where = conditions(filter);
  const rows = await executor
    .select({
      postingId: postings.id,
      createdAt: journalEntries.createdAt,
      reason: journalEntries.reason,
      accountKind: ledgerAccounts.kind,
      currency: postings.currency,
      amountMinor: postings.amountMinor,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where)
    .orderBy(desc(journalEntries.createdAt), desc(postings.id))
    .limit(page.limit)
    .offset(page.offset);
  const totals = await executor
    .select({ total: count() })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}
