import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetRecordItem } from '@lobby/contracts';
import { startOfDay } from '@lobby/time';
import { gameBetRecords } from './bet-records.schema.ts';
import { addTurnover, outstandingTurnover } from '../../money/turnover/turnover.ts';
import {
  openGame,
  playSlotRounds,
  startSim,
  type PlayedRound,
  type RunningSim,
} from '../games/game-sim.test-support.ts';
import {
  createGamesHarness,
  DEAD_PROVIDER,
  memberGet,
  memberPost,
  memorySweepContext,
  type GameMember,
  type GamesHarness,
} from '../games/games.test-support.ts';
import { ProviderClient } from '../games/provider-client.ts';
import { DEMO_BRANDS, insertBrandIfAbsent } from '../../platform/brand/index.ts';
import { BET_RECORD_SYNC, syncBetRecords, type BetRecordSyncOptions } from './bet-record-sync.ts';
import { insertNewBetRecords } from './bet-records.repository.ts';

/**
 * Bet records end to end: a member enters slot games (simulator over HTTP), plays rounds as the
 * game page does, the bet-record-sync sweep pulls the settled rounds, and the member reads them
 * with totals and filters. Each new round takes its valid bet off the member's turnover
 * requirement exactly once, however often the sync runs or its windows overlap.
 */
let sim: RunningSim;
let h: GamesHarness;

beforeAll(async () => {
  sim = await startSim();
  h = await createGamesHarness({ gameProvider: sim.gameProvider });
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
  await sim.close();
});

const app = () => h.harness.app;
const db = () => h.harness.database.db;
const RECORDS = '/api/findmed/v1/member/record/game';

type RecordsPage = {
  items: BetRecordItem[];
  total: number;
  page: number;
  pageSize: number;
  totals: { bet: string; validBet: string; payout: string; winLoss: string };
};

/** The sync as the sweep runs it, on this test's simulator, reading up to now. */
function options(overrides: Partial<BetRecordSyncOptions> = {}): BetRecordSyncOptions {
  return {
    provider: new ProviderClient(sim.gameProvider),
    brands: () => app().brands.all(),
    settleLagMs: 0,
    // Rounds here are minutes old at most: a short first window keeps each run to one call a
    // platform.
    initialLookbackMs: 15 * 60_000,
    ...overrides,
  };
}

async function records(member: GameMember, query = '', headers: Record<string, string> = {}) {
  const answer = await memberGet<RecordsPage>(app(), member, `${RECORDS}${query}`, headers);
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data;
}

/** Enters a slot game (Lobby's launch) and plays rounds on its page. */
async function play(
  member: GameMember,
  platformId: number,
  gameCode: string,
  rounds: number,
  betMinor: bigint,
): Promise<PlayedRound[]> {
  const launched = await memberPost<{ url: string }>(app(), member, '/api/game/launch', {
    platform: String(platformId),
    gameCode,
  });
  if (!launched.body.status) throw new Error(`launch: ${JSON.stringify(launched.body)}`);
  const page = await openGame(sim, launched.body.data.url);
  return playSlotRounds(sim, page.sessionId, rounds, betMinor);
}

/** A member with money on platforms 17 and 18 (moved in by the automatic transfer). */
async function playingMember(amountMinor = 100_000n): Promise<GameMember> {
  const member = await h.newMember();
  await h.credit(member, amountMinor);
  await memberPost(app(), member, '/api/game/settings', { autoTransfer: '1' });
  return member;
}

const sum = (rounds: PlayedRound[], field: 'stakeMinor' | 'payoutMinor') =>
  rounds.reduce((total, round) => total + round[field], 0n);

const decimal = (minor: bigint) => {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

describe('bet record sync', () => {
  it('records settled rounds once, takes turnover down once, and shows them with totals', async () => {
    const member = await playingMember();
    await addTurnover(db(), {
      brandCode: member.brand,
      memberId: member.id,
      currency: 'CNY',
      amountMinor: 50_000n,
    });
    // The whole wallet goes to 17 on the first launch; 18 gets the next deposit.
    const onFirst = await play(member, 17, 'golden-koi', 5, 100n);
    await h.credit(member, 10_000n);
    const onSecond = await play(member, 18, 'jade-temple', 3, 200n);
    const played = [...onFirst, ...onSecond];
    const betMinor = sum(played, 'stakeMinor');
    expect(betMinor).toBe(1_100n);

    const context = memorySweepContext(h.harness);
    const first = await syncBetRecords(context, options());
    expect(first.failed).toEqual([]);
    expect(first.inserted).toBeGreaterThanOrEqual(8);
    expect(await outstandingTurnover(db(), member.brand, member.id, 'CNY')).toBe(50_000n - 1_100n);

    const page = await records(member, '', { lang: 'en' });
    expect(page.total).toBe(8);
    expect(page.items.map((item) => item.roundId).sort()).toEqual(
      played.map((round) => round.roundId).sort(),
    );
    const payoutMinor = sum(played, 'payoutMinor');
    expect(page.totals).toEqual({
      bet: '11.00',
      validBet: '11.00',
      payout: decimal(payoutMinor),
      winLoss: decimal(payoutMinor - betMinor),
    });
    const settled = page.items.map((item) => item.settledAt);
    expect(settled).toEqual([...settled].sort().reverse());
    const koi = page.items.find((item) => item.roundId === onFirst[0]?.roundId);
    expect(koi).toMatchObject({
      platformId: 17,
      platformName: 'Peng Slots',
      gameCode: 'golden-koi',
      gameName: 'Golden Koi',
      category: 4,
      bet: '1.00',
      validBet: '1.00',
      currency: 'CNY',
    });
    expect(koi?.winLoss).toBe(decimal((onFirst[0]?.payoutMinor ?? 0n) - 100n));

    // The same windows again (the saved cursor, then a fresh one re-reading everything, then
    // two at once): nothing new, and the turnover stays where it is.
    const again = await syncBetRecords(context, options());
    expect(again.inserted).toBe(0);
    const reread = await syncBetRecords(memorySweepContext(h.harness), options());
    expect(reread.inserted).toBe(0);
    expect(reread.fetched).toBeGreaterThanOrEqual(8);
    const both = await Promise.all([
      syncBetRecords(memorySweepContext(h.harness), options()),
      syncBetRecords(memorySweepContext(h.harness), options()),
    ]);
    expect(both.map((report) => report.inserted)).toEqual([0, 0]);
    expect(await outstandingTurnover(db(), member.brand, member.id, 'CNY')).toBe(48_900n);
    expect((await records(member)).total).toBe(8);
  });

  it('re-reads an overlap before its cursor, so a round that shows up late is not lost', async () => {
    const member = await playingMember();
    const context = memorySweepContext(h.harness);
    await syncBetRecords(context, options());
    const [round] = await play(member, 17, 'star-fruit', 1, 100n);
    if (!round) throw new Error('no round');
    // The cursor is saved as if the last run had read past this round before it was visible.
    const cursor = context.saved as { platforms: Record<string, string> };
    context.saved = {
      platforms: { ...cursor.platforms, 17: new Date(Date.now() + 60_000).toISOString() },
    };
    const report = await syncBetRecords(context, options({ now: () => Date.now() + 61_000 }));
    expect(report.failed).toEqual([]);
    expect((await records(member, '?platform=17')).items.map((item) => item.roundId)).toEqual([
      round.roundId,
    ]);
    const stored = await db()
      .select({ roundId: gameBetRecords.roundId })
      .from(gameBetRecords)
      .where(eq(gameBetRecords.memberId, member.id));
    expect(stored).toEqual([{ roundId: round.roundId }]);
  });

  it('asks a platform that did not answer for the same window next run', async () => {
    const member = await playingMember();
    const rounds = await play(member, 17, 'lucky-lantern', 2, 100n);
    const context = memorySweepContext(h.harness);
    const dead = await syncBetRecords(
      context,
      options({ provider: new ProviderClient(DEAD_PROVIDER), concurrency: 8 }),
    );
    expect(dead.failed).toContain(17);
    expect(dead.inserted).toBe(0);
    const saved = context.saved as { platforms?: Record<string, string> };
    expect(saved.platforms?.['17']).toBeUndefined();
    expect((await records(member)).total).toBe(0);

    const alive = await syncBetRecords(context, options());
    expect(alive.failed).toEqual([]);
    expect((await records(member)).items.map((item) => item.roundId).sort()).toEqual(
      rounds.map((round) => round.roundId).sort(),
    );
    expect(
      Date.parse((context.saved as { platforms: Record<string, string> }).platforms['17'] ?? ''),
    ).toBeGreaterThan(Date.now() - 10_000);
  });

  it('skips rounds of players that are not ours, with a log line', async () => {
    const provider = new ProviderClient(sim.gameProvider);
    const strangers = ['ghost_42', 'jinsheng_999999999999'];
    const roundIds: string[] = [];
    for (const player of strangers) {
      expect((await provider.createPlayer(17, player, 'CNY')).kind).toBe('ok');
      const funded = await provider.transfer(17, {
        orderId: `fund-${randomUUID()}`,
        player,
        direction: 'in',
        amountMinor: '1000',
      });
      expect(funded.kind).toBe('ok');
      const launched = await provider.launch(17, { player, gameCode: 'golden-koi', lang: 'en' });
      if (launched.kind !== 'ok') throw new Error('launch');
      const page = await openGame(sim, launched.value.url);
      roundIds.push(...(await playSlotRounds(sim, page.sessionId, 1, 100n)).map((r) => r.roundId));
    }
    const logs: Record<string, unknown>[] = [];
    const context = memorySweepContext(h.harness);
    context.log = {
      ...context.log,
      warn: (fields: Record<string, unknown>) => logs.push(fields),
      info: () => undefined,
      error: () => undefined,
    };
    const report = await syncBetRecords(context, options());
    expect(report.skipped).toBeGreaterThanOrEqual(2);
    const skipped = logs.flatMap(
      (line) => (line.rounds as { roundId: string; player: string }[] | undefined) ?? [],
    );
    expect(skipped.map((entry) => entry.player)).toEqual(expect.arrayContaining(strangers));
    const stored = await db()
      .select()
      .from(gameBetRecords)
      .where(eq(gameBetRecords.platformId, 17));
    expect(roundIds).toHaveLength(2);
    for (const roundId of roundIds) {
      expect(stored.map((row) => row.roundId)).not.toContain(roundId);
    }
  });

  it('stops when told to, saving only finished windows', async () => {
    const stopped = new AbortController();
    stopped.abort();
    const context = memorySweepContext(h.harness, { signal: stopped.signal });
    const report = await syncBetRecords(context, options());
    expect(report.fetched).toBe(0);
    expect(context.saves).toBe(0);
  });

  it('resumes from the cursor a stopped run saved', async () => {
    const member = await playingMember();
    const rounds = await play(member, 17, 'fortune-dragon', 2, 100n);
    const stopper = new AbortController();
    const context = memorySweepContext(h.harness, { signal: stopper.signal });
    const saveCursor = context.saveCursor;
    // The node is stopped right after its first saved window (a deploy, a lost lock).
    context.saveCursor = async (cursor) => {
      await saveCursor(cursor);
      stopper.abort();
    };
    const small = { concurrency: 1, maxWindowMs: 5 * 60_000, saveEveryMs: 0 };
    const stopped = await syncBetRecords(context, options(small));
    const partial = (context.saved as { platforms: Record<string, string> }).platforms;
    expect(Object.keys(partial)).toEqual(['1']);
    expect((await records(member)).total).toBe(0);

    const resumed = memorySweepContext(h.harness, { cursor: context.saved });
    const report = await syncBetRecords(resumed, options(small));
    expect(report.failed).toEqual([]);
    expect(stopped.fetched + report.fetched).toBeGreaterThanOrEqual(rounds.length);
    expect((await records(member)).total).toBe(rounds.length);
    expect(
      Object.keys((resumed.saved as { platforms: Record<string, string> }).platforms),
    ).toHaveLength(42);
  });

  it('is a sweep of the app, catching up window by window', async () => {
    const sweep = app().sweeps.find((candidate) => candidate.name === BET_RECORD_SYNC);
    expect(sweep?.intervalMs).toBe(30_000);
    const member = await playingMember();
    const rounds = await play(member, 17, 'panda-feast', 2, 100n);
    // The app's sweep leaves the last 2 s to the next run: wait them out.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const context = memorySweepContext(h.harness);
    await sweep?.run(context);
    expect((await records(member)).total).toBe(rounds.length);
    // A day's lookback is read in hour windows; the cursor ends where the run did, for every
    // platform of the brands.
    const saved = (context.saved as { platforms: Record<string, string> }).platforms;
    expect(Object.keys(saved)).toHaveLength(42);
    for (const until of Object.values(saved)) {
      expect(Date.now() - Date.parse(until)).toBeLessThan(60_000);
    }
  });
});

describe('bet records', () => {
  /** Rounds stored straight away, settled at the given instants (no platform involved). */
  async function seed(
    member: GameMember,
    rows: {
      platformId: number;
      gameCode: string;
      category: number;
      settledAt: Date;
      betMinor: bigint;
      payoutMinor: bigint;
    }[],
  ) {
    await insertNewBetRecords(
      db(),
      rows.map((row) => ({
        platformId: row.platformId,
        roundId: `seed_${randomUUID()}`,
        brandCode: member.brand,
        memberId: member.id,
        gameCode: row.gameCode,
        category: row.category,
        currency: 'CNY',
        betMinor: row.betMinor,
        validBetMinor: row.betMinor,
        payoutMinor: row.payoutMinor,
        placedAt: new Date(row.settledAt.getTime() - 1_000),
        settledAt: row.settledAt,
      })),
    );
  }

  it('filters by Asia/Shanghai date preset, category and platform, paged with whole-set totals', async () => {
    const member = await h.newMember();
    const now = new Date();
    const today = startOfDay(now, 'Asia/Shanghai');
    const hour = 60 * 60 * 1000;
    await seed(member, [
      {
        platformId: 17,
        gameCode: 'golden-koi',
        category: 4,
        settledAt: new Date(Math.min(today.getTime() + hour, now.getTime() - 1_000)),
        betMinor: 1_000n,
        payoutMinor: 2_500n,
      },
      {
        platformId: 9,
        gameCode: 'baccarat',
        category: 2,
        settledAt: new Date(today.getTime() - hour),
        betMinor: 2_000n,
        payoutMinor: 0n,
      },
      {
        platformId: 9,
        gameCode: 'roulette',
        category: 2,
        settledAt: new Date(today.getTime() - 3 * 24 * hour),
        betMinor: 3_000n,
        payoutMinor: 3_000n,
      },
      {
        platformId: 1,
        gameCode: 'sportsbook',
        category: 6,
        settledAt: new Date(today.getTime() - 20 * 24 * hour),
        betMinor: 4_000n,
        payoutMinor: 1_000n,
      },
      {
        platformId: 1,
        gameCode: 'sportsbook',
        category: 6,
        settledAt: new Date(today.getTime() - 40 * 24 * hour),
        betMinor: 5_000n,
        payoutMinor: 0n,
      },
    ]);
    const totalOf = async (query: string) => (await records(member, query)).total;
    expect(await totalOf('')).toBe(5);
    expect(await totalOf('?datePreset=-1')).toBe(5);
    expect(await totalOf('?datePreset=0')).toBe(1);
    expect(await totalOf('?datePreset=1')).toBe(1);
    expect(await totalOf('?datePreset=2')).toBe(3);
    expect(await totalOf('?datePreset=3')).toBe(4);
    expect(await totalOf('?category=2')).toBe(2);
    expect(await totalOf('?category=2&datePreset=1')).toBe(1);
    expect(await totalOf('?platform=1')).toBe(2);
    expect(await totalOf('?platform=1&category=2')).toBe(0);

    const paged = await records(member, '?pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(paged.items.map((item) => item.bet)).toEqual(['30.00', '40.00']);
    expect(paged.totals).toEqual({
      bet: '150.00',
      validBet: '150.00',
      payout: '65.00',
      winLoss: '-85.00',
    });
    const sports = await records(member, '?category=6', { lang: 'zh-TW' });
    expect(sports.totals).toEqual({
      bet: '90.00',
      validBet: '90.00',
      payout: '10.00',
      winLoss: '-80.00',
    });
    expect(sports.items[0]).toMatchObject({ platformName: '華盛體育', gameName: '體育投注' });
    const empty = await records(member, '?platform=30');
    expect(empty).toMatchObject({ items: [], total: 0 });
    expect(empty.totals).toEqual({
      bet: '0.00',
      validBet: '0.00',
      payout: '0.00',
      winLoss: '0.00',
    });
  });

  /** A brand of its own, like the default one but for its business time zone. */
  async function brandInZone(timeZone: string): Promise<string> {
    const code = `z${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const template = DEMO_BRANDS[0];
    if (!template) throw new Error('no demo brand');
    await insertBrandIfAbsent(
      db(),
      {
        ...template.row,
        code,
        isDefault: false,
        settings: { ...template.row.settings, timeZone },
      },
      [`${code}.lobby.test`],
    );
    await app().brands.load();
    return code;
  }

  it("filters by the days of the brand's own time zone (America/New_York)", async () => {
    const zone = 'America/New_York';
    const member = await h.newMember(await brandInZone(zone));
    const shanghaiMember = await h.newMember();
    const now = new Date();
    const newYorkDayStart = startOfDay(now, zone);
    const shanghaiDayStart = startOfDay(now, 'Asia/Shanghai');
    // A second before the later of the two midnights: still yesterday in the zone whose day began
    // later, already today in the other (their midnights are 12 or 13 hours apart).
    const settledAt = new Date(
      Math.max(newYorkDayStart.getTime(), shanghaiDayStart.getTime()) - 1_000,
    );
    const round = {
      platformId: 17,
      gameCode: 'golden-koi',
      category: 4,
      settledAt,
      betMinor: 1_000n,
      payoutMinor: 0n,
    };
    await seed(member, [round]);
    await seed(shanghaiMember, [round]);
    const todayInNewYork = newYorkDayStart < shanghaiDayStart ? 1 : 0;
    const totalOf = async (who: GameMember, preset: number) =>
      (await records(who, `?datePreset=${preset}`)).total;
    expect(await totalOf(member, 0)).toBe(todayInNewYork);
    expect(await totalOf(member, 1)).toBe(1 - todayInNewYork);
    expect(await totalOf(shanghaiMember, 0)).toBe(1 - todayInNewYork);
    expect(await totalOf(shanghaiMember, 1)).toBe(todayInNewYork);
  });

  it("shows only the member's own records", async () => {
    const [mine, theirs] = await Promise.all([h.newMember(), h.newMember()]);
    if (!mine || !theirs) throw new Error('members');
    await seed(theirs, [
      {
        platformId: 17,
        gameCode: 'golden-koi',
        category: 4,
        settledAt: new Date(),
        betMinor: 100n,
        payoutMinor: 0n,
      },
    ]);
    expect((await records(mine)).total).toBe(0);
    expect((await records(theirs)).total).toBe(1);
  });

  it('refuses bad input and guests', async () => {
    const member = await h.newMember();
    for (const query of [
      '?datePreset=5',
      '?datePreset=-2',
      '?category=9',
      '?category=abc',
      '?platform=-1',
      '?pageSize=101',
      '?page=0',
    ]) {
      const answer = await memberGet(app(), member, `${RECORDS}${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body).toMatchObject({ status: false, data: 'validation' });
    }
    const guest = await memberGet(app(), null, RECORDS);
    expect(guest.body).toMatchObject({ status: false, data: 'token' });
  });
});
