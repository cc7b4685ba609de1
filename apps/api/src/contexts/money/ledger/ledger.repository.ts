import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  preparedStatement,
  queryRows,
  type Executor,
  type PreparedStatement,
} from '../../../db/client.ts';
import { journalEntries, journalKeys, ledgerAccounts, postings } from './ledger.schema.ts';

export type AccountIdentity = {
  brandCode: string;
  kind: string;
  memberId: bigint | null;
  ref: string;
  currency: string;
  shard: number;
  allowNegative: boolean;
};

/** The id of an account, if it exists. */
export async function findAccount(
  executor: Executor,
  account: AccountIdentity,
): Promise<bigint | undefined> {
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
  return rows[0]?.id;
}

/** The id of an account, created on first use (read first: nearly every account exists). */
export async function ensureAccount(executor: Executor, account: AccountIdentity): Promise<bigint> {
  const existing = await findAccount(executor, account);
  if (existing !== undefined) return existing;
  const inserted = await executor
    .insert(ledgerAccounts)
    .values(account)
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (inserted[0]) return inserted[0].id;
  // Made by a concurrent first use meanwhile (the insert waited for it to commit).
  const made = await findAccount(executor, account);
  if (made === undefined)
    throw new Error(`ledger account vanished: ${account.kind}/${account.ref}`);
  return made;
}

/** Guards evaluated on their own, by name (see evaluateGuard). */
const guardStatements = new Map<string, PreparedStatement<{ refused: string | null }>>();

/**
 * What a movement's guard answers now, on its own (before an account it needs is made: see
 * LedgerService.postIf). The movement's statement evaluates it again.
 */
export async function evaluateGuard(
  executor: Executor,
  guard: MovementPart<SQL>,
): Promise<string | null> {
  let statement = guardStatements.get(guard.name);
  if (!statement) {
    statement = preparedStatement(
      `ledger_guard_${guard.name}`,
      sql`select (${guard.build})::text as refused`,
    );
    guardStatements.set(guard.name, statement);
  }
  const rows = await statement(executor, guard.values);
  return rows[0]?.refused ?? null;
}

export async function findEntryByKey(
  executor: Executor,
  brandCode: string,
  idempotencyKey: string,
): Promise<{ id: bigint; requestHash: string } | undefined> {
  const rows = await executor
    .select({ id: journalEntries.id, requestHash: journalEntries.requestHash })
    .from(journalKeys)
    .innerJoin(journalEntries, eq(journalEntries.id, journalKeys.entryId))
    .where(
      and(eq(journalKeys.brandCode, brandCode), eq(journalKeys.idempotencyKey, idempotencyKey)),
    );
  return rows[0];
}

/** The driver's error behind `error`, however deep drizzle wrapped it (db/errors.ts does the same). */
function driverError(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof (current as { code?: unknown }).code === 'string') return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A movement refused because it would take a never-negative account below zero (the CHECK). */
export function isNegativeBalance(error: unknown): boolean {
  const found = driverError(error);
  return found?.code === '23514' && found.constraint === 'ledger_accounts_not_negative';
}

/** A movement that named an account id that does not exist (the postings' foreign key). */
export function isMissingAccount(error: unknown): boolean {
  const found = driverError(error);
  return (
    found?.code === '23503' && found.constraint === 'postings_account_id_ledger_accounts_id_fk'
  );
}

/** One leg of a movement on a known account. */
export type MovementLeg = { accountId: bigint; currency: string; amountMinor: bigint };

/** An account a movement changed, as it is after the movement. */
export type MovedAccount = {
  accountId: bigint;
  kind: string;
  memberId: bigint | null;
  balanceMinor: bigint;
};

/**
 * Another module's SQL in a movement's statement (see applyMovement): built once with
 * `sql.placeholder` parameters, prepared with the statement, and given this call's values.
 */
export type MovementPart<Build> = {
  /**
   * A few letters naming the part's SQL in the prepared statement's name: one name, one SQL
   * (node-postgres refuses a name reused for another text on a connection).
   */
  name: string;
  build: Build;
  /** The values of the part's placeholders, whose names must not start with `m_`. */
  values: Record<string, unknown>;
};

/**
 * What an `insert` part reads: `entry` (id) holds the new entry (no row on a replay or a
 * refusal); `moved` (account_id, kind, member_id, balance_minor) the accounts after the
 * movement. The part gives one or more common table expressions (`name as (statement)`,
 * comma-separated, each name starting with the part's name), which the statement runs after
 * the movement; none may return rows the movement needs.
 */
export type MovementRelations = { entry: SQL; moved: SQL };

export type Movement = {
  entry: typeof journalEntries.$inferInsert;
  /**
   * Each account once with the sum of its legs and the lowest running sum of its legs in
   * their order, in ascending id order.
   */
  accounts: { accountId: bigint; amountMinor: bigint; lowestMinor: bigint }[];
  legs: MovementLeg[];
  /** A text expression: null lets the movement happen, anything else refuses it (see below). */
  guard?: MovementPart<SQL>;
  /** Common table expressions that write what goes with the money (see MovementRelations). */
  insert?: MovementPart<(relations: MovementRelations) => SQL>;
};

export type MovementOutcome = {
  /** The new entry, or null: the key was taken (a replay), or the guard refused. */
  entryId: bigint | null;
  /** What the guard answered when it refused; null when it let the movement happen. */
  refused: string | null;
  accounts: MovedAccount[];
};

const placeholder = (name: string) => sql.placeholder(name);

/** The statement of one shape of movement (see applyMovement), built once. */
function movementStatement(
  accountCount: number,
  legCount: number,
  guard: SQL | undefined,
  insert: ((relations: MovementRelations) => SQL) | undefined,
): SQL {
  const parts: SQL[] = [];
  if (guard) parts.push(sql`guard as (select (${guard})::text as refused)`);
  // The key first (journal_keys holds the uniqueness the partitioned journal_entries cannot):
  // taken, it returns no row and nothing else happens.
  parts.push(sql`entry_key as (
      insert into journal_keys (brand_code, idempotency_key, entry_id)
      select ${placeholder('m_brand')}::text, ${placeholder('m_key')}::text,
             nextval('journal_entries_id_seq')
      ${guard ? sql`from guard where guard.refused is null` : sql``}
      on conflict do nothing
      returning entry_id)`);
  parts.push(sql`entry as (
      insert into journal_entries
        (id, brand_code, reason, idempotency_key, request_hash, actor_type, actor_id, memo)
      overriding system value
      select entry_key.entry_id, ${placeholder('m_brand')}::text, ${placeholder('m_reason')}::text,
             ${placeholder('m_key')}::text, ${placeholder('m_hash')}::text,
             ${placeholder('m_actor_type')}::text, ${placeholder('m_actor_id')}::text,
             ${placeholder('m_memo')}::text
      from entry_key
      returning id, created_at)`);
  for (let index = 0; index < accountCount; index++) {
    const previous = sql.raw(index === 0 ? 'entry' : `moved_${index - 1}`);
    const amount = placeholder(`m_a${index}_amount`);
    const lowest = placeholder(`m_a${index}_lowest`);
    parts.push(sql`${sql.raw(`moved_${index}`)} as (
      update ledger_accounts set balance_minor = case
          when allow_negative or balance_minor + ${lowest}::bigint >= 0
          then balance_minor + ${amount}::bigint
          else -1 end
      where id = ${placeholder(`m_a${index}_id`)}::bigint and exists (select 1 from ${previous})
      returning id as account_id, kind, member_id, balance_minor)`);
  }
  const legRows = sql.join(
    Array.from(
      { length: legCount },
      (_, index) =>
        sql`(${placeholder(`m_l${index}_account`)}::bigint, ${placeholder(`m_l${index}_currency`)}::text, ${placeholder(`m_l${index}_amount`)}::bigint)`,
    ),
    sql`, `,
  );
  parts.push(sql`posted as (
    insert into postings (entry_id, account_id, currency, amount_minor, created_at)
    select entry.id, leg.account_id, leg.currency, leg.amount_minor, entry.created_at
    from entry, (values ${legRows}) as leg (account_id, currency, amount_minor))`);
  parts.push(
    sql`moved as (${sql.raw(
      Array.from({ length: accountCount }, (_, index) => `select * from moved_${index}`).join(
        ' union all ',
      ),
    )})`,
  );
  if (insert) {
    parts.push(insert({ entry: sql.raw('entry'), moved: sql.raw('moved') }));
  }
  return sql`with ${sql.join(parts, sql`, `)}
      select entry.id as entry_id, ${guard ? sql`guard.refused` : sql`null::text`} as refused,
             moved.account_id, moved.kind, moved.member_id, moved.balance_minor
      from (select 1) as one
      ${guard ? sql`left join guard on true` : sql``}
      left join entry on true
      left join moved on true`;
}

type MovementRow = {
  entry_id: bigint | null;
  refused: string | null;
  account_id: bigint | null;
  kind: string | null;
  member_id: bigint | null;
  balance_minor: bigint | null;
};

/** Prepared movement statements by shape (a handful: the legs of the ledger's reasons). */
const movementStatements = new Map<string, PreparedStatement<MovementRow>>();

/**
 * A whole movement in ONE statement: the entry (unless its key is taken or the guard refuses),
 * each account's balance, the postings and the `insert` part, so it is atomic on its own
 * (autocommit) and holds the accounts' row locks only while it runs. The statement of each
 * shape (number of accounts and legs, the parts) is built once and prepared.
 *
 * - Guard: evaluated first, in the statement's snapshot; when it answers anything but null the
 *   entry is not inserted and nothing else happens (`refused` says what it answered).
 * - Replay: when the key is taken nothing else happens and `entryId` is null.
 * - Lock order: the balance updates are chained (each waits for the previous one through a
 *   one-time EXISTS) in the order of `accounts`, which the caller sorts by id, so two movements
 *   on the same accounts never deadlock.
 * - Never negative: a member account below zero breaks the CHECK `ledger_accounts_not_negative`
 *   and the whole statement fails (see `isNegativeBalance`); nothing of it stays. Legs apply in
 *   their order: an account whose running sum would dip below zero on the way is set to -1,
 *   which breaks the same CHECK, so netting within an entry never lets an overdraft through.
 * - The postings reference the accounts (foreign key): an account id that does not exist fails
 *   the statement rather than leave an entry without its postings.
 * - A unique violation in the `insert` part fails the statement: nothing moves.
 *
 * Every read in it is by primary key or unique index, so its plan does not depend on statistics.
 */
export async function applyMovement(
  executor: Executor,
  movement: Movement,
): Promise<MovementOutcome> {
  const { entry, accounts, legs, guard, insert } = movement;
  const shape = `m${accounts.length}_${legs.length}_${guard?.name ?? ''}_${insert?.name ?? ''}`;
  let statement = movementStatements.get(shape);
  if (!statement) {
    statement = preparedStatement<MovementRow>(
      `ledger_${shape}`,
      movementStatement(accounts.length, legs.length, guard?.build, insert?.build),
    );
    movementStatements.set(shape, statement);
  }
  const values: Record<string, unknown> = {
    ...guard?.values,
    ...insert?.values,
    m_brand: entry.brandCode,
    m_reason: entry.reason,
    m_key: entry.idempotencyKey,
    m_hash: entry.requestHash,
    m_actor_type: entry.actorType,
    m_actor_id: entry.actorId,
    m_memo: entry.memo ?? null,
  };
  accounts.forEach((account, index) => {
    values[`m_a${index}_id`] = String(account.accountId);
    values[`m_a${index}_amount`] = String(account.amountMinor);
    values[`m_a${index}_lowest`] = String(account.lowestMinor);
  });
  legs.forEach((leg, index) => {
    values[`m_l${index}_account`] = String(leg.accountId);
    values[`m_l${index}_currency`] = leg.currency;
    values[`m_l${index}_amount`] = String(leg.amountMinor);
  });
  const rows = await statement(executor, values);
  const entryId = rows[0]?.entry_id ?? null;
  return {
    entryId: entryId === null ? null : BigInt(entryId),
    refused: rows[0]?.refused ?? null,
    accounts: rows
      .filter((row) => row.account_id !== null)
      .map((row) => ({
        accountId: BigInt(row.account_id!),
        kind: row.kind!,
        memberId: row.member_id === null ? null : BigInt(row.member_id),
        balanceMinor: BigInt(row.balance_minor!),
      })),
  };
}

/** The accounts' current rows, by primary key (no join: the plan never depends on statistics). */
export async function accountsByIds(
  executor: Executor,
  ids: bigint[],
): Promise<{ id: bigint; kind: string; memberId: bigint | null; balanceMinor: bigint }[]> {
  if (ids.length === 0) return [];
  return executor
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      memberId: ledgerAccounts.memberId,
      balanceMinor: ledgerAccounts.balanceMinor,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
}

/** The legs of an entry (by the postings_entry index), without their accounts. */
export async function legsOfEntry(
  executor: Executor,
  entryId: bigint,
): Promise<{ accountId: bigint; amountMinor: bigint }[]> {
  return executor
    .select({ accountId: postings.accountId, amountMinor: postings.amountMinor })
    .from(postings)
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

/**
 * The member's wallet, locked and platform balances as one row (wallet_minor, locked_minor,
 * platforms_minor, as text), for a read that joins it with other modules' parts in one round
 * trip (the wallet's balance). By the accounts' (brand, member, currency) index.
 */
export function memberBalancesRow(member: { brandCode: SQL; memberId: SQL; currency: SQL }): SQL {
  return sql`select
      coalesce(sum(${ledgerAccounts.balanceMinor}) filter (where ${ledgerAccounts.kind} = 'member_wallet'), 0)::text as wallet_minor,
      coalesce(sum(${ledgerAccounts.balanceMinor}) filter (where ${ledgerAccounts.kind} = 'member_locked'), 0)::text as locked_minor,
      coalesce(sum(${ledgerAccounts.balanceMinor}) filter (where ${ledgerAccounts.kind} = 'member_platform'), 0)::text as platforms_minor
    from ${ledgerAccounts}
    where ${ledgerAccounts.brandCode} = ${member.brandCode} and ${ledgerAccounts.memberId} = ${member.memberId}
      and ${ledgerAccounts.currency} = ${member.currency}`;
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
  // The postings and the keys have no foreign key to their entry (partitioned by month,
  // decision 0029): each must name an entry, and each entry must hold its key.
  const orphans = await queryRows<{ id: bigint; entry_id: bigint }>(
    executor,
    sql`select p.id, p.entry_id from postings p
        where not exists (select 1 from journal_entries e where e.id = p.entry_id) limit 100`,
  );
  const unkeyed = await queryRows<{ id: bigint }>(
    executor,
    sql`select e.id from journal_entries e
        where not exists (select 1 from journal_keys k where k.brand_code = e.brand_code
                            and k.idempotency_key = e.idempotency_key and k.entry_id = e.id)
        limit 100`,
  );
  const keyless = await queryRows<{ brand_code: string; idempotency_key: string }>(
    executor,
    sql`select k.brand_code, k.idempotency_key from journal_keys k
        where not exists (select 1 from journal_entries e where e.id = k.entry_id) limit 100`,
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
    ...orphans.map((row) => ({
      invariant: 'posting belongs to an entry',
      detail: `posting ${row.id} names entry ${row.entry_id}, which does not exist`,
    })),
    ...unkeyed.map((row) => ({
      invariant: 'entry holds its idempotency key',
      detail: `entry ${row.id}`,
    })),
    ...keyless.map((row) => ({
      invariant: 'idempotency key names an entry',
      detail: `${row.brand_code} key ${row.idempotency_key}`,
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
