import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJobRunNow } from '../../../jobs/job-runs.repository.ts';
import { Scheduler } from '../../../jobs/scheduler.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import type { OperatorAnswer } from '../../../test/operators.ts';
import { parseCsv } from '../../../test/csv.ts';
import { gameBetRecords } from '../../games/bet-records/bet-records.schema.ts';
import { members } from '../../identity/member/member.schema.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { LedgerService, type PostingLine } from '../../money/ledger/ledger.service.ts';
import {
  reportAgentDays,
  reportCohortWeeks,
  reportDays,
  reportGameDays,
  reportMemberDays,
  reportMemberMonths,
  reportSpanFacts,
} from './reports.schema.ts';
import {
  activeMembers,
  keptPlayerTotals,
  playerTotals,
  spanFacts,
  type BrandSpan,
} from './reports.repository.ts';
import { REPORTS_ROLLUP, runReportsRollup } from './reports-sweep.ts';

/**
 * The reports over a fixture with known money and play on known days of a brand that no other
 * test uses (taihe, Asia/Shanghai, CNY), in 2023 so no other test's rows share its days: the
 * rollup sweep, then the dashboard and every report against hand-computed figures.
 */
const BRAND = 'taihe';
const OTHER = 'yuelan';
const CURRENCY = 'CNY';

let harness: TestApp;
let scheduler: Scheduler;
let admin: string;
let scoped: string;
let agentId: bigint;
let alice: bigint;
let bob: bigint;
const tag = randomUUID().replaceAll('-', '').slice(0, 8);

async function sweep() {
  await requestJobRunNow(harness.database.db, REPORTS_ROLLUP);
  const found = harness.app.sweeps.find((candidate) => candidate.name === REPORTS_ROLLUP);
  if (!found) throw new Error('the reports sweep is not registered');
  expect(await scheduler.runSweep(found)).toBe('ran');
}

async function call(url: string, token = admin) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
  });
  return { statusCode: response.statusCode, body: response.json<OperatorAnswer['body']>() };
}

const RANGE = `brand=${BRAND}&period=range&from=2023-03-06&to=2023-03-07`;

async function member(username: string, createdAt: string, referrer: bigint | null) {
  const [row] = await harness.database.db
    .insert(members)
    .values({
      brandCode: BRAND,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: `R${username.toUpperCase()}`,
      referrerMemberId: referrer,
      createdAt: new Date(createdAt),
    })
    .returning({ id: members.id });
  return row!.id;
}

/** A ledger movement, then dated to the fixture's instant (the ledger stamps now()). */
async function movement(
  reason: Parameters<LedgerService['post']>[0]['reason'],
  lines: PostingLine[],
  at: string,
) {
  const ledger = new LedgerService(harness.database.db);
  const result = await ledger.post({
    brandCode: BRAND,
    reason,
    idempotencyKey: `reports:${tag}:${reason}:${randomUUID()}`,
    actor: { type: 'system', id: 'reports-test' },
    lines,
  });
  // The ledger is append-only: a test dates its entry with the trigger off, in one transaction.
  await harness.database.db.transaction(async (transaction) => {
    await transaction.execute(sql`set local session_replication_role = replica`);
    await transaction
      .update(journalEntries)
      .set({ createdAt: new Date(at) })
      .where(eq(journalEntries.id, result.entryId));
  });
}

const wallet = (memberId: bigint) =>
  ({ kind: 'member_wallet', memberId, currency: CURRENCY }) as const;
const locked = (memberId: bigint) =>
  ({ kind: 'member_locked', memberId, currency: CURRENCY }) as const;
const house = (kind: string) => ({ kind, currency: CURRENCY }) as PostingLine['account'];

async function bet(
  memberId: bigint,
  platformId: number,
  gameCode: string,
  category: number,
  amounts: { bet: bigint; valid: bigint; payout: bigint },
  settledAt: string,
) {
  await harness.database.db.insert(gameBetRecords).values({
    platformId,
    roundId: `rep-${tag}-${randomUUID()}`,
    brandCode: BRAND,
    memberId,
    gameCode,
    category,
    currency: CURRENCY,
    betMinor: amounts.bet,
    validBetMinor: amounts.valid,
    payoutMinor: amounts.payout,
    placedAt: new Date(settledAt),
    settledAt: new Date(settledAt),
  });
}

beforeAll(async () => {
  harness = await createTestApp();
  scheduler = new Scheduler(harness.database, harness.app.sweeps, harness.app.log);
  admin = (
    await createOperator(harness, {
      role: `reports-all-${tag}`,
      permissions: ['reports.read'],
      brands: 'all',
    })
  ).token;
  scoped = (
    await createOperator(harness, {
      role: `reports-other-${tag}`,
      permissions: ['reports.read'],
      brands: [OTHER],
    })
  ).token;

  // Asia/Shanghai is UTC+8: 2023-03-05T20:00Z is 04:00 on 03-06 there.
  agentId = await member(`ragent${tag}`, '2023-01-01T02:00:00Z', null);
  alice = await member(`ralice${tag}`, '2023-03-06T02:00:00Z', agentId);
  bob = await member(`rbob${tag}`, '2023-03-05T20:00:00Z', agentId);

  // 03-06: Alice's first deposit 100.00 and a round (stake 40.00, paid 10.00).
  await movement(
    'deposit',
    [
      { account: house('house_deposit_clearing'), amountMinor: -10_000n },
      { account: wallet(alice), amountMinor: 10_000n },
    ],
    '2023-03-06T03:00:00Z',
  );
  await bet(
    alice,
    9,
    'baccarat',
    2,
    { bet: 4_000n, valid: 4_000n, payout: 1_000n },
    '2023-03-06T04:00:00Z',
  );
  // 03-07: Alice deposits 50.00 and is paid a withdrawal of 30.00 and a bonus of 10.00; Bob's
  // first deposit 200.00 and a round (stake 100.00, valid 90.00, paid 150.00); the agent's
  // commission 5.00. A deposit at 23:30 local on 03-07 is 15:30Z.
  await movement(
    'deposit',
    [
      { account: house('house_deposit_clearing'), amountMinor: -5_000n },
      { account: wallet(alice), amountMinor: 5_000n },
    ],
    '2023-03-07T15:30:00Z',
  );
  await movement(
    'withdrawal_request',
    [
      { account: wallet(alice), amountMinor: -3_000n },
      { account: locked(alice), amountMinor: 3_000n },
    ],
    '2023-03-07T02:00:00Z',
  );
  await movement(
    'withdrawal_paid',
    [
      { account: locked(alice), amountMinor: -3_000n },
      { account: house('house_withdrawals_payable'), amountMinor: 3_000n },
    ],
    '2023-03-07T03:00:00Z',
  );
  await movement(
    'promo_bonus',
    [
      { account: house('house_promotions'), amountMinor: -1_000n },
      { account: wallet(alice), amountMinor: 1_000n },
    ],
    '2023-03-07T04:00:00Z',
  );
  await movement(
    'deposit',
    [
      { account: house('house_deposit_clearing'), amountMinor: -20_000n },
      { account: wallet(bob), amountMinor: 20_000n },
    ],
    '2023-03-07T05:00:00Z',
  );
  await bet(
    bob,
    1,
    'slot-1',
    6,
    { bet: 10_000n, valid: 9_000n, payout: 15_000n },
    '2023-03-07T06:00:00Z',
  );
  await movement(
    'agent_commission',
    [
      { account: house('house_commissions'), amountMinor: -500n },
      { account: wallet(agentId), amountMinor: 500n },
    ],
    '2023-03-07T07:00:00Z',
  );
  // A movement 03-08 00:30 local (03-07 16:30Z): outside the range.
  await movement(
    'deposit',
    [
      { account: house('house_deposit_clearing'), amountMinor: -7_000n },
      { account: wallet(bob), amountMinor: 7_000n },
    ],
    '2023-03-07T16:30:00Z',
  );
  await sweep();
}, 240_000);

afterAll(async () => {
  await harness?.close();
});

const EXPECTED_TOTALS = {
  registrations: 2,
  ftdCount: 2,
  ftdAmount: '300.00',
  deposits: '350.00',
  depositCount: 3,
  withdrawals: '30.00',
  withdrawalCount: 1,
  netDeposits: '320.00',
  bets: '140.00',
  validBets: '130.00',
  payouts: '160.00',
  ggr: '-20.00',
  bonus: '10.00',
  rebate: '0.00',
  commission: '5.00',
  ngr: '-35.00',
  activeMembers: 2,
};

describe('report rollups and the dashboard', () => {
  it('answers the hand-computed totals, by day, platform and category', async () => {
    const answer = await call(`/admin/api/reports/dashboard?${RANGE}`);
    expect(answer.statusCode).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({
      from: '2023-03-06',
      to: '2023-03-07',
      previousFrom: '2023-03-04',
      previousTo: '2023-03-05',
      onlineNow: 0,
    });
    expect(typeof data.asOf).toBe('string');
    expect(data.currencies).toHaveLength(1);
    const [cny] = data.currencies;
    expect(cny.currency).toBe('CNY');
    expect(cny.totals).toEqual(EXPECTED_TOTALS);
    expect(cny.previous.deposits).toBe('0.00');
    expect(cny.previous.registrations).toBe(0);
    // The same month's active days outside the period do not count.
    expect(cny.previous.activeMembers).toBe(0);
    expect(cny.byDay.map((day: { day: string }) => day.day)).toEqual(['2023-03-06', '2023-03-07']);
    expect(cny.byDay[0]).toMatchObject({
      registrations: 2,
      ftdCount: 1,
      ftdAmount: '100.00',
      deposits: '100.00',
      bets: '40.00',
      payouts: '10.00',
      ggr: '30.00',
      activeMembers: 1,
    });
    expect(cny.byDay[1]).toMatchObject({
      registrations: 0,
      ftdCount: 1,
      ftdAmount: '200.00',
      deposits: '250.00',
      depositCount: 2,
      withdrawals: '30.00',
      bets: '100.00',
      validBets: '90.00',
      payouts: '150.00',
      bonus: '10.00',
      commission: '5.00',
      ngr: '-65.00',
      activeMembers: 2,
    });
    expect(cny.previousByDay).toHaveLength(2);
    expect(cny.byPlatform).toEqual([
      expect.objectContaining({
        platformId: '9',
        bets: '40.00',
        payouts: '10.00',
        ggr: '30.00',
        players: 1,
      }),
      expect.objectContaining({
        platformId: '1',
        bets: '100.00',
        payouts: '150.00',
        ggr: '-50.00',
        players: 1,
      }),
    ]);
    expect(cny.byCategory).toEqual([
      {
        category: '2',
        bets: '40.00',
        validBets: '40.00',
        payouts: '10.00',
        ggr: '30.00',
        players: 1,
      },
      {
        category: '6',
        bets: '100.00',
        validBets: '90.00',
        payouts: '150.00',
        ggr: '-50.00',
        players: 1,
      },
    ]);
  });

  it('writes the same rows when the sweep runs again', async () => {
    const snapshot = async () => {
      const db = harness.database.db;
      const strip = <T extends Record<string, unknown>>(rows: T[]) =>
        rows
          .map(({ computedAt: _computedAt, ...rest }) => rest)
          .sort((a, b) => JSON.stringify(a, replacer).localeCompare(JSON.stringify(b, replacer)));
      return JSON.stringify(
        [
          strip(await db.select().from(reportDays).where(eq(reportDays.brandCode, BRAND))),
          strip(await db.select().from(reportGameDays).where(eq(reportGameDays.brandCode, BRAND))),
          strip(
            await db.select().from(reportMemberDays).where(eq(reportMemberDays.brandCode, BRAND)),
          ),
          strip(
            await db.select().from(reportAgentDays).where(eq(reportAgentDays.brandCode, BRAND)),
          ),
          strip(
            await db.select().from(reportCohortWeeks).where(eq(reportCohortWeeks.brandCode, BRAND)),
          ),
          strip(
            await db
              .select()
              .from(reportMemberMonths)
              .where(eq(reportMemberMonths.brandCode, BRAND)),
          ),
        ],
        replacer,
      );
    };
    const before = await snapshot();
    await sweep();
    expect(await snapshot()).toBe(before);
  }, 120_000);
});

describe('the reports', () => {
  it('daily: one row per brand and day, newest first', async () => {
    const answer = await call(`/admin/api/reports/daily?${RANGE}`);
    expect(answer.body.data.items.map((row: { day: string }) => row.day)).toEqual([
      '2023-03-07',
      '2023-03-06',
    ]);
    expect(answer.body.data.items[0]).toMatchObject({
      brand: BRAND,
      currency: CURRENCY,
      deposits: '250.00',
      ftdCount: 1,
    });
  });

  it('games: by platform, and the games of one platform', async () => {
    const platforms = await call(`/admin/api/reports/games?${RANGE}`);
    expect(platforms.body.data.items).toEqual([
      expect.objectContaining({
        platformId: '9',
        gameCode: null,
        category: '2',
        bets: '40.00',
        ggr: '30.00',
        rounds: 1,
        players: 1,
      }),
      expect.objectContaining({
        platformId: '1',
        gameCode: null,
        category: '6',
        bets: '100.00',
        ggr: '-50.00',
        rounds: 1,
      }),
    ]);
    const games = await call(`/admin/api/reports/games?${RANGE}&platformId=1`);
    expect(games.body.data.items).toEqual([
      expect.objectContaining({
        platformId: '1',
        gameCode: 'slot-1',
        category: '6',
        validBets: '90.00',
        payouts: '150.00',
      }),
    ]);
  });

  it('players: winners and losers', async () => {
    const winners = await call(`/admin/api/reports/players?${RANGE}&order=winners`);
    expect(
      winners.body.data.items.map((row: { memberId: string; net: string }) => [
        row.memberId,
        row.net,
      ]),
    ).toEqual([
      [String(bob), '50.00'],
      [String(alice), '-30.00'],
    ]);
    const losers = await call(`/admin/api/reports/players?${RANGE}&order=losers&limit=1`);
    expect(losers.body.data.items).toEqual([
      expect.objectContaining({
        memberId: String(alice),
        bets: '40.00',
        payouts: '10.00',
        net: '-30.00',
        rounds: 1,
      }),
    ]);
  });

  it('agents: the downline and the commission', async () => {
    const answer = await call(`/admin/api/reports/agents?${RANGE}`);
    expect(answer.body.data.total).toBe(1);
    expect(answer.body.data.items).toEqual([
      {
        agentId: String(agentId),
        username: `ragent${tag}`,
        brand: BRAND,
        currency: CURRENCY,
        downlineMembers: 2,
        newMembers: 2,
        activeMembers: 2,
        deposits: '350.00',
        validBets: '130.00',
        ggr: '-20.00',
        commission: '5.00',
      },
    ]);
  });

  it('cohorts: the week of registration and the weeks after', async () => {
    const answer = await call(`/admin/api/reports/cohorts?${RANGE}&weeks=2`);
    expect(answer.body.data.items).toEqual([
      {
        week: '2023-03-06',
        size: 2,
        weeks: [
          { week: 0, active: 2, depositing: 2 },
          { week: 1, active: 0, depositing: 0 },
        ],
      },
    ]);
  });

  it('promotions and VIP answer for the brand', async () => {
    const promotions = await call(`/admin/api/reports/promotions?${RANGE}`);
    expect(promotions.statusCode).toBe(200);
    expect(promotions.body.data.items).toEqual([]);
    const vip = await call(`/admin/api/reports/vip?${RANGE}`);
    expect(vip.statusCode).toBe(200);
    const levelZero = vip.body.data.items.find((row: { level: number }) => row.level === 0);
    expect(levelZero.members).toBeGreaterThanOrEqual(3);
  });

  it('exports the daily report as CSV, in the action log', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/admin/api/reports/daily/export?${RANGE}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const csv = parseCsv(response.body);
    expect(csv.header.slice(0, 4)).toEqual(['day', 'brand', 'currency', 'registrations']);
    expect(csv.rows.map((row) => [row.day, row.deposits, row.ngr])).toEqual([
      ['2023-03-07', '250.00', '-65.00'],
      ['2023-03-06', '100.00', '30.00'],
    ]);
    const logged = await harness.database.db
      .select()
      .from(operatorActions)
      .where(inArray(operatorActions.targetType, ['report_daily']));
    expect(logged.length).toBeGreaterThanOrEqual(1);
  });

  it('exports the players and the cohorts with their columns', async () => {
    const players = await harness.app.inject({
      method: 'GET',
      url: `/admin/api/reports/players/export?${RANGE}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const csv = parseCsv(players.body);
    expect(csv.rows.map((row) => row.net)).toEqual(['50.00', '-30.00']);
    const cohorts = await harness.app.inject({
      method: 'GET',
      url: `/admin/api/reports/cohorts/export?${RANGE}&weeks=2`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(parseCsv(cohorts.body).header).toEqual([
      'week',
      'size',
      'w0_active',
      'w0_depositing',
      'w1_active',
      'w1_depositing',
    ]);
  });
});

describe('scope and input', () => {
  it('refuses a brand outside the operator’s, and shows only theirs without one', async () => {
    const refused = await call(`/admin/api/reports/dashboard?${RANGE}`, scoped);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.data).toBe('forbidden');
    const own = await call(
      '/admin/api/reports/daily?period=range&from=2023-03-06&to=2023-03-07',
      scoped,
    );
    expect(own.statusCode).toBe(200);
    expect(own.body.data.items.every((row: { brand: string }) => row.brand === OTHER)).toBe(true);
    const players = await call(
      '/admin/api/reports/players?period=range&from=2023-03-06&to=2023-03-07',
      scoped,
    );
    expect(players.body.data.items).toEqual([]);
  });

  it('answers a bad period with a code, never a 500', async () => {
    const cases: [string, number, string][] = [
      [`brand=${BRAND}&period=range`, 400, 'report_period_invalid'],
      [`brand=${BRAND}&period=range&from=2023-02-30&to=2023-03-01`, 400, 'report_period_invalid'],
      [`brand=${BRAND}&period=range&from=2023-03-08&to=2023-03-01`, 400, 'report_period_invalid'],
      [`brand=${BRAND}&period=range&from=2022-01-01&to=2023-03-01`, 400, 'report_range_too_long'],
    ];
    for (const [query, status, code] of cases) {
      const answer = await call(`/admin/api/reports/dashboard?${query}`);
      expect(answer.statusCode, query).toBe(status);
      expect(answer.body.data, query).toBe(code);
    }
    for (const query of [
      'period=week',
      'period=range&from=2023-3-1&to=2023-03-02',
      'brand=NOPE!',
      'limit=0',
    ]) {
      const answer = await call(`/admin/api/reports/players?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body.status).toBe(false);
    }
    const games = await call(`/admin/api/reports/games?${RANGE}&platformId=abc`);
    expect(games.statusCode).toBe(200);
    expect(games.body.data.items).toEqual([]);
  });

  it('needs reports.read', async () => {
    const { token } = await createOperator(harness, {
      role: `no-reports-${tag}`,
      permissions: ['members.read'],
      brands: 'all',
    });
    expect((await call(`/admin/api/reports/dashboard?${RANGE}`, token)).statusCode).toBe(403);
    expect((await call(`/admin/api/reports/daily/export?${RANGE}`, token)).statusCode).toBe(403);
  });
});

describe('late rows', () => {
  it('picks up a bet record for an old day synced late', async () => {
    await bet(
      alice,
      9,
      'baccarat',
      2,
      { bet: 500n, valid: 500n, payout: 0n },
      '2023-03-06T05:00:00Z',
    );
    await sweep();
    const answer = await call(`/admin/api/reports/daily?${RANGE}`);
    expect(answer.statusCode).toBe(200);
    const day = answer.body.data.items.find((row: { day: string }) => row.day === '2023-03-06');
    expect(day).toMatchObject({ brand: BRAND, bets: '45.00', payouts: '10.00', ggr: '35.00' });
  }, 120_000);
});

describe('kept spans', () => {
  // 2023-03-08 12:00 in Shanghai: the kept spans are 03-02..03-08, 02-23..03-01, 02-07..03-08
  // and 01-08..02-06; the fixture plays on 03-06 and 03-07.
  const at = (iso: string) => () => new Date(iso);
  const SPAN_7D = { from: '2023-03-02', to: '2023-03-08' };
  const SPAN_30D = { from: '2023-02-07', to: '2023-03-08' };
  let cursor: Record<string, unknown> = {};

  async function rollup(now: () => Date) {
    const brand = harness.app.brands.get(BRAND);
    if (!brand) throw new Error(`no ${BRAND}`);
    await runReportsRollup(
      {
        cursor,
        saveCursor: async (next) => {
          cursor = next;
        },
        signal: new AbortController().signal,
        log: harness.app.log,
      },
      { db: harness.database.db, brands: () => [brand], now },
    );
  }

  const span = ({ from, to }: { from: string; to: string }): BrandSpan => ({
    brandCode: BRAND,
    timeZone: 'Asia/Shanghai',
    from,
    to,
    start: new Date(`${from}T00:00:00+08:00`),
    end: new Date(new Date(`${to}T00:00:00+08:00`).getTime() + 86_400_000),
  });

  async function kept() {
    return harness.database.db
      .select()
      .from(reportSpanFacts)
      .where(eq(reportSpanFacts.brandCode, BRAND))
      .orderBy(reportSpanFacts.fromDay, reportSpanFacts.toDay);
  }

  it('keeps the 7 and 30 days and the spans before them, equal to computing them', async () => {
    await rollup(at('2023-03-08T04:00:00Z'));
    const rows = await kept();
    expect(rows.map((row) => [row.fromDay, row.toDay])).toEqual([
      ['2023-01-08', '2023-02-06'],
      ['2023-02-07', '2023-03-08'],
      ['2023-02-23', '2023-03-01'],
      ['2023-03-02', '2023-03-08'],
    ]);
    const week = rows.find((row) => row.fromDay === SPAN_7D.from);
    expect(week).toMatchObject({ currency: CURRENCY, activeMembers: 2 });
    // Alice: stakes 45.00 (the late round too), paid 10.00; Bob: stakes 100.00, paid 150.00.
    expect(week?.winners).toEqual([
      {
        member_id: String(bob),
        bet_minor: '10000',
        valid_bet_minor: '9000',
        payout_minor: '15000',
        rounds: '1',
      },
      {
        member_id: String(alice),
        bet_minor: '4500',
        valid_bet_minor: '4500',
        payout_minor: '1000',
        rounds: '2',
      },
    ]);
    expect(rows.find((row) => row.fromDay === '2023-02-23')).toMatchObject({
      activeMembers: 0,
      winners: [],
      losers: [],
    });
    for (const which of [SPAN_7D, SPAN_30D]) {
      const spans = [span(which)];
      for (const order of ['winners', 'losers'] as const) {
        expect(await keptPlayerTotals(harness.database.db, spans, order, 500)).toEqual(
          await playerTotals(harness.database.db, spans, order, 500),
        );
      }
      const [facts] = await spanFacts(harness.database.db, spans);
      const [computed] = await activeMembers(harness.database.db, spans);
      expect(facts?.active_members).toBe(computed?.active);
    }
  });

  it('answers the kept span from what was kept, and any other span from the rollups', async () => {
    const read = async (from: string, to: string) =>
      (
        await call(`/admin/api/reports/players?brand=${BRAND}&period=range&from=${from}&to=${to}`)
      ).body.data.items.map((row: { memberId: string; net: string }) => [row.memberId, row.net]);
    expect(await read(SPAN_7D.from, SPAN_7D.to)).toEqual([
      [String(bob), '50.00'],
      [String(alice), '-35.00'],
    ]);
    // Only the kept list knows this member: the exact span reads it, a day less does not.
    await harness.database.db
      .update(reportSpanFacts)
      .set({
        winners: [
          {
            member_id: String(agentId),
            bet_minor: '0',
            valid_bet_minor: '0',
            payout_minor: '99900',
            rounds: '1',
          },
        ],
      })
      .where(and(eq(reportSpanFacts.brandCode, BRAND), eq(reportSpanFacts.fromDay, SPAN_7D.from)));
    expect(await read(SPAN_7D.from, SPAN_7D.to)).toEqual([[String(agentId), '999.00']]);
    expect(await read(SPAN_7D.from, '2023-03-07')).toEqual([
      [String(bob), '50.00'],
      [String(alice), '-35.00'],
    ]);
    // The dashboard's active members of the span: kept (2), and computed for the span before.
    const dashboard = await call(
      `/admin/api/reports/dashboard?brand=${BRAND}&period=range&from=${SPAN_7D.from}&to=${SPAN_7D.to}`,
    );
    expect(dashboard.body.data.currencies[0]).toMatchObject({
      totals: { activeMembers: 2 },
      previous: { activeMembers: 0 },
    });
  });

  it('recomputes a span when a day in it changes, leaves the others, forgets old spans', async () => {
    const before = new Map((await kept()).map((row) => [row.fromDay, row.computedAt]));
    await bet(
      alice,
      9,
      'baccarat',
      2,
      { bet: 200n, valid: 200n, payout: 0n },
      '2023-03-03T05:00:00Z',
    );
    await rollup(at('2023-03-08T04:05:00Z'));
    const after = await kept();
    const week = after.find((row) => row.fromDay === SPAN_7D.from);
    expect(week?.winners).toEqual([
      expect.objectContaining({ member_id: String(bob) }),
      expect.objectContaining({ member_id: String(alice), bet_minor: '4700', rounds: '3' }),
    ]);
    // The spans before hold no changed day: not recomputed.
    for (const from of ['2023-01-08', '2023-02-23']) {
      expect(after.find((row) => row.fromDay === from)?.computedAt).toEqual(before.get(from));
    }
    await rollup(at('2023-03-09T04:00:00Z'));
    expect((await kept()).map((row) => [row.fromDay, row.toDay])).toEqual([
      ['2023-01-09', '2023-02-07'],
      ['2023-02-08', '2023-03-09'],
      ['2023-02-24', '2023-03-02'],
      ['2023-03-03', '2023-03-09'],
    ]);
    expect(cursor.recomputed).toEqual([]);
  });
});

function replacer(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}
