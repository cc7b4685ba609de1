import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../ledger/index.ts';

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

/**
 * A posting on the locked account whose entry also moves the member's centre wallet: the other
 * side of a move between the member's own accounts (a withdrawal request locks money from the
 * wallet, a rejection gives it back). For the member that move is the wallet's posting alone:
 * money out of the wallet, or back into it. Listed too, the locked side read as money coming in
 * on every withdrawal request. A locked posting of its own (the payout) stays listed.
 */
function otherSideOfOwnMove(memberId: bigint): SQL {
  return sql`exists (
    select 1 from postings wallet_leg
    join ledger_accounts wallet_account on wallet_account.id = wallet_leg.account_id
    where wallet_leg.entry_id = ${postings.entryId}
      and wallet_account.member_id = ${memberId}
      and wallet_account.kind = 'member_wallet')`;
}

function conditions(filter: MovementFilter): SQL | undefined {
  const reasons = filter.reasons;
  return and(
    eq(ledgerAccounts.brandCode, filter.brandCode),
    eq(ledgerAccounts.memberId, filter.memberId),
    inArray(ledgerAccounts.kind, MEMBER_KINDS),
    or(ne(ledgerAccounts.kind, 'member_locked'), sql`not ${otherSideOfOwnMove(filter.memberId)}`),
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
 * A page of the postings on a member's centre wallet and locked accounts (without the locked
 * side of moves between the two), with their entries' time and reason, newest first; and how
 * many match in all.
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

/**
 * What the member deposited and what was paid out to them in [from, to), from the ledger: the
 * `deposit` postings on their centre wallet and the `withdrawal_paid` postings on their locked
 * account, in one currency. Withdrawals still in review or rejected are not paid out.
 */
export async function memberDepositFlows(
  executor: Executor,
  filter: { brandCode: string; memberId: bigint; currency: string; from?: Date; to?: Date },
): Promise<{ depositsMinor: bigint; withdrawalsMinor: bigint }> {
  const rows = await executor
    .select({
      // Sums as text: a bigint sum is numeric in PostgreSQL, and text keeps every digit.
      deposits: sql<string>`coalesce(sum(${postings.amountMinor}) filter (where ${journalEntries.reason} = 'deposit' and ${ledgerAccounts.kind} = 'member_wallet'), 0)::text`,
      withdrawals: sql<string>`coalesce(-sum(${postings.amountMinor}) filter (where ${journalEntries.reason} = 'withdrawal_paid' and ${ledgerAccounts.kind} = 'member_locked'), 0)::text`,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(ledgerAccounts.brandCode, filter.brandCode),
        eq(ledgerAccounts.memberId, filter.memberId),
        inArray(ledgerAccounts.kind, MEMBER_KINDS),
        eq(postings.currency, filter.currency),
        inArray(journalEntries.reason, ['deposit', 'withdrawal_paid']),
        filter.from === undefined ? undefined : gte(journalEntries.createdAt, filter.from),
        filter.to === undefined ? undefined : lt(journalEntries.createdAt, filter.to),
      ),
    );
  return {
    depositsMinor: BigInt(rows[0]?.deposits ?? '0'),
    withdrawalsMinor: BigInt(rows[0]?.withdrawals ?? '0'),
  };
}
