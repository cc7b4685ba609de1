/**
 * bench/reports: the reports at size (issue 16, part 3). On a fresh PostgreSQL database:
 *
 *   npm run bench:reports [-- bets=10000000 entries=1000000 members=50000 days=90 rate=5
 *                            seconds=10 brands=jinsheng,longteng,tianyu keepIndexes=0]
 *
 * 1. Generates the volume in SQL (INSERT ... SELECT over generate_series, logged tables): the
 *    members (a tenth of them in 200 agents' downlines), `bets` settled bet records over `days`
 *    days before now, and `entries` ledger entries on member accounts (deposits, paid
 *    withdrawals, promotion bonuses, VIP rebates, agent commission), each with its two postings.
 *    The bet records' three non-unique indexes are dropped for the load and built after it
 *    (keepIndexes=1 keeps them, to compare); the unique round index stays. Account balances are
 *    not maintained: this data is for reading, not for `ledger:check`.
 * 2. Runs the rollup sweep from an empty cursor over every day (the first run on a database that
 *    has history) and prints its time per day of data.
 * 3. Starts a production API node (bench/lib/processes.ts) and offers each report for the last
 *    30 days, every brand of the operator (`period=30d`), at a fixed rate through its real HTTP
 *    handler, beside GET /healthz in the same node: achieved rate, p50, p99, the node's CPU per
 *    call and the machine's load average. Target: p99 under 300 ms.
 */
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openCache } from '../apps/api/src/cache/index.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import {
  seedDemoBrands,
  BrandRegistry,
} from '../apps/api/src/contexts/platform/brand/brand.service.ts';
import { runReportsRollup } from '../apps/api/src/contexts/backoffice/reports/index.ts';
import { REPORTS_ROLLUP } from '../apps/api/src/contexts/backoffice/reports/reports-sweep.ts';
import { ensureJobRun, saveJobCursor } from '../apps/api/src/jobs/job-runs.repository.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';
import { connect, offer } from './lib/open-loop.ts';
import { loadAverage, startApiNode } from './lib/processes.ts';
import { header, measured, print } from './lib/report.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => arg.split('=') as [string, string]),
);
const BETS = Number(args.bets ?? 10_000_000);
const ENTRIES = Number(args.entries ?? 1_000_000);
const MEMBERS = Number(args.members ?? 50_000);
const DAYS = Number(args.days ?? 90);
const RATE = Number(args.rate ?? 5);
const SECONDS = Number(args.seconds ?? 10);
const BRANDS = (args.brands ?? 'jinsheng,longteng,tianyu').split(',');
const keepIndexes = args.keepIndexes === '1';
/**
 * reuse=1 with DATABASE_URL naming a database an earlier run filled: no generation and no sweep
 * (its job is made not due, so the node's own sweep stays out of the rounds); `from` and `to`
 * then choose 30 days the rollups hold (period=range) instead of period=30d.
 */
const reuse = args.reuse === '1';
/**
 * With reuse=1, sweep=1 empties the rollups and runs the sweep from an empty cursor again (every
 * day the sources hold): after a change of the rollups' schema, on data an earlier run generated.
 */
const sweepAgain = reuse && args.sweep === '1';
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!databaseUrl) {
  console.error('bench/reports needs DATABASE_URL (npm run bench:reports makes a fresh database)');
  process.exit(2);
}
const ADMIN = { username: 'admin', password: 'bench-admin-password' };

const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
if (!reuse || sweepAgain) await generateAndSweep();
if (reuse) {
  const again = sweepAgain
    ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 })
    : database;
  await again.db.execute(
    sql`update job_runs set next_due_at = now() + interval '1 day' where name = ${REPORTS_ROLLUP}`,
  );
  // The operator enrolled TOTP in the earlier run: enrol again below.
  await again.db.execute(
    sql`update operators set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null,
        totp_last_step = null where username = ${ADMIN.username}`,
  );
  await again.close();
}

async function generateAndSweep() {
  await seedDemoBrands(database.db);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();

  async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    console.info(
      `${label.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  (load ${loadAverage()})`,
    );
    return result;
  }

  if (!sweepAgain) await generate();
  else {
    await client.query(
      `truncate report_days, report_game_days, report_member_days, report_agent_days, report_cohort_weeks, report_member_months, report_span_facts`,
    );
    await client.query(`delete from job_runs where name = '${REPORTS_ROLLUP}'`);
  }
  async function generate() {
    console.info(
      `bench/reports: ${BETS.toLocaleString('en')} bet records, ${ENTRIES.toLocaleString('en')} ledger entries, ` +
        `${MEMBERS.toLocaleString('en')} members over ${DAYS} days, brands ${BRANDS.join(', ')}`,
    );
    const brandArray = `array[${BRANDS.map((brand) => `'${brand}'`).join(',')}]`;
    const brandOf = (index: string) => `(${brandArray})[(${index} % ${BRANDS.length}) + 1]`;
    const generationStarted = performance.now();

    // Members: member i belongs to brand i % brands; the first 200 are agents, every tenth member
    // after them is in an agent's downline (an agent of the same brand).
    const firstMember = await timed('members', async () => {
      const result = await client.query<{ first: string }>(
        `with inserted as (
       insert into members (brand_code, username, username_key, password_hash, invite_code,
                            referrer_member_id, created_at)
       select ${brandOf('g')}, 'bm' || g, 'bm' || g, 'x', 'BM' || g, null,
              now() - interval '1 day' * ${DAYS + 30} * random()
         from generate_series(0, ${MEMBERS - 1}) g
       returning id)
     select min(id)::text as first from inserted`,
      );
      const first = BigInt(result.rows[0]!.first);
      // Ids follow generate_series order within one insert: member i is first + i.
      await client.query(
        `update members m set referrer_member_id = $1::bigint + ((m.id - $1::bigint) % 200)
             - (((m.id - $1::bigint) % 200) % ${BRANDS.length})
             + ((m.id - $1::bigint) % ${BRANDS.length})
      where m.id >= $1::bigint + 200 and (m.id - $1::bigint) % 10 = 0
        and m.id - $1::bigint < ${MEMBERS}`,
        [first.toString()],
      );
      return first;
    });

    // The months the history spans, made before the rows go in (the sweep makes only the
    // current month and those ahead; older rows would wait in the default partitions).
    await timed('month partitions', () =>
      client.query(
        `select lobby_month_partition(t, m::date)
           from unnest(array['game_bet_records', 'journal_entries', 'postings']) t,
                generate_series(date_trunc('month', now() - interval '${DAYS + 1} days'), now(),
                                interval '1 month') m`,
      ),
    );

    const BET_INDEXES = [
      ['game_bet_records_member', '(member_id, settled_at)'],
      ['game_bet_records_synced', '(synced_at)'],
      ['game_bet_records_brand_settled', '(brand_code, settled_at)'],
    ] as const;
    if (!keepIndexes) {
      for (const [name] of BET_INDEXES) await client.query(`drop index if exists ${name}`);
    }
    const CHUNK = 1_000_000;
    await timed(
      `bet records (${keepIndexes ? 'indexes kept' : 'non-unique indexes dropped'})`,
      async () => {
        for (let from = 0; from < BETS; from += CHUNK) {
          const to = Math.min(BETS, from + CHUNK) - 1;
          // A round: a member, one of 12 platforms and 40 games each, a stake of 1 to 500.00, about
          // 95 % paid back on average; settled within the days, synced a minute later.
          await client.query(
            `insert into game_bet_records (platform_id, round_id, brand_code, member_id, game_code,
                                     category, currency, bet_minor, valid_bet_minor, payout_minor,
                                     placed_at, settled_at, synced_at)
       select p.platform, 'r' || g, ${brandOf('m.i')}, $1::bigint + m.i, 'g' || (g % 40),
              (p.platform % 7) + 2, 'CNY', s.stake, s.stake * 9 / 10,
              case when random() < 0.45 then s.stake * 2 + (s.stake / 10) else 0 end,
              t.at - interval '30 seconds', t.at, t.at + interval '1 minute'
         from generate_series(${from}, ${to}) g
         cross join lateral (select (hashint4(g) & 2147483647) % ${MEMBERS} as i) m
         cross join lateral (select 1 + (g % 12) as platform) p
         cross join lateral (select (100 + (hashint4(g + 7) & 2147483647) % 50000)::bigint as stake) s
         cross join lateral (
           select now() - interval '1 second' * ((hashint4(g + 13) & 2147483647) % ${DAYS * 86400}) as at
         ) t`,
            [firstMember.toString()],
          );
        }
      },
    );
    if (!keepIndexes) {
      await timed('bet record indexes rebuilt', async () => {
        for (const [name, columns] of BET_INDEXES) {
          await client.query(`create index ${name} on game_bet_records using btree ${columns}`);
        }
      });
    }

    await timed('ledger accounts', async () => {
      await client.query(
        `insert into ledger_accounts (brand_code, kind, member_id, currency, allow_negative)
     select ${brandOf('g')}, k.kind, $1::bigint + g, 'CNY', false
       from generate_series(0, ${MEMBERS - 1}) g
      cross join (values ('member_wallet'), ('member_locked')) k(kind)
     on conflict do nothing`,
        [firstMember.toString()],
      );
      for (const brand of BRANDS) {
        await client.query(
          `insert into ledger_accounts (brand_code, kind, currency, allow_negative)
       select $1, kind, 'CNY', true
         from unnest(array['house_deposit_clearing', 'house_withdrawals_payable',
                           'house_promotions', 'house_rebates', 'house_commissions']) kind
       on conflict do nothing`,
          [brand],
        );
      }
    });

    await timed('ledger entries and postings', async () => {
      // Reason by share: deposits 50 %, paid withdrawals 15 %, bonuses 15 %, rebates 15 %,
      // commission 5 %; the member leg on the wallet (the locked account for withdrawals), the
      // house leg opposite.
      for (let from = 0; from < ENTRIES; from += CHUNK) {
        const to = Math.min(ENTRIES, from + CHUNK) - 1;
        // Entry ids given here (the identity's sequence moved past them below), so each posting
        // names its entry without a join.
        await client.query(
          `with base as (select coalesce(max(id), 0) as id from journal_entries),
       plan as (
         select base.id + g + 1 as entry_id, $1::bigint + m.i as member_id,
                ${brandOf('m.i')} as brand_code,
                case when r < 50 then 'deposit' when r < 65 then 'withdrawal_paid'
                     when r < 80 then 'promo_bonus' when r < 95 then 'vip_rebate'
                     else 'agent_commission' end as reason,
                (1000 + (hashint4(g + 3) & 2147483647) % 500000)::bigint as amount,
                now() - interval '1 second' * ((hashint4(g + 17) & 2147483647) % ${DAYS * 86400}) as at, g
           from base, generate_series(${from}, ${to}) g
           cross join lateral (select (hashint4(g + 11) & 2147483647) % ${MEMBERS} as i,
                                      (hashint4(g + 5) & 2147483647) % 100 as r) m
       ), entries as (
         insert into journal_entries (id, brand_code, reason, idempotency_key, request_hash,
                                      actor_type, actor_id, created_at)
         overriding system value
         select entry_id, brand_code, reason, 'bench:' || g, 'x', 'system', 'bench', at from plan
       ), entry_keys as (
         insert into journal_keys (brand_code, idempotency_key, entry_id)
         select brand_code, 'bench:' || g, entry_id from plan
       ), accounts as (
         select a.id, a.brand_code, a.kind, a.member_id from ledger_accounts a
          where a.currency = 'CNY' and a.shard = 0
       )
       insert into postings (entry_id, account_id, currency, amount_minor, created_at)
       select p.entry_id, coalesce(mine.id, theirs.id), 'CNY',
              case when leg.member then 1 else -1 end
              * case when p.reason = 'withdrawal_paid' then -p.amount else p.amount end, p.at
         from plan p
         cross join (values (true), (false)) leg(member)
         left join accounts mine on leg.member and mine.member_id = p.member_id
          and mine.kind = case when p.reason = 'withdrawal_paid' then 'member_locked' else 'member_wallet' end
         left join accounts theirs on not leg.member and theirs.member_id is null
          and theirs.brand_code = p.brand_code
          and theirs.kind = case p.reason when 'deposit' then 'house_deposit_clearing'
                              when 'withdrawal_paid' then 'house_withdrawals_payable'
                              when 'promo_bonus' then 'house_promotions'
                              when 'vip_rebate' then 'house_rebates'
                              else 'house_commissions' end`,
          [firstMember.toString()],
        );
      }
    });
    await client.query(
      `select setval(pg_get_serial_sequence('journal_entries', 'id'), (select max(id) from journal_entries))`,
    );
    await timed('analyze', () => client.query('analyze'));
    const generationSeconds = (performance.now() - generationStarted) / 1000;
    const counts = await client.query<{
      bets: string;
      entries: string;
      postings: string;
      members: string;
    }>(
      `select (select count(*) from game_bet_records)::text as bets,
          (select count(*) from journal_entries)::text as entries,
          (select count(*) from postings)::text as postings,
          (select count(*) from members)::text as members`,
    );
    console.info(
      `generated in ${generationSeconds.toFixed(0)} s: ${JSON.stringify(counts.rows[0])}`,
    );
  }

  // The rollup sweep from an empty cursor: every day of every brand with data.
  const log = createLogger('warn');
  const brands = new BrandRegistry(
    database.db,
    await openCache(undefined, 'bench-reports:'),
    log,
    undefined,
  );
  await brands.load();
  const inScope = () => brands.all().filter((brand) => BRANDS.includes(brand.config.code));
  await ensureJobRun(database.db, REPORTS_ROLLUP);
  const sweepStarted = performance.now();
  const { days, spans, spansSeconds } = await runReportsRollup(
    {
      cursor: {},
      saveCursor: (cursor) => saveJobCursor(database.db, REPORTS_ROLLUP, cursor),
      signal: new AbortController().signal,
      log,
    },
    { db: database.db, brands: inScope },
  );
  const sweepSeconds = (performance.now() - sweepStarted) / 1000;
  console.info(
    `rollup sweep, first run: ${days} brand-days in ${sweepSeconds.toFixed(1)} s: ` +
      `${((sweepSeconds * 1000) / days).toFixed(0)} ms per brand-day, ` +
      `${((sweepSeconds * 1000 * BRANDS.length) / days).toFixed(0)} ms per day of data (all ${BRANDS.length} brands)` +
      `; of which the kept spans: ${spans} in ${spansSeconds.toFixed(1)} s (load ${loadAverage()})`,
  );
  const rerunStarted = performance.now();
  const rerun = await runReportsRollup(
    {
      cursor: (
        await client.query<{ cursor: Record<string, unknown> }>(
          'select cursor from job_runs where name = $1',
          [REPORTS_ROLLUP],
        )
      ).rows[0]!.cursor,
      saveCursor: (cursor) => saveJobCursor(database.db, REPORTS_ROLLUP, cursor),
      signal: new AbortController().signal,
      log,
    },
    { db: database.db, brands: inScope },
  );
  console.info(
    `rollup sweep, a steady run (today and yesterday): ${rerun.days} brand-days and ` +
      `${rerun.spans} kept spans (${rerun.spansSeconds.toFixed(1)} s) in ` +
      `${((performance.now() - rerunStarted) / 1000).toFixed(1)} s (load ${loadAverage()})`,
  );
  // Statistics of the new rollups, as autovacuum's analyze gives them on a running system (without
  // them the planner takes the empty tables' estimates and sorts on disk).
  // Vacuum too: the member rollup's covering indexes are read index-only, which needs the
  // visibility map autovacuum keeps.
  await timed('vacuum analyze the rollups', () =>
    client.query(
      'vacuum analyze report_days, report_game_days, report_member_days, report_agent_days, report_cohort_weeks, report_member_months, report_span_facts',
    ),
  );
  const sizes = await client.query<{ name: string; rows: string }>(
    `select 'report_days' as name, count(*)::text as rows from report_days
   union all select 'report_game_days', count(*)::text from report_game_days
   union all select 'report_member_days', count(*)::text from report_member_days
   union all select 'report_agent_days', count(*)::text from report_agent_days
   union all select 'report_cohort_weeks', count(*)::text from report_cohort_weeks
   union all select 'report_member_months', count(*)::text from report_member_months
   union all select 'report_span_facts', count(*)::text from report_span_facts`,
  );
  console.info(`rollups: ${sizes.rows.map((row) => `${row.name} ${row.rows}`).join(', ')}`);
  await client.end();
  await database.close();
}

// The API node and an operator of every brand (the first admin, TOTP enrolled).
const api = await startApiNode({
  port: 3391,
  databaseUrl,
  redisUrl,
  // The node's own sweep keeps running at its default pace during the rounds.
  extraEnv: { RATE_LIMIT_MULTIPLIER: '1000' },
});
async function postJson(path: string, body: unknown, token?: string) {
  const response = await fetch(`${api.origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: boolean; data: Record<string, string> };
}
const login = await postJson('/admin/api/login', ADMIN);
if (!login.status) throw new Error(`operator login refused: ${JSON.stringify(login)}`);
const token = login.data.token!;
const { secret } = (await postJson('/admin/api/me/totp/setup', {}, token)).data;
await postJson('/admin/api/me/totp/confirm', { code: await generate({ secret: secret! }) }, token);
const pool = connect(api.origin, 64);
const auth = { authorization: `Bearer ${token}` };
const period = args.from && args.to ? `period=range&from=${args.from}&to=${args.to}` : 'period=30d';
const platformId = '1';

const subjects: [string, string][] = [
  ['GET /healthz (baseline)', '/healthz'],
  ['dashboard 30d', `/admin/api/reports/dashboard?${period}`],
  ['daily 30d', `/admin/api/reports/daily?${period}`],
  ['games by platform 30d', `/admin/api/reports/games?${period}`],
  ['games of a platform 30d', `/admin/api/reports/games?${period}&platformId=${platformId}`],
  ['promotions 30d', `/admin/api/reports/promotions?${period}`],
  ['vip 30d', `/admin/api/reports/vip?${period}`],
  ['agents 30d', `/admin/api/reports/agents?${period}`],
  ['cohorts 30d', `/admin/api/reports/cohorts?${period}`],
  ['top winners 30d', `/admin/api/reports/players?${period}&order=winners`],
  ['top losers 30d', `/admin/api/reports/players?${period}&order=losers`],
  ['daily export 30d', `/admin/api/reports/daily/export?${period}`],
];
// only=dashboard,agents: just the subjects whose names start with one of these (and the baseline).
const only = args.only?.split(',');
if (only) {
  const kept = subjects.filter(
    ([subject]) => subject.startsWith('GET') || only.some((name) => subject.startsWith(name)),
  );
  subjects.splice(0, subjects.length, ...kept);
}
const check = (path: string) => (body: string) =>
  path.includes('/export') || path === '/healthz'
    ? body.length > 0
    : body.startsWith('{"status":true');

// One call each first (the answers' sizes, and nothing cold in the rounds).
for (const [subject, path] of subjects) {
  const started = performance.now();
  const response = await fetch(`${api.origin}${path}`, { headers: auth });
  const text = await response.text();
  console.info(
    `  first ${subject.padEnd(26)} ${response.status} ${text.length.toLocaleString('en')} bytes ` +
      `${(performance.now() - started).toFixed(0)} ms`,
  );
  if (!check(path)(text)) throw new Error(`${subject}: ${text.slice(0, 300)}`);
}

console.info(
  `\nopen loop, ${RATE}/s for ${SECONDS} s each, after 2 s at that rate (${randomUUID().slice(0, 4)})`,
);
console.info(header());
for (const [subject, path] of subjects) {
  const call = () => ({ method: 'GET' as const, path, headers: auth, check: check(path) });
  await offer(pool, { rate: RATE, seconds: 2, next: call });
  print(
    await measured(subject, api.cpuSeconds, null, () =>
      offer(pool, { rate: RATE, seconds: SECONDS, next: call }),
    ),
  );
}
await pool.close();
await api.stop();
