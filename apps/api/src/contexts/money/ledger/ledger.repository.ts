import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { queryRows } from '../../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from './ledger.schema.ts';

export type AccountIdentity = {
  brandCode: string;
  kind: string;
  memberId: bigint | null;
  ref: string;
  currency: string;
  shard: number;
  allowNegative: boolean;
};

/** The id of an account, created on first use. */
export async function ensureAccount(executor: Executor, account: AccountIdentity): Promise<bigint> {
  const inserted = await executor
    .insert(ledgerAccounts)
    .values(account)
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (inserted[0]) return inserted[0].id;
  const rows = await executor
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.brandCode, account.brandCode),
        eq(ledgerAccounts.kind, account.kind),
        sql`coalesce(${ledgerAccounts.memberId}, 0) = ${account.memberId ?? 0n}`,
        eq(ledgerAccounts.ref, account.ref),
        eq(ledgerAccounts.currency, account.currency),
        eq(ledgerAccounts.shard, account.shard),
      ),
    );
  const row = rows[0];
  if (!row) throw new Error(`ledger account vanished: ${account.kind}/${account.ref}`);
  return row.id;
}

/** Inserts an entry unless its key is taken; the new id, or null when the key exists. */
export async function insertEntryIfNew(
  executor: Executor,
  entry: typeof journalEntries.$inferInsert,
): Promise<bigint | null> {
  const rows = await executor
    .insert(journalEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: journalEntries.id });
  return rows[0]?.id ?? null;
}

export async function findEntryByKey(
  executor: Executor,
  brandCode: string,
  idempotencyKey: string,
): Promise<{ id: bigint; requestHash: string } | undefined> {
  const rows = await executor
    .select({ id: journalEntries.id, requestHash: journalEntries.requestHash })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.brandCode, brandCode),
        eq(journalEntries.idempotencyKey, idempotencyKey),
      ),
    );
  return rows[0];
}

/**
 * Adds `amount` to an account unless that would take a never-negative account below zero;
 * the new balance, or null when refused. The check and the write are one statement, so no
 * interleaving of concurrent movements can overdraw.
 */
export async function applyToBalance(
  executor: Executor,
  accountId: bigint,
  amount: bigint,
): Promise<bigint | null> {
  const rows = await executor
    .update(ledgerAccounts)
    .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${amount}` })
    .where(
      and(
        eq(ledgerAccounts.id, accountId),
        sql`(${ledgerAccounts.allowNegative} or ${ledgerAccounts.balanceMinor} + ${amount} >= 0)`,
      ),
    )
    .returning({ balance: ledgerAccounts.balanceMinor });
  return rows[0]?.balance ?? null;
}

export async function insertPostings(
  executor: Executor,
  rows: { entryId: bigint; accountId: bigint; currency: string; amountMinor: bigint }[],
): Promise<void> {
  await executor.insert(postings).values(rows);
}

export async function postingsOfEntry(executor: Executor, entryId: bigint) {
  return executor
    .select({
      accountId: postings.accountId,
      amountMinor: postings.amountMinor,
      currency: postings.currency,
      balanceMinor: ledgerAccounts.balanceMinor,
      kind: ledgerAccounts.kind,
      memberId: ledgerAccounts.memberId,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId));
}

/** Balances of one member's accounts by kind and ref, in one currency. */
export async function memberBalances(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: string,
): Promise<{ kind: string; ref: string; balanceMinor: bigint }[]> {
  return executor
    .select({
      kind: ledgerAccounts.kind,
      ref: ledgerAccounts.ref,
      balanceMinor: ledgerAccounts.balanceMinor,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.brandCode, brandCode),
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.currency, currency),
      ),
    );
}

export async function accountBalances(executor: Executor, ids: bigint[]) {
  if (ids.length === 0) return [];
  return executor
    .select({ id: ledgerAccounts.id, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
}

export type LedgerViolation = { invariant: string; detail: string };

/** Every invariant of DESIGN.md section 4 that the ledger tables can prove, with offenders. */
export async function findLedgerViolations(executor: Executor): Promise<LedgerViolation[]> {
  const unbalanced = await queryRows<{ entry_id: bigint; currency: string; total: string }>(
    executor,
    sql`select entry_id, currency, sum(amount_minor)::text as total from postings
        group by entry_id, currency having sum(amount_minor) <> 0 limit 100`,
  );
  const lonely = await queryRows<{ id: bigint; legs: number }>(
    executor,
    sql`select e.id, count(p.id)::int as legs from journal_entries e
        left join postings p on p.entry_id = e.id group by e.id having count(p.id) < 2 limit 100`,
  );
  const drifted = await queryRows<{ id: bigint; balance: bigint; total: string }>(
    executor,
    sql`select a.id, a.balance_minor as balance, coalesce(sum(p.amount_minor), 0)::text as total
        from ledger_accounts a left join postings p on p.account_id = a.id
        group by a.id having a.balance_minor <> coalesce(sum(p.amount_minor), 0) limit 100`,
  );
  const negative = await queryRows<{ id: bigint; balance: bigint }>(
    executor,
    sql`select id, balance_minor as balance from ledger_accounts
        where not allow_negative and balance_minor < 0 limit 100`,
  );
  const mixed = await queryRows<{ id: bigint }>(
    executor,
    sql`select p.id from postings p join ledger_accounts a on a.id = p.account_id
        where p.currency <> a.currency limit 100`,
  );
  // Transfers with game platforms (modules/transfer): each order is final, or in transit with a
  // status query pending; a final order has the one entry that settled it (its reason matching
  // the outcome) and an order in transit its reservation; and what the in-transit account of
  // each platform holds is exactly what its orders in transit carry. One statement each, so a
  // check on a live system reads each from one snapshot.
  const stuck = await queryRows<{ order_no: string; status: string }>(
    executor,
    sql`select order_no, status from game_transfers
        where not (status in ('success', 'failed')
                   or (status = 'in_transit' and next_check_at is not null))
        limit 100`,
  );
  const unsettled = await queryRows<{ order_no: string; status: string; reason: string | null }>(
    executor,
    sql`select t.order_no, t.status, e.reason from game_transfers t
        left join journal_entries e on e.id = t.final_entry_id
        where t.status in ('success', 'failed')
          and (e.id is null
               or e.reason <> ('game_transfer_' || t.direction
                               || case when t.status = 'failed' then '_void' else '' end))
        limit 100`,
  );
  const unreserved = await queryRows<{ order_no: string }>(
    executor,
    sql`select t.order_no from game_transfers t
        left join journal_entries e on e.id = t.reserve_entry_id
        where e.id is null or e.reason <> ('game_transfer_' || t.direction || '_reserve')
        limit 100`,
  );
  const transit = await queryRows<{
    brand_code: string;
    ref: string;
    currency: string;
    held: string;
    carried: string;
  }>(
    executor,
    sql`with held as (
          select brand_code, ref, currency, sum(balance_minor) as held from ledger_accounts
          where kind = 'house_in_transit' group by brand_code, ref, currency),
        carried as (
          select brand_code, platform_id::text as ref, currency, sum(amount_minor) as carried
          from game_transfers where status = 'in_transit' group by brand_code, platform_id, currency)
        select coalesce(h.brand_code, c.brand_code) as brand_code, coalesce(h.ref, c.ref) as ref,
               coalesce(h.currency, c.currency) as currency,
               coalesce(h.held, 0)::text as held, coalesce(c.carried, 0)::text as carried
        from held h full join carried c
          on c.brand_code = h.brand_code and c.ref = h.ref and c.currency = h.currency
        where coalesce(h.held, 0) <> coalesce(c.carried, 0)
        limit 100`,
  );
  return [
    ...stuck.map((row) => ({
      invariant: 'transfer is final or in transit with a status query pending',
      detail: `transfer ${row.order_no} is ${row.status} with no status query due`,
    })),
    ...unsettled.map((row) => ({
      invariant: 'final transfer has its final entry',
      detail: `transfer ${row.order_no} is ${row.status}; its final entry is ${row.reason ?? 'missing'}`,
    })),
    ...unreserved.map((row) => ({
      invariant: 'transfer has its reservation entry',
      detail: `transfer ${row.order_no}`,
    })),
    ...transit.map((row) => ({
      invariant: 'money in transit equals the transfers in transit',
      detail: `${row.brand_code} platform ${row.ref} ${row.currency}: in transit ${row.held}, orders carry ${row.carried}`,
    })),
    ...unbalanced.map((row) => ({
      invariant: 'entry sums to zero',
      detail: `entry ${row.entry_id} ${row.currency} sums to ${row.total}`,
    })),
    ...lonely.map((row) => ({
      invariant: 'entry has two or more postings',
      detail: `entry ${row.id} has ${row.legs}`,
    })),
    ...drifted.map((row) => ({
      invariant: 'balance equals the sum of postings',
      detail: `account ${row.id} holds ${row.balance}, postings sum to ${row.total}`,
    })),
    ...negative.map((row) => ({
      invariant: 'no member account is negative',
      detail: `account ${row.id} holds ${row.balance}`,
    })),
    ...mixed.map((row) => ({
      invariant: 'postings in the account currency',
      detail: `posting ${row.id}`,
    })),
  ];
}

/**
 * What promotions and rebates paid into the centre wallets of a referrer's downline (the
 * members who registered with that invite code) in entries made in [from, to), in the currency:
 * the wallet legs of every entry that has a house_promotions or house_rebates leg, so a cost
 * the member pays back to those accounts (a re-sign) counts negatively. For the agent module.
 */
export async function referralBonusTotal(
  executor: Executor,
  filter: { brandCode: string; referrerMemberId: bigint; currency: string; from: Date; to: Date },
): Promise<bigint> {
  const rows = await queryRows<{ total: string }>(
    executor,
    sql`select coalesce(sum(wallet_leg.amount_minor), 0)::text as total
        from postings wallet_leg
        join ledger_accounts wallet on wallet.id = wallet_leg.account_id
        join members downline on downline.id = wallet.member_id
        join journal_entries entry on entry.id = wallet_leg.entry_id
        where wallet.kind = 'member_wallet'
          and wallet.brand_code = ${filter.brandCode}
          and wallet.currency = ${filter.currency}
          and downline.referrer_member_id = ${String(filter.referrerMemberId)}::bigint
          and downline.brand_code = ${filter.brandCode}
          and entry.created_at >= ${filter.from.toISOString()}::timestamptz
          and entry.created_at < ${filter.to.toISOString()}::timestamptz
          and exists (
            select 1 from postings house_leg
            join ledger_accounts house on house.id = house_leg.account_id
            where house_leg.entry_id = wallet_leg.entry_id
              and house.kind in ('house_promotions', 'house_rebates')
          )`,
  );
  return BigInt(rows[0]?.total ?? '0');
}
