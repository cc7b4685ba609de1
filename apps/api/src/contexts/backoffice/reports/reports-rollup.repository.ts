import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { gameBetRecords } from '../../games/bet-records/index.ts';
import { members } from '../../identity/member/index.ts';
import {
  journalEntries,
  ledgerAccounts,
  postings,
  reasonsOfRecordType,
} from '../../money/ledger/index.ts';
import {
  reportAgentDays,
  reportCohortWeeks,
  reportDays,
  reportGameDays,
  reportMemberDays,
  reportMemberMonths,
  reportSpanFacts,
} from './reports.schema.ts';
import { ACTIVE_BY_BRAND, MEMBER_SUMS, scopeCte, type BrandSpan } from './reports.repository.ts';

/**
 * The rollup sweep's SQL (decision 0022): what changed since the watermarks, and one brand's
 * day recomputed from the sources the owning modules export (settled bet records, the ledger's
 * entries on member accounts, the members). Recomputing deletes and inserts the day in the
 * caller's transaction, so a rerun writes the same rows.
 */

/** The ledger reasons a report counts, by the column they fill. */
const BONUS_REASONS = reasonsOfRecordType('bonus');
const REBATE_REASONS = reasonsOfRecordType('rebate');
const COMMISSION_REASONS = reasonsOfRecordType('commission');
const COUNTED_REASONS = [
  'deposit',
  'withdrawal_paid',
  ...BONUS_REASONS,
  ...REBATE_REASONS,
  ...COMMISSION_REASONS,
];

function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return (result as { rows: Row[] }).rows;
}

function list(values: readonly string[]) {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Where the sources stand now: the newest bet sync, ledger entry and member. */
export type Watermarks = { betsSyncedAt: string | null; entryId: string; memberId: string };

export async function currentWatermarks(executor: Executor): Promise<Watermarks> {
  const [row] = rowsOf<{ synced: string | null; entry: string | null; member: string | null }>(
    await executor.execute(sql`select
      (select max(synced_at) from ${gameBetRecords})::text as synced,
      (select max(id) from ${journalEntries})::text as entry,
      (select max(id) from ${members})::text as member`),
  );
  return {
    betsSyncedAt: row?.synced ? new Date(row.synced).toISOString() : null,
    entryId: row?.entry ?? '0',
    memberId: row?.member ?? '0',
  };
}

/**
 * The brand's days (in `timeZone`) with source rows that arrived after the given marks: bets
 * synced after `betsSyncedAfter`, ledger entries and members with ids above the given ones.
 * With no marks (the first run): every day with any source row.
 */
export async function changedDays(
  executor: Executor,
  brandCode: string,
  timeZone: string,
  since: {
    betsSyncedAfter: string | null;
    entryIdAbove: string;
    memberIdAbove: string;
    /** Rows at or below the ids above count only when created after this (in flight then). */
    overlapIds?: { entryId: string; memberId: string; createdAfter: string };
  },
): Promise<string[]> {
  const overlap = since.overlapIds;
  const entries = overlap
    ? sql`id > ${since.entryIdAbove}::bigint
          and (id > ${overlap.entryId}::bigint or created_at > ${overlap.createdAfter}::timestamptz)`
    : sql`id > ${since.entryIdAbove}::bigint`;
  const joined = overlap
    ? sql`id > ${since.memberIdAbove}::bigint
          and (id > ${overlap.memberId}::bigint or created_at > ${overlap.createdAfter}::timestamptz)`
    : sql`id > ${since.memberIdAbove}::bigint`;
  const bets = since.betsSyncedAfter
    ? sql`select distinct (settled_at at time zone ${timeZone})::date as day from ${gameBetRecords}
           where synced_at > ${since.betsSyncedAfter}::timestamptz and brand_code = ${brandCode}`
    : sql`select distinct (settled_at at time zone ${timeZone})::date as day from ${gameBetRecords}
           where brand_code = ${brandCode}`;
  const result = await executor.execute(sql`
    select day::text as day from (
      ${bets}
      union
      select distinct (created_at at time zone ${timeZone})::date from ${journalEntries}
       where ${entries} and brand_code = ${brandCode}
         and reason in (${list(COUNTED_REASONS)})
      union
      select distinct (created_at at time zone ${timeZone})::date from ${members}
       where ${joined} and brand_code = ${brandCode}
    ) days order by day`);
  return rowsOf<{ day: string }>(result).map((row) => row.day);
}

export type DayWindow = {
  brandCode: string;
  currency: string;
  /** The brand's time zone (members' days of registration). */
  timeZone: string;
  day: string;
  /** The day's first instant and the next day's, in the brand's zone. */
  start: Date;
  end: Date;
};

/**
 * Recomputes one brand's day in all the rollups (run it in a transaction): the member, game and
 * brand days from the sources, the agent days from the member days, and the cohort counts of
 * the day's week (every registration day) from the member days of that week.
 */
export async function recomputeDay(executor: Executor, window: DayWindow): Promise<void> {
  const { brandCode, currency, day } = window;
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  await executor.execute(
    sql`delete from ${reportMemberDays} where brand_code = ${brandCode} and day = ${day}::date`,
  );
  await executor.execute(
    sql`delete from ${reportGameDays} where brand_code = ${brandCode} and day = ${day}::date`,
  );
  await executor.execute(
    sql`delete from ${reportDays} where brand_code = ${brandCode} and day = ${day}::date`,
  );
  await executor.execute(
    sql`delete from ${reportAgentDays} where brand_code = ${brandCode} and day = ${day}::date`,
  );

  await executor.execute(sql`
    insert into ${reportMemberDays} (brand_code, day, member_id, agent_id, currency, bet_minor,
      valid_bet_minor, payout_minor, rounds, deposit_minor, deposit_count, ftd_minor,
      withdrawal_minor, withdrawal_count, bonus_minor, rebate_minor, commission_minor)
    with bets as (
      select member_id, sum(bet_minor) as bet, sum(valid_bet_minor) as valid,
             sum(payout_minor) as payout, count(*)::int as rounds
        from ${gameBetRecords}
       where brand_code = ${brandCode}
         and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz
       group by member_id
    ), legs as (
      select a.member_id, e.id as entry_id, e.reason, sum(p.amount_minor) as amount
        from ${journalEntries} e
        join ${postings} p on p.entry_id = e.id
        join ${ledgerAccounts} a on a.id = p.account_id
       where e.brand_code = ${brandCode}
         and e.created_at >= ${start}::timestamptz and e.created_at < ${end}::timestamptz
         and e.reason in (${list(COUNTED_REASONS)})
         and a.member_id is not null
       group by a.member_id, e.id, e.reason
    ), money as (
      select member_id,
             coalesce(sum(amount) filter (where reason = 'deposit'), 0) as deposit,
             (count(*) filter (where reason = 'deposit'))::int as deposit_count,
             (array_agg(amount order by entry_id) filter (where reason = 'deposit'))[1] as first_deposit,
             coalesce(-sum(amount) filter (where reason = 'withdrawal_paid'), 0) as withdrawal,
             (count(*) filter (where reason = 'withdrawal_paid'))::int as withdrawal_count,
             coalesce(sum(amount) filter (where reason in (${list(BONUS_REASONS)})), 0) as bonus,
             coalesce(sum(amount) filter (where reason in (${list(REBATE_REASONS)})), 0) as rebate,
             coalesce(sum(amount) filter (where reason in (${list(COMMISSION_REASONS)})), 0) as commission
        from legs group by member_id
    ), ids as (
      select member_id from bets union select member_id from money
    )
    select ${brandCode}, ${day}::date, ids.member_id, m.referrer_member_id, ${currency},
           coalesce(b.bet, 0), coalesce(b.valid, 0), coalesce(b.payout, 0), coalesce(b.rounds, 0),
           coalesce(mo.deposit, 0), coalesce(mo.deposit_count, 0),
           case when mo.deposit_count > 0 and not exists (
             select 1 from ${reportMemberDays} earlier
              where earlier.member_id = ids.member_id and earlier.deposit_count > 0
                and earlier.day < ${day}::date
           ) then mo.first_deposit end,
           coalesce(mo.withdrawal, 0), coalesce(mo.withdrawal_count, 0),
           coalesce(mo.bonus, 0), coalesce(mo.rebate, 0), coalesce(mo.commission, 0)
      from ids
      join ${members} m on m.id = ids.member_id
      left join bets b on b.member_id = ids.member_id
      left join money mo on mo.member_id = ids.member_id`);

  await executor.execute(sql`
    insert into ${reportGameDays} (brand_code, day, platform_id, game_code, category, currency,
      bet_minor, valid_bet_minor, payout_minor, rounds, players)
    select ${brandCode}, ${day}::date, platform_id, game_code, category, ${currency},
           sum(bet_minor), sum(valid_bet_minor), sum(payout_minor), count(*),
           count(distinct member_id)
      from ${gameBetRecords}
     where brand_code = ${brandCode}
       and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz
     group by platform_id, game_code, category`);

  await executor.execute(sql`
    insert into ${reportDays} (brand_code, day, currency, registrations, ftd_count, ftd_minor,
      deposit_minor, deposit_count, withdrawal_minor, withdrawal_count, bet_minor,
      valid_bet_minor, payout_minor, rounds, bonus_minor, rebate_minor, commission_minor,
      active_members)
    select ${brandCode}, ${day}::date, ${currency},
           (select count(*)::int from ${members}
             where brand_code = ${brandCode}
               and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz),
           count(ftd_minor)::int, coalesce(sum(ftd_minor), 0),
           coalesce(sum(deposit_minor), 0), coalesce(sum(deposit_count), 0)::int,
           coalesce(sum(withdrawal_minor), 0), coalesce(sum(withdrawal_count), 0)::int,
           coalesce(sum(bet_minor), 0), coalesce(sum(valid_bet_minor), 0),
           coalesce(sum(payout_minor), 0), coalesce(sum(rounds), 0),
           coalesce(sum(bonus_minor), 0), coalesce(sum(rebate_minor), 0),
           coalesce(sum(commission_minor), 0),
           (count(*) filter (where rounds > 0 or deposit_count > 0))::int
      from ${reportMemberDays}
     where brand_code = ${brandCode} and day = ${day}::date`);

  // The agents' days: their downline's figures and their own commission, additive over days.
  await executor.execute(sql`
    insert into ${reportAgentDays} (brand_code, day, agent_id, currency, deposit_minor,
      valid_bet_minor, ggr_minor, commission_minor)
    select ${brandCode}, ${day}::date, agent_id, ${currency}, sum(deposit), sum(valid), sum(ggr),
           sum(commission)
      from (
        select agent_id, deposit_minor as deposit, valid_bet_minor as valid,
               bet_minor - payout_minor as ggr, 0 as commission
          from ${reportMemberDays}
         where brand_code = ${brandCode} and day = ${day}::date and agent_id is not null
        union all
        select member_id, 0, 0, 0, commission_minor
          from ${reportMemberDays}
         where brand_code = ${brandCode} and day = ${day}::date and commission_minor <> 0
      ) legs
     group by agent_id`);

  // The day's bit in the members' months: cleared, then set for the day's active members.
  const month = sql`date_trunc('month', ${day}::timestamp)::date`;
  const bit = sql`(1 << (extract(day from ${day}::date)::int - 1))`;
  await executor.execute(sql`
    update ${reportMemberMonths} set active_days = active_days & ~${bit}
     where brand_code = ${brandCode} and month = ${month} and active_days & ${bit} <> 0`);
  await executor.execute(sql`
    insert into ${reportMemberMonths} (brand_code, month, member_id, currency, active_days)
    select ${brandCode}, ${month}, member_id, ${currency}, ${bit}
      from ${reportMemberDays}
     where brand_code = ${brandCode} and day = ${day}::date and (rounds > 0 or deposit_count > 0)
    on conflict (brand_code, month, member_id)
    do update set active_days = ${reportMemberMonths}.active_days | excluded.active_days`);

  // The cohorts of the day's week: per registration day, the distinct members active and
  // depositing in that week (the other days of the week as they stand).
  await executor.execute(sql`
    delete from ${reportCohortWeeks}
     where brand_code = ${brandCode} and week = date_trunc('week', ${day}::timestamp)::date`);
  await executor.execute(sql`
    insert into ${reportCohortWeeks} (brand_code, registered_on, week, active, depositing)
    select ${brandCode}, (m.created_at at time zone ${window.timeZone})::date, w.week,
           (count(distinct d.member_id) filter (where d.rounds > 0 or d.deposit_count > 0))::int,
           (count(distinct d.member_id) filter (where d.deposit_count > 0))::int
      from (select date_trunc('week', ${day}::timestamp)::date as week) w
      join ${reportMemberDays} d
        on d.brand_code = ${brandCode} and d.day >= w.week and d.day < w.week + 7
      join ${members} m on m.id = d.member_id
     group by 2, 3`);
}

/** The spans of a brand the sweep keeps answers for, as `from|to`. */
export async function keptSpans(executor: Executor, brandCode: string): Promise<string[]> {
  const result = await executor.execute(sql`
    select from_day::text || '|' || to_day::text as span
      from ${reportSpanFacts} where brand_code = ${brandCode}`);
  return rowsOf<{ span: string }>(result).map((row) => row.span);
}

/**
 * Computes and keeps one brand's span: its distinct active members and its top `keep` winners
 * and losers, from the rollups as they stand (one statement, so one snapshot).
 */
export async function keepSpanFacts(
  executor: Executor,
  span: BrandSpan & { currency: string },
  keep: number,
): Promise<void> {
  const top = (direction: SQL) => sql`
    coalesce((
      select jsonb_agg(jsonb_build_object('member_id', t.member_id::text,
               'bet_minor', t.bet_minor::text, 'valid_bet_minor', t.valid_bet_minor::text,
               'payout_minor', t.payout_minor::text, 'rounds', t.rounds::text)
             order by t.payout_minor - t.bet_minor ${direction}, t.member_id)
        from (select * from sums
               order by payout_minor - bet_minor ${direction}, member_id
               limit ${keep}) t), '[]'::jsonb)`;
  await executor.execute(sql`
    with ${scopeCte([span])},
    sums as materialized (${MEMBER_SUMS})
    insert into ${reportSpanFacts} (brand_code, from_day, to_day, currency, active_members,
      winners, losers, computed_at)
    select ${span.brandCode}, ${span.from}::date, ${span.to}::date, ${span.currency},
           coalesce((select sum(a.active) from (${ACTIVE_BY_BRAND}) a), 0)::int,
           ${top(sql`desc`)}, ${top(sql`asc`)}, now()
    on conflict (brand_code, from_day, to_day) do update
       set currency = excluded.currency, active_members = excluded.active_members,
           winners = excluded.winners, losers = excluded.losers,
           computed_at = excluded.computed_at`);
}

/** Forgets a brand's kept spans other than `keep` (`from|to`). */
export async function forgetSpans(
  executor: Executor,
  brandCode: string,
  keep: readonly string[],
): Promise<void> {
  await executor.execute(sql`
    delete from ${reportSpanFacts}
     where brand_code = ${brandCode}
       and not (from_day::text || '|' || to_day::text = any(${sql.param([...keep])}::text[]))`);
}
