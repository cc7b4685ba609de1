import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Localized } from '@lobby/game-protocol';
import type { FairDraw, ScheduledEngine, ScheduledEvent } from './engine.ts';
import { checkStake, describeLimits, minorString, type StakeLimits } from './common.ts';
import { slotsBetween, stampOf, timeOfId } from './schedule.ts';

/**
 * Sports (football, 1X2) and esports (best of three, match winner) books.
 *
 * Schedule: a fixture kicks off at every even UTC minute (every 2 minutes); its id is `S` (sports)
 * or `E` (esports) + yyyyMMddHHmm of the kick-off. It is listed 6 minutes before the kick-off,
 * takes bets until the kick-off (closesAt) and its result comes 60 seconds later (resultAt).
 * The pairing is fixed by the id (SHA-256 of `${kind}:${id}` picks two different teams of the
 * fixed lists), so every instance of the simulator shows the same fixtures.
 *
 * Odds: each team has a fixed rating. Football: s = logistic((home - away + 6) / 20) (6 is the
 * home advantage), P(draw) = 28% - 12% x |2s - 1|, P(home) = (1 - P(draw)) x s, P(away) the
 * rest; esports: P(A) = logistic((A - B) / 15) kept within 5%..95%. Probabilities are whole
 * basis points (1/10000). Decimal odds = 1 / (p x 1.06) rounded down to 0.01 (6% margin, at
 * least 1.01, a floor the ratings below never reach), so every pick returns p x odds of at
 * most 1 / 1.06 = 94.34% and at least about 93.5% (RTP about 94%; sports.test.ts checks every
 * pairing).
 *
 * Result: the fair draw's int(10000) is compared with the cumulative probabilities (home, then
 * draw, then away), so each outcome happens exactly as often as the odds' probabilities say.
 * Then a score consistent with it: football, the loser 0-2 goals and the winner 1-3 more, a draw
 * 0-0 to 3-3; esports 2-0 or 2-1.
 *
 * Settlement: a winning pick pays stake x odds (rounded down to the minor unit), a losing one 0;
 * the valid bet is the stake. Limits: 1.00 to 5,000.00 a bet.
 */

type Team = { id: string; rating: number; name: Localized };

const t = (id: string, rating: number, cn: string, tw: string, en: string): Team => ({
  id,
  rating,
  name: { 'zh-CN': cn, 'zh-TW': tw, en },
});

export const FOOTBALL_TEAMS: readonly Team[] = [
  t('bjl', 82, '北京雄狮', '北京雄獅', 'Beijing Lions'),
  t('shd', 85, '上海巨龙', '上海巨龍', 'Shanghai Dragons'),
  t('gzf', 80, '广州猎鹰', '廣州獵鷹', 'Guangzhou Falcons'),
  t('szl', 76, '深圳闪电', '深圳閃電', 'Shenzhen Lightning'),
  t('cdp', 70, '成都熊猫', '成都熊貓', 'Chengdu Pandas'),
  t('hzt', 72, '杭州潮汐', '杭州潮汐', 'Hangzhou Tides'),
  t('whb', 68, '武汉烈火', '武漢烈火', 'Wuhan Blaze'),
  t('njk', 74, '南京骑士', '南京騎士', 'Nanjing Knights'),
  t('tjg', 64, '天津海鸥', '天津海鷗', 'Tianjin Gulls'),
  t('cql', 66, '重庆山猫', '重慶山貓', 'Chongqing Lynx'),
  t('xaw', 62, '西安勇士', '西安勇士', "Xi'an Warriors"),
  t('qds', 60, '青岛水手', '青島水手', 'Qingdao Sailors'),
  t('tpe', 78, '台北飞鹰', '台北飛鷹', 'Taipei Eagles'),
  t('hks', 75, '香港星辰', '香港星辰', 'Hong Kong Stars'),
  t('csr', 58, '长沙火箭', '長沙火箭', 'Changsha Rockets'),
  t('dlp', 63, '大连海盗', '大連海盜', 'Dalian Pirates'),
];

export const ESPORTS_TEAMS: readonly Team[] = [
  t('spk', 84, '星火战队', '星火戰隊', 'Spark Gaming'),
  t('ths', 80, '雷霆之影', '雷霆之影', 'Thunder Shade'),
  t('azr', 77, '苍穹电竞', '蒼穹電競', 'Azure Esports'),
  t('nth', 73, '夜幕猎手', '夜幕獵手', 'Night Hunters'),
  t('crr', 70, '赤焰龙骑', '赤焰龍騎', 'Crimson Riders'),
  t('frh', 67, '寒冰之心', '寒冰之心', 'Frost Heart'),
  t('aur', 75, '极光战队', '極光戰隊', 'Aurora Team'),
  t('stf', 71, '风暴前线', '風暴前線', 'Storm Front'),
  t('phl', 65, '幻影军团', '幻影軍團', 'Phantom Legion'),
  t('irw', 62, '钢铁意志', '鋼鐵意志', 'Iron Will'),
  t('qlp', 69, '量子跃迁', '量子躍遷', 'Quantum Leap'),
  t('slf', 60, '银狐电竞', '銀狐電競', 'Silver Fox'),
];

const LEAGUES: Record<'sports' | 'esports', Localized> = {
  sports: { 'zh-CN': '乐博超级联赛', 'zh-TW': '樂博超級聯賽', en: 'Lobby Super League' },
  esports: { 'zh-CN': '星际电竞杯', 'zh-TW': '星際電競盃', en: 'Star Esports Cup' },
};

export const SPORTS_PERIOD_MS = 120_000;
export const SPORTS_LISTED_BEFORE_MS = 6 * 60_000;
export const SPORTS_RESULT_AFTER_MS = 60_000;
/** Results stay listed this long after they come. */
const SPORTS_KEEP_AFTER_MS = 6 * 60_000;
export const SPORTS_MARGIN_BP = 600;
export const SPORTS_LIMITS: StakeLimits = { minMinor: 100n, maxMinor: 500_000n };

export type Pick = 'home' | 'draw' | 'away';

export type FixtureDetails = {
  league: Localized;
  kickoffAt: string;
  format: '1x2' | 'bo3';
  home: { id: string; name: Localized };
  away: { id: string; name: Localized };
  /** Basis points, summing to 10000 (draw 0 for esports). */
  probabilities: Record<Pick, number>;
  /** Decimal odds in hundredths (188 is 1.88); esports has no draw. */
  odds: Partial<Record<Pick, number>>;
};

export type SportsResult = {
  outcome: Pick;
  score: [number, number];
  /** The fair draw's int(10000) that decided the outcome. */
  roll: number;
  odds: Partial<Record<Pick, number>>;
};

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** Decimal odds in hundredths for a probability in basis points, with the book's margin. */
export function oddsFor(probabilityBp: number): number {
  return Math.max(101, Math.floor(1e10 / (probabilityBp * (10_000 + SPORTS_MARGIN_BP))));
}

export function footballProbabilities(home: number, away: number): Record<Pick, number> {
  const s = logistic((home - away + 6) / 20);
  const draw = Math.round(2800 - 1200 * Math.abs(2 * s - 1));
  const homeBp = Math.round((10_000 - draw) * s);
  return { home: homeBp, draw, away: 10_000 - draw - homeBp };
}

export function esportsProbabilities(a: number, b: number): Record<Pick, number> {
  const home = Math.min(9500, Math.max(500, Math.round(10_000 * logistic((a - b) / 15))));
  return { home, draw: 0, away: 10_000 - home };
}

type BookKind = 'sports' | 'esports';

function bookOf(kind: BookKind) {
  const prefix = kind === 'sports' ? 'S' : 'E';
  const teams = kind === 'sports' ? FOOTBALL_TEAMS : ESPORTS_TEAMS;
  const picks: Pick[] = kind === 'sports' ? ['home', 'draw', 'away'] : ['home', 'away'];

  function fixtureAt(kickoffMs: number): ScheduledEvent {
    const kickoff = new Date(kickoffMs);
    const id = prefix + stampOf(kickoff);
    const hash = createHash('sha256').update(`${kind}:${id}`).digest();
    const homeIndex = hash.readUInt32BE(0) % teams.length;
    const awayIndex = (homeIndex + 1 + (hash.readUInt32BE(4) % (teams.length - 1))) % teams.length;
    const home = teams[homeIndex] as Team;
    const away = teams[awayIndex] as Team;
    const probabilities =
      kind === 'sports'
        ? footballProbabilities(home.rating, away.rating)
        : esportsProbabilities(home.rating, away.rating);
    const odds: Partial<Record<Pick, number>> = {};
    for (const pick of picks) odds[pick] = oddsFor(probabilities[pick]);
    const details: FixtureDetails = {
      league: LEAGUES[kind],
      kickoffAt: kickoff.toISOString(),
      format: kind === 'sports' ? '1x2' : 'bo3',
      home: { id: home.id, name: home.name },
      away: { id: away.id, name: away.name },
      probabilities,
      odds,
    };
    return {
      id,
      closesAt: kickoff,
      resultAt: new Date(kickoffMs + SPORTS_RESULT_AFTER_MS),
      details,
    };
  }

  const params = z.object({
    eventId: z.string().max(32),
    pick: z.enum(picks as [Pick, ...Pick[]]),
    amountMinor: minorString,
  });
  type Params = z.infer<typeof params>;

  const engine: ScheduledEngine<Params, SportsResult> = {
    mode: 'scheduled',
    kind,
    params,
    eventIdOf(p) {
      return p.eventId;
    },
    validate(p, event) {
      if (p.eventId !== event.id) return 'event_mismatch';
      if (!picks.includes(p.pick)) return 'invalid_selection';
      return checkStake(BigInt(p.amountMinor), SPORTS_LIMITS);
    },
    stakeOf(p) {
      return BigInt(p.amountMinor);
    },
    eventsAround(now) {
      const ms = now.getTime();
      return slotsBetween(
        ms - SPORTS_RESULT_AFTER_MS - SPORTS_KEEP_AFTER_MS,
        ms + SPORTS_LISTED_BEFORE_MS,
        SPORTS_PERIOD_MS,
      ).map(fixtureAt);
    },
    eventById(id) {
      const time = timeOfId(id, prefix);
      if (!time || time.getTime() % SPORTS_PERIOD_MS !== 0) return null;
      return fixtureAt(time.getTime());
    },
    resolve(event, draw: FairDraw): SportsResult {
      const { probabilities, odds } = event.details as FixtureDetails;
      const roll = draw.int(10_000);
      const outcome: Pick =
        roll < probabilities.home
          ? 'home'
          : roll < probabilities.home + probabilities.draw
            ? 'draw'
            : 'away';
      let score: [number, number];
      if (kind === 'esports') {
        const loser = draw.int(2);
        score = outcome === 'home' ? [2, loser] : [loser, 2];
      } else if (outcome === 'draw') {
        const goals = draw.int(4);
        score = [goals, goals];
      } else {
        const loser = draw.int(3);
        const winner = loser + 1 + draw.int(3);
        score = outcome === 'home' ? [winner, loser] : [loser, winner];
      }
      return { outcome, score, roll, odds };
    },
    settle(p, result) {
      const amount = BigInt(p.amountMinor);
      const odds = result.odds[p.pick];
      const payoutMinor =
        p.pick === result.outcome && odds !== undefined ? (amount * BigInt(odds)) / 100n : 0n;
      return { payoutMinor, validBetMinor: amount };
    },
    describe() {
      return {
        market: kind === 'sports' ? '1x2' : 'winner',
        picks,
        marginPercent: SPORTS_MARGIN_BP / 100,
        periodSeconds: SPORTS_PERIOD_MS / 1000,
        listedBeforeSeconds: SPORTS_LISTED_BEFORE_MS / 1000,
        resultAfterSeconds: SPORTS_RESULT_AFTER_MS / 1000,
        limits: describeLimits(SPORTS_LIMITS),
        defaultStakeMinor: '1000',
        rtp: 10_000 / (10_000 + SPORTS_MARGIN_BP),
      };
    },
  };
  return engine;
}

export const sportsEngine = bookOf('sports');
export const esportsEngine = bookOf('esports');
export type SportsParams = z.infer<typeof sportsEngine.params>;
