import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';
import { depositChannels, depositOrders } from '../../money/deposit/index.ts';
import { journalEntries, ledgerAccounts, postings } from '../../money/ledger/index.ts';
import { payoutAccounts } from '../../money/payout/index.ts';
import { withdrawalOrders } from '../../money/withdrawal/index.ts';
import { gameTransfers } from '../../games/transfer/index.ts';
import {
  giftExchanges,
  promotionClaims,
  promotionGifts,
  promotions,
  signInDays,
} from '../../engagement/promo/index.ts';
import { vipRewards } from '../../engagement/vip/index.ts';

/**
 * The member 360 view's history reads. Each is scoped to one member (and their brand) and reads
 * through that member's own indexes; the tables are the ones their modules export.
 */

export type TimeRange = { from?: Date | undefined; to?: Date | undefined };
export type Page = { offset: number; limit: number };
export type MemberKey = { brandCode: string; memberId: bigint };

function within(column: Parameters<typeof gte>[0], range: TimeRange): SQL | undefined {
  return and(
    range.from === undefined ? undefined : gte(column, range.from),
    range.to === undefined ? undefined : lt(column, range.to),
  );
}

// ---------------------------------------------------------------------------------------------
// Ledger.

export type LedgerAccountKind = 'member_wallet' | 'member_locked' | 'member_platform';

export type LedgerFilter = MemberKey &
  TimeRange & {
    kind?: LedgerAccountKind | undefined;
    /** The platform id of a member_platform account. */
    platformRef?: string | undefined;
    reason?: string | undefined;
    /** Postings older than this one (a keyset page). */
    beforeId?: bigint | undefined;
  };

export type LedgerRow = {
  id: string;
  entry_id: string;
  account_id: string;
  kind: LedgerAccountKind;
  ref: string;
  currency: string;
  amount_minor: string;
  account_balance_minor: string;
  /**
   * The sum of the account's postings newer than this one and not newer than the account's
   * previous row on the page (for its first row: every newer posting).
   */
  gap_minor: string;
  reason: string;
  reference: string;
  memo: string | null;
  actor_type: string;
  actor_id: string;
  created_at: Date | string;
};

/**
 * Up to `limit` postings on the member's own accounts, newest first, with what the account
 * balance needs to be read back to each of them. Each account is read backwards along its
 * (account, id) index and the pages merged, so a page costs its rows, not the member's history.
 * The ledger keeps no balance per posting: it is the account's balance, in the same snapshot,
 * less the postings newer than the row, summed once per stretch between the page's rows.
 * `newer` (an export's next batch) names, per account, the row an earlier batch ended that
 * account with: its first row here then sums only the stretch up to that row.
 */
export async function memberPostings(
  executor: Executor,
  filter: LedgerFilter,
  limit: number,
  newer: ReadonlyMap<string, string> = new Map(),
): Promise<LedgerRow[]> {
  const accountWhere: SQL[] = [
    sql`a.member_id = ${filter.memberId}`,
    sql`a.brand_code = ${filter.brandCode}`,
    sql`a.kind in ('member_wallet', 'member_locked', 'member_platform')`,
  ];
  if (filter.kind) accountWhere.push(sql`a.kind = ${filter.kind}`);
  if (filter.platformRef !== undefined) {
    accountWhere.push(sql`a.kind = 'member_platform' and a.ref = ${filter.platformRef}`);
  }
  const postingWhere: SQL[] = [sql`p.account_id = a.id`];
  if (filter.beforeId !== undefined) postingWhere.push(sql`p.id < ${filter.beforeId}`);
  if (filter.reason !== undefined) postingWhere.push(sql`e.reason = ${filter.reason}`);
  if (filter.from !== undefined) postingWhere.push(sql`e.created_at >= ${filter.from}`);
  if (filter.to !== undefined) postingWhere.push(sql`e.created_at < ${filter.to}`);
  const carried =
    newer.size === 0
      ? sql`select null::bigint as account_id, null::bigint as newer_id where false`
      : sql`values ${sql.join(
          [...newer].map(([account, id]) => sql`(${account}::bigint, ${id}::bigint)`),
          sql`, `,
        )}`;
  return queryRows<LedgerRow>(
    executor,
    sql`with accounts as materialized (
          select a.id, a.kind, a.ref, a.balance_minor from ${ledgerAccounts} a
          where ${sql.join(accountWhere, sql` and `)}
        ),
        page as materialized (
          select x.*, a.kind, a.ref, a.balance_minor as account_balance_minor
          from accounts a
          cross join lateral (
            select p.id, p.entry_id, p.account_id, p.currency, p.amount_minor, e.reason,
              e.idempotency_key as reference, e.memo, e.actor_type, e.actor_id, e.created_at
            from ${postings} p join ${journalEntries} e on e.id = p.entry_id
            where ${sql.join(postingWhere, sql` and `)}
            order by p.id desc
            limit ${limit}
          ) x
          order by x.id desc
          limit ${limit}
        ),
        carried (account_id, newer_id) as (${carried}),
        stretches as (
          select page.*,
            coalesce(
              lag(page.id) over (partition by page.account_id order by page.id desc),
              (select c.newer_id from carried c where c.account_id = page.account_id)
            ) as newer_id
          from page
        )
        select s.id::text as id, s.entry_id::text as entry_id, s.account_id::text as account_id,
          s.kind, s.ref, s.currency, s.amount_minor::text as amount_minor,
          s.account_balance_minor::text as account_balance_minor,
          (select coalesce(sum(q.amount_minor), 0) from ${postings} q
            where q.account_id = s.account_id and q.id > s.id
              and (s.newer_id is null or q.id <= s.newer_id))::text as gap_minor,
          s.reason, s.reference, s.memo, s.actor_type, s.actor_id, s.created_at
        from stretches s
        order by s.id desc`,
  );
}

// ---------------------------------------------------------------------------------------------
// Deposits and withdrawals.

export type DepositFilter = MemberKey &
  TimeRange & {
    status?: (typeof depositOrders.$inferSelect)['status'] | undefined;
    channelType?: string | undefined;
  };

export type DepositRow = typeof depositOrders.$inferSelect & { channelName: string | null };

export function depositWhere(filter: DepositFilter): SQL | undefined {
  return and(
    eq(depositOrders.memberId, filter.memberId),
    eq(depositOrders.brandCode, filter.brandCode),
    filter.status === undefined ? undefined : eq(depositOrders.status, filter.status),
    filter.channelType === undefined
      ? undefined
      : eq(depositOrders.channelType, filter.channelType),
    within(depositOrders.createdAt, filter),
  );
}

/** Deposit orders with their channel's name. */
export function selectDeposits(executor: Executor) {
  return executor
    .select({ order: depositOrders, channelName: depositChannels.name })
    .from(depositOrders)
    .leftJoin(
      depositChannels,
      and(
        eq(depositChannels.brandCode, depositOrders.brandCode),
        eq(depositChannels.code, depositOrders.channelCode),
      ),
    );
}

export async function memberDeposits(
  executor: Executor,
  filter: DepositFilter,
  page: Page,
): Promise<{ rows: DepositRow[]; total: number; confirmedMinor: bigint }> {
  const where = depositWhere(filter);
  const rows = await selectDeposits(executor)
    .where(where)
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await executor
    .select({
      total: count(),
      // Text: a bigint sum is numeric in PostgreSQL, and text keeps every digit.
      confirmed: sql<string>`coalesce(sum(${depositOrders.amountMinor}) filter (where ${depositOrders.status} = 'confirmed'), 0)::text`,
    })
    .from(depositOrders)
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.order, channelName: row.channelName })),
    total: Number(totals?.total ?? 0),
    confirmedMinor: BigInt(totals?.confirmed ?? '0'),
  };
}

export type WithdrawalFilter = MemberKey &
  TimeRange & { status?: (typeof withdrawalOrders.$inferSelect)['status'] | undefined };

export type WithdrawalRow = typeof withdrawalOrders.$inferSelect & {
  account: typeof payoutAccounts.$inferSelect;
};

export function withdrawalWhere(filter: WithdrawalFilter): SQL | undefined {
  return and(
    eq(withdrawalOrders.memberId, filter.memberId),
    eq(withdrawalOrders.brandCode, filter.brandCode),
    filter.status === undefined ? undefined : eq(withdrawalOrders.status, filter.status),
    within(withdrawalOrders.createdAt, filter),
  );
}

/** Withdrawal orders with the payout account they were (to be) paid to. */
export function selectWithdrawals(executor: Executor) {
  return executor
    .select({ order: withdrawalOrders, account: payoutAccounts })
    .from(withdrawalOrders)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawalOrders.payoutAccountId));
}

export async function memberWithdrawals(
  executor: Executor,
  filter: WithdrawalFilter,
  page: Page,
): Promise<{ rows: WithdrawalRow[]; total: number; paidMinor: bigint }> {
  const where = withdrawalWhere(filter);
  const rows = await selectWithdrawals(executor)
    .where(where)
    .orderBy(desc(withdrawalOrders.createdAt), desc(withdrawalOrders.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await executor
    .select({
      total: count(),
      paid: sql<string>`coalesce(sum(${withdrawalOrders.amountMinor}) filter (where ${withdrawalOrders.status} = 'approved'), 0)::text`,
    })
    .from(withdrawalOrders)
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.order, account: row.account })),
    total: Number(totals?.total ?? 0),
    paidMinor: BigInt(totals?.paid ?? '0'),
  };
}

// ---------------------------------------------------------------------------------------------
// Game transfers.

export type TransferFilter = MemberKey &
  TimeRange & {
    status?: (typeof gameTransfers.$inferSelect)['status'] | undefined;
    direction?: 'in' | 'out' | undefined;
    platformId?: number | undefined;
  };

export type TransferRow = typeof gameTransfers.$inferSelect;

export function transferWhere(filter: TransferFilter): SQL | undefined {
  return and(
    eq(gameTransfers.memberId, filter.memberId),
    eq(gameTransfers.brandCode, filter.brandCode),
    filter.status === undefined ? undefined : eq(gameTransfers.status, filter.status),
    filter.direction === undefined ? undefined : eq(gameTransfers.direction, filter.direction),
    filter.platformId === undefined ? undefined : eq(gameTransfers.platformId, filter.platformId),
    within(gameTransfers.createdAt, filter),
  );
}

export async function memberTransfers(
  executor: Executor,
  filter: TransferFilter,
  page: Page,
): Promise<{ rows: TransferRow[]; total: number }> {
  const where = transferWhere(filter);
  const rows = await executor
    .select()
    .from(gameTransfers)
    .where(where)
    .orderBy(desc(gameTransfers.createdAt), desc(gameTransfers.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await executor.select({ total: count() }).from(gameTransfers).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Rewards: promotion claims, sign-in days, gift exchanges and VIP money in one list.

export type RewardKind =
  'promotion' | 'sign_in' | 'gift' | 'vip_upgrade' | 'vip_monthly' | 'vip_rebate';
export type RewardStatus =
  'joined' | 'pending' | 'paid' | 'rejected' | 'pending_delivery' | 'delivered';

export type RewardFilter = MemberKey &
  TimeRange & { kind?: RewardKind | undefined; status?: RewardStatus | undefined };

export type RewardRow = {
  kind: RewardKind;
  id: string;
  promotion_id: string | null;
  /** A promotion's title or a gift's name, per language. */
  title: Partial<Record<string, string>> | null;
  level: number | null;
  amount_minor: string;
  turnover_cost_minor: string | null;
  currency: string;
  status: RewardStatus;
  detail: string | null;
  reviewer: string | null;
  note: string | null;
  ledger_entry_id: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
};

/** The parts of the list a filter can match, each one member's rows through its own index. */
export function rewardSources(filter: RewardFilter): SQL[] {
  const wants = (kinds: RewardKind[], statuses: RewardStatus[]) =>
    (filter.kind === undefined || kinds.includes(filter.kind)) &&
    (filter.status === undefined || statuses.includes(filter.status));
  const range = (column: SQL) =>
    sql.join(
      [
        filter.from === undefined ? sql`true` : sql`${column} >= ${filter.from}`,
        filter.to === undefined ? sql`true` : sql`${column} < ${filter.to}`,
      ],
      sql` and `,
    );
  const status = (column: SQL) =>
    filter.status === undefined ? sql`true` : sql`${column} = ${filter.status}`;
  const sources: SQL[] = [];
  if (wants(['promotion'], ['joined', 'pending', 'paid', 'rejected'])) {
    sources.push(sql`select 'promotion' as kind, c.id::text as id,
        c.promotion_id::text as promotion_id, p.title as title, null::int as level,
        c.reward_minor::text as amount_minor, null::text as turnover_cost_minor, c.currency,
        c.status, c.deposit_order_no as detail, c.reviewed_by as reviewer, c.review_note as note,
        c.ledger_entry_id::text as ledger_entry_id, c.created_at, c.decided_at
      from ${promotionClaims} c join ${promotions} p on p.id = c.promotion_id
      where c.member_id = ${filter.memberId} and c.brand_code = ${filter.brandCode}
        and ${status(sql`c.status`)} and ${range(sql`c.created_at`)}`);
  }
  if (wants(['sign_in'], ['paid'])) {
    sources.push(sql`select 'sign_in' as kind, s.promotion_id::text || ':' || s.day::text as id,
        s.promotion_id::text as promotion_id, p.title as title, null::int as level,
        (s.reward_minor - s.cost_minor)::text as amount_minor,
        null::text as turnover_cost_minor, s.currency, 'paid' as status,
        s.kind || ' ' || s.day::text as detail, null::text as reviewer, null::text as note,
        s.ledger_entry_id::text as ledger_entry_id, s.created_at, s.created_at as decided_at
      from ${signInDays} s join ${promotions} p on p.id = s.promotion_id
      where s.member_id = ${filter.memberId} and s.brand_code = ${filter.brandCode}
        and ${range(sql`s.created_at`)}`);
  }
  if (wants(['gift'], ['paid', 'pending_delivery', 'delivered', 'rejected'])) {
    sources.push(sql`select 'gift' as kind, g.id::text as id, g.promotion_id::text as promotion_id,
        gift.name as title, null::int as level, g.reward_minor::text as amount_minor,
        g.turnover_cost_minor::text as turnover_cost_minor, g.currency, g.status,
        null::text as detail, g.handled_by as reviewer, null::text as note,
        g.ledger_entry_id::text as ledger_entry_id, g.created_at,
        case when g.status = 'pending_delivery' then null else g.updated_at end as decided_at
      from ${giftExchanges} g join ${promotionGifts} gift on gift.id = g.gift_id
      where g.member_id = ${filter.memberId} and g.brand_code = ${filter.brandCode}
        and ${status(sql`g.status`)} and ${range(sql`g.created_at`)}`);
  }
  const vipKinds = (['vip_upgrade', 'vip_monthly', 'vip_rebate'] as const).filter(
    (kind) => filter.kind === undefined || filter.kind === kind,
  );
  if (vipKinds.length > 0 && wants([...vipKinds], ['paid'])) {
    sources.push(sql`select 'vip_' || v.kind as kind, v.id::text as id,
        null::text as promotion_id, null::jsonb as title, v.level,
        v.amount_minor::text as amount_minor, null::text as turnover_cost_minor, v.currency,
        'paid' as status, nullif(v.period, '') as detail, null::text as reviewer,
        null::text as note, v.ledger_entry_id::text as ledger_entry_id, v.created_at,
        v.created_at as decided_at
      from ${vipRewards} v
      where v.member_id = ${filter.memberId} and v.brand_code = ${filter.brandCode}
        and v.kind in (${sql.join(
          vipKinds.map((kind) => sql`${kind.slice('vip_'.length)}`),
          sql`, `,
        )})
        and ${range(sql`v.created_at`)}`);
  }
  return sources;
}

export async function memberRewards(
  executor: Executor,
  filter: RewardFilter,
  page: Page,
): Promise<{ rows: RewardRow[]; total: number }> {
  const sources = rewardSources(filter);
  if (sources.length === 0) return { rows: [], total: 0 };
  const union = sql.join(sources, sql` union all `);
  const rows = await queryRows<RewardRow>(
    executor,
    sql`select * from (${union}) r
        order by r.created_at desc, r.kind, r.id desc
        offset ${page.offset} limit ${page.limit}`,
  );
  const [counted] = await queryRows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from (${union}) r`,
  );
  return { rows, total: Number(counted?.total ?? 0) };
}
