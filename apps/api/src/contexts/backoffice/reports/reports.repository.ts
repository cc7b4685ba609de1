import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import {
  giftExchanges,
  promotionClaims,
  promotions,
  signInDays,
} from '../../engagement/promo/index.ts';
import { memberVips, vipRewards } from '../../engagement/vip/index.ts';
import {
  reportAgentDays,
  reportCohortWeeks,
  reportDays,
  reportGameDays,
  reportMemberDays,
  reportMemberMonths,
  reportSpanFacts,
} from './reports.schema.ts';

/**
 * The reports' reads: the rollups only (decision 0022), except the low-volume engagement
 * records (promotion claims, sign-ins, gift exchanges, VIP rewards and levels) read as they are.
 * Every query joins `scope`: the brands asked, each with its own days and instants.
 */

/** One brand of the request: its days (its time zone) and their instants. */
export type BrandSpan = {
  brandCode: string;
  timeZone: string;
  from: string;
  to: string;
  start: Date;
  end: Date;
};

function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return (result as { rows: Row[] }).rows;
}

/** `with scope(...) as (values ...)`: the brands and their spans, as a CTE. */
export function scopeCte(spans: readonly BrandSpan[]): SQL {
  const rows = spans.map(
    (span) =>
      sql`(${span.brandCode}::text, ${span.timeZone}::text, ${span.from}::date, ${span.to}::date, ${span.start.toISOString()}::timestamptz, ${span.end.toISOString()}::timestamptz)`,
  );
  return sql`scope (brand_code, tz, from_day, to_day, start_at, end_at) as (values ${sql.join(rows, sql`, `)})`;
}

/** The sums every DashboardTotals needs, as text (bigint-safe), over `report_days` rows `d`. */
const TOTALS = sql`
  coalesce(sum(d.registrations), 0)::text as registrations,
  coalesce(sum(d.ftd_count), 0)::text as ftd_count,
  coalesce(sum(d.ftd_minor), 0)::text as ftd_minor,
  coalesce(sum(d.deposit_minor), 0)::text as deposit_minor,
  coalesce(sum(d.deposit_count), 0)::text as deposit_count,
  coalesce(sum(d.withdrawal_minor), 0)::text as withdrawal_minor,
  coalesce(sum(d.withdrawal_count), 0)::text as withdrawal_count,
  coalesce(sum(d.bet_minor), 0)::text as bet_minor,
  coalesce(sum(d.valid_bet_minor), 0)::text as valid_bet_minor,
  coalesce(sum(d.payout_minor), 0)::text as payout_minor,
  coalesce(sum(d.bonus_minor), 0)::text as bonus_minor,
  coalesce(sum(d.rebate_minor), 0)::text as rebate_minor,
  coalesce(sum(d.commission_minor), 0)::text as commission_minor,
  coalesce(sum(d.active_members), 0)::text as active_members`;

export type TotalsRow = {
  currency: string;
  registrations: string;
  ftd_count: string;
  ftd_minor: string;
  deposit_minor: string;
  deposit_count: string;
  withdrawal_minor: string;
  withdrawal_count: string;
  bet_minor: string;
  valid_bet_minor: string;
  payout_minor: string;
  bonus_minor: string;
  rebate_minor: string;
  commission_minor: string;
  active_members: string;
};

/**
 * Distinct members active (a round or a deposit) per brand over its span, from the rollups, as
 * `(brand_code, currency, active)` rows; needs the `scope` CTE. A one-day span reads the day's
 * own count; a longer one reads one row per member and month, active on a day of the span when
 * a bit of the days the span covers in that month is set.
 */
export const ACTIVE_BY_BRAND = sql`
  select d.brand_code, d.currency, d.active_members::bigint as active
    from ${reportDays} d
    join scope s on s.brand_code = d.brand_code and d.day = s.from_day
   where s.from_day = s.to_day
  union all
  select m.brand_code, m.currency, count(distinct m.member_id) as active
    from ${reportMemberMonths} m
    join scope s on s.brand_code = m.brand_code
     and m.month between date_trunc('month', s.from_day::timestamp)::date and s.to_day
    cross join lateral (
      select extract(day from greatest(s.from_day, m.month))::int as low,
             extract(day from least(s.to_day,
               (m.month + interval '1 month' - interval '1 day')::date))::int as high) r
   where s.from_day < s.to_day
     and m.active_days::bigint
         & (((1::bigint << r.high) - 1) & ~((1::bigint << (r.low - 1)) - 1)) <> 0
   group by m.brand_code, m.currency`;

/**
 * Per member of the spans with rounds: stakes, valid bets, payouts and rounds summed over the
 * span, as `(member_id, brand_code, currency, bet_minor, valid_bet_minor, payout_minor,
 * rounds)`; needs the `scope` CTE.
 */
export const MEMBER_SUMS = sql`
  select d.member_id, d.brand_code, d.currency, sum(d.bet_minor) as bet_minor,
         sum(d.valid_bet_minor) as valid_bet_minor, sum(d.payout_minor) as payout_minor,
         sum(d.rounds) as rounds
    from ${reportMemberDays} d
    join scope s on s.brand_code = d.brand_code and d.day between s.from_day and s.to_day
   where d.rounds > 0 -- index-only on report_member_days_players
   group by d.member_id, d.brand_code, d.currency`;

/** Totals per currency over the spans (`active_members`: the sum of the days' counts). */
export async function periodTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
): Promise<TotalsRow[]> {
  const result = await executor.execute(sql`
    with ${scopeCte(spans)}
    select d.currency, ${TOTALS}
      from ${reportDays} d
      join scope s on s.brand_code = d.brand_code and d.day between s.from_day and s.to_day
     group by d.currency
     order by d.currency`);
  return rowsOf<TotalsRow>(result);
}

/** Distinct active members per brand over its span, computed from the rollups. */
export async function activeMembers(
  executor: Executor,
  spans: readonly BrandSpan[],
): Promise<{ brand_code: string; currency: string; active: string }[]> {
  const result = await executor.execute(sql`
    with ${scopeCte(spans)}
    select a.brand_code, a.currency, a.active::text as active from (${ACTIVE_BY_BRAND}) a`);
  return rowsOf(result);
}

/** A brand's span as the sweep kept it: its active members and top winners and losers. */
export type SpanFactsRow = {
  brand_code: string;
  from_day: string;
  to_day: string;
  currency: string;
  active_members: string;
};

/** The kept answers for exactly these spans (brands whose span is not kept have no row). */
export async function spanFacts(
  executor: Executor,
  spans: readonly BrandSpan[],
): Promise<SpanFactsRow[]> {
  const result = await executor.execute(sql`
    with ${scopeCte(spans)}
    select f.brand_code, f.from_day::text as from_day, f.to_day::text as to_day, f.currency,
           f.active_members::text as active_members
      from ${reportSpanFacts} f
      join scope s on s.brand_code = f.brand_code and f.from_day = s.from_day
       and f.to_day = s.to_day`);
  return rowsOf(result);
}

/** Per day (and brand, when `perBrand`) and currency. */
export async function dailyTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
  perBrand: boolean,
): Promise<(TotalsRow & { day: string; brand_code: string | null })[]> {
  const brand = perBrand ? sql`d.brand_code` : sql`null::text`;
  const result = await executor.execute(sql`
    with ${scopeCte(spans)}
    select d.day::text as day, ${brand} as brand_code, d.currency, ${TOTALS}
      from ${reportDays} d
      join scope s on s.brand_code = d.brand_code and d.day between s.from_day and s.to_day
     group by d.day, ${brand}, d.currency
     order by d.day desc, ${brand}, d.currency`);
  return rowsOf(result);
}

export type GameRow = {
  currency: string;
  platform_id: number;
  game_code: string | null;
  category: number | null;
  bet_minor: string;
  valid_bet_minor: string;
  payout_minor: string;
  rounds: string;
  players: string;
};

/** Game figures grouped by platform, by game (within `platformId`), or by category. */
export async function gameTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
  by: 'platform' | 'game' | 'category',
  filter: { platformId?: number; category?: number } = {},
): Promise<GameRow[]> {
  const keys =
    by === 'platform'
      ? sql`g.platform_id, null::text as game_code,
            case when count(distinct g.category) = 1 then min(g.category) end as category`
      : by === 'game'
        ? sql`g.platform_id, g.game_code, g.category`
        : sql`null::int as platform_id, null::text as game_code, g.category`;
  const groups =
    by === 'platform'
      ? sql`g.platform_id`
      : by === 'game'
        ? sql`g.platform_id, g.game_code, g.category`
        : sql`g.category`;
  const conditions = [sql`true`];
  if (filter.platformId !== undefined) conditions.push(sql`g.platform_id = ${filter.platformId}`);
  if (filter.category !== undefined) conditions.push(sql`g.category = ${filter.category}`);
  const result = await executor.execute(sql`
    with ${scopeCte(spans)}
    select g.currency, ${keys},
           sum(g.bet_minor)::text as bet_minor, sum(g.valid_bet_minor)::text as valid_bet_minor,
           sum(g.payout_minor)::text as payout_minor, sum(g.rounds)::text as rounds,
           sum(g.players)::text as players
      from ${reportGameDays} g
      join scope s on s.brand_code = g.brand_code and g.day between s.from_day and s.to_day
     where ${sql.join(conditions, sql` and `)}
     group by g.currency, ${groups}
     order by sum(g.bet_minor) - sum(g.payout_minor) desc, 2, 3`);
  return rowsOf(result);
}

export type PromotionRow = {
  promotion_id: string;
  brand_code: string;
  kind: string;
  title: Record<string, string> | string;
  currency: string;
  claims: string;
  members: string;
  cost_minor: string;
};

/** Paid claims, sign-ins and gift exchanges in the period, per promotion. */
export async function promotionTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
): Promise<PromotionRow[]> {
  const result = await executor.execute(sql`
    with ${scopeCte(spans)},
    grants as (
      select c.promotion_id, c.member_id, c.currency, c.reward_minor as cost
        from ${promotionClaims} c
        join scope s on s.brand_code = c.brand_code
       where c.status = 'paid'
         and coalesce(c.decided_at, c.created_at) >= s.start_at
         and coalesce(c.decided_at, c.created_at) < s.end_at
      union all
      select i.promotion_id, i.member_id, i.currency, i.reward_minor - coalesce(i.cost_minor, 0)
        from ${signInDays} i
        join scope s on s.brand_code = i.brand_code
       where i.created_at >= s.start_at and i.created_at < s.end_at
      union all
      select e.promotion_id, e.member_id, e.currency, e.reward_minor
        from ${giftExchanges} e
        join scope s on s.brand_code = e.brand_code
       where e.status <> 'rejected' and e.created_at >= s.start_at and e.created_at < s.end_at
    )
    select p.id::text as promotion_id, p.brand_code, p.kind, p.title, g.currency,
           count(*)::text as claims, count(distinct g.member_id)::text as members,
           sum(g.cost)::text as cost_minor
      from grants g join ${promotions} p on p.id = g.promotion_id
     group by p.id, g.currency
     order by sum(g.cost) desc, p.id`);
  return rowsOf(result);
}

export type VipRow = {
  level: number;
  currency: string;
  members: string;
  reward_count: string;
  rewards_minor: string;
  rebates_minor: string;
};

/** Members per level now, and VIP money paid in the period by the level it was paid at. */
export async function vipTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
  currencyOf: (brandCode: string) => string,
): Promise<VipRow[]> {
  const currencies = spans.map(
    (span) => sql`(${span.brandCode}::text, ${currencyOf(span.brandCode)}::text)`,
  );
  const result = await executor.execute(sql`
    with ${scopeCte(spans)},
    currencies (brand_code, currency) as (values ${sql.join(currencies, sql`, `)}),
    levels as (
      select coalesce(v.level, 0) as level, c.currency, count(*) as members
        from ${members} m
        join currencies c on c.brand_code = m.brand_code
        left join ${memberVips} v on v.member_id = m.id
       group by 1, 2
    ), paid as (
      select r.level, r.currency,
             count(*) filter (where r.kind <> 'rebate') as reward_count,
             coalesce(sum(r.amount_minor) filter (where r.kind <> 'rebate'), 0) as rewards,
             coalesce(sum(r.amount_minor) filter (where r.kind = 'rebate'), 0) as rebates
        from ${vipRewards} r
        join scope s on s.brand_code = r.brand_code
       where r.created_at >= s.start_at and r.created_at < s.end_at
       group by 1, 2
    )
    select coalesce(l.level, p.level) as level, coalesce(l.currency, p.currency) as currency,
           coalesce(l.members, 0)::text as members, coalesce(p.reward_count, 0)::text as reward_count,
           coalesce(p.rewards, 0)::text as rewards_minor, coalesce(p.rebates, 0)::text as rebates_minor
      from levels l full join paid p on p.level = l.level and p.currency = l.currency
     order by 2, 1`);
  return rowsOf(result);
}

export type AgentRow = {
  agent_id: string;
  username: string;
  brand_code: string;
  currency: string;
  downline: string;
  new_members: string;
  active: string;
  deposit_minor: string;
  valid_bet_minor: string;
  ggr_minor: string;
  commission_minor: string;
  total: string;
};

/**
 * Agents (members with a downline or commission) and their downline's figures in the period.
 * `order: 'ggr'` pages by the downline's GGR; `order: 'id'` by agent id after `afterId`.
 */
export async function agentTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
  page:
    | { order: 'ggr'; limit: number; offset: number }
    | { order: 'id'; limit: number; afterId: string },
): Promise<AgentRow[]> {
  const order =
    page.order === 'ggr'
      ? sql`order by ggr_minor desc, agent_id limit ${page.limit} offset ${page.offset}`
      : sql`where agent_id > ${page.afterId}::bigint order by agent_id limit ${page.limit}`;
  const result = await executor.execute(sql`
    with ${scopeCte(spans)},
    sums as (
      select d.agent_id, max(d.currency) as currency, sum(d.deposit_minor) as deposit_minor,
             sum(d.valid_bet_minor) as valid_bet_minor, sum(d.ggr_minor) as ggr_minor,
             sum(d.commission_minor) as commission_minor
        from ${reportAgentDays} d
        join scope s on s.brand_code = d.brand_code and d.day between s.from_day and s.to_day
       group by d.agent_id
    ), active as (
      -- Index-only on report_member_days_agent (the downline's active member-days).
      select d.agent_id, count(distinct d.member_id) as active
        from ${reportMemberDays} d
        join scope s on s.brand_code = d.brand_code and d.day between s.from_day and s.to_day
       where d.agent_id is not null and (d.rounds > 0 or d.deposit_count > 0)
       group by d.agent_id
    ), downline as (
      select m.referrer_member_id as agent_id, count(*) as downline,
             count(*) filter (where m.created_at >= s.start_at and m.created_at < s.end_at) as new_members
        from ${members} m join scope s on s.brand_code = m.brand_code
       where m.referrer_member_id is not null
       group by m.referrer_member_id
    ), agents as (
      select coalesce(dl.agent_id, a.agent_id) as agent_id, a.currency,
             coalesce(dl.downline, 0) as downline, coalesce(dl.new_members, 0) as new_members,
             coalesce(ac.active, 0) as active, coalesce(a.deposit_minor, 0) as deposit_minor,
             coalesce(a.valid_bet_minor, 0) as valid_bet_minor, coalesce(a.ggr_minor, 0) as ggr_minor,
             coalesce(a.commission_minor, 0) as commission_minor
        from downline dl
        full join sums a on a.agent_id = dl.agent_id
        left join active ac on ac.agent_id = coalesce(dl.agent_id, a.agent_id)
    ), counted as (
      select agents.*, count(*) over () as total from agents
    )
    select counted.agent_id::text as agent_id, m.username, m.brand_code, counted.currency,
           downline::text as downline, new_members::text as new_members, active::text as active,
           deposit_minor::text as deposit_minor, valid_bet_minor::text as valid_bet_minor,
           ggr_minor::text as ggr_minor, commission_minor::text as commission_minor,
           total::text as total
      from (select * from counted ${order}) counted
      join ${members} m on m.id = counted.agent_id
     ${page.order === 'ggr' ? sql`order by counted.ggr_minor desc, counted.agent_id` : sql`order by counted.agent_id`}`);
  return rowsOf(result);
}

export type CohortRow = {
  week: string;
  size: string;
  offset_week: number | null;
  active: string;
  depositing: string;
};

/** Members registered in the period by registration week, and their activity per week since. */
export async function cohortTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
  weeks: number,
): Promise<CohortRow[]> {
  const result = await executor.execute(sql`
    with ${scopeCte(spans)},
    sizes as (
      select date_trunc('week', d.day::timestamp)::date as week, sum(d.registrations) as size
        from ${reportDays} d
        join scope s on s.brand_code = d.brand_code and d.day between s.from_day and s.to_day
       group by 1
      having sum(d.registrations) > 0
    ), activity as (
      select date_trunc('week', c.registered_on::timestamp)::date as week,
             (c.week - date_trunc('week', c.registered_on::timestamp)::date) / 7 as offset_week,
             sum(c.active) as active, sum(c.depositing) as depositing
        from ${reportCohortWeeks} c
        join scope s on s.brand_code = c.brand_code
         and c.registered_on between s.from_day and s.to_day
       where c.week >= date_trunc('week', c.registered_on::timestamp)::date
         and c.week < date_trunc('week', c.registered_on::timestamp)::date + ${weeks * 7}::int
       group by 1, 2
    )
    select sizes.week::text as week, sizes.size::text as size, a.offset_week,
           coalesce(a.active, 0)::text as active, coalesce(a.depositing, 0)::text as depositing
      from sizes left join activity a on a.week = sizes.week
     order by sizes.week, a.offset_week`);
  return rowsOf(result);
}

export type PlayerRow = {
  member_id: string;
  username: string;
  brand_code: string;
  currency: string;
  bet_minor: string;
  valid_bet_minor: string;
  payout_minor: string;
  rounds: string;
};

/** The `totals` CTE's members with their usernames, in the order asked. */
function playersOfTotals(direction: SQL): SQL {
  return sql`
    select t.member_id::text as member_id, m.username, t.brand_code, t.currency,
           t.bet_minor::text as bet_minor, t.valid_bet_minor::text as valid_bet_minor,
           t.payout_minor::text as payout_minor, t.rounds::text as rounds
      from totals t join ${members} m on m.id = t.member_id
     order by t.payout_minor - t.bet_minor ${direction}, t.member_id`;
}

/**
 * The members with the highest (winners) or lowest (losers) payouts less stakes over the spans:
 * computed from the member days.
 */
export async function playerTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
  order: 'winners' | 'losers',
  limit: number,
): Promise<PlayerRow[]> {
  const direction = order === 'winners' ? sql`desc` : sql`asc`;
  const result = await executor.execute(sql`
    with ${scopeCte(spans)},
    totals as (
      select * from (${MEMBER_SUMS}) sums
       order by payout_minor - bet_minor ${direction}, member_id
       limit ${limit}
    )
    ${playersOfTotals(direction)}`);
  return rowsOf(result);
}

/** The same, from the lists the sweep kept for exactly these spans. */
export async function keptPlayerTotals(
  executor: Executor,
  spans: readonly BrandSpan[],
  order: 'winners' | 'losers',
  limit: number,
): Promise<PlayerRow[]> {
  const direction = order === 'winners' ? sql`desc` : sql`asc`;
  const list = order === 'winners' ? sql`f.winners` : sql`f.losers`;
  const result = await executor.execute(sql`
    with ${scopeCte(spans)},
    totals as (
      select p.member_id, f.brand_code, f.currency, p.bet_minor, p.valid_bet_minor,
             p.payout_minor, p.rounds
        from ${reportSpanFacts} f
        join scope s on s.brand_code = f.brand_code and f.from_day = s.from_day
         and f.to_day = s.to_day
       cross join lateral jsonb_to_recordset(${list}) as p(member_id bigint, bet_minor numeric,
             valid_bet_minor numeric, payout_minor numeric, rounds bigint)
       order by p.payout_minor - p.bet_minor ${direction}, p.member_id
       limit ${limit}
    )
    ${playersOfTotals(direction)}`);
  return rowsOf(result);
}
