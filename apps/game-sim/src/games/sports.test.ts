import { describe, expect, it } from 'vitest';
import type { FairDraw, ScheduledEvent } from './engine.ts';
import { simulationDraw } from './provably-fair.ts';
import {
  ESPORTS_TEAMS,
  FOOTBALL_TEAMS,
  esportsEngine,
  esportsProbabilities,
  footballProbabilities,
  oddsFor,
  sportsEngine,
  type FixtureDetails,
  type SportsResult,
} from './sports.ts';

const now = new Date('2026-11-21T12:31:10Z');

function scripted(values: number[]): FairDraw {
  let i = 0;
  return { int: (n) => Math.min(values[i++] ?? 0, n - 1) };
}

describe('fixtures', () => {
  for (const [engine, prefix] of [
    [sportsEngine, 'S'],
    [esportsEngine, 'E'],
  ] as const) {
    it(`${engine.kind}: a fixture every 2 minutes, stable ids, kick-off closes, result 60 s later`, () => {
      const events = engine.eventsAround(now);
      expect(events.map((e) => e.id)).toEqual(engine.eventsAround(now).map((e) => e.id));
      expect(events.length).toBe(6);
      for (const event of events) {
        expect(event.id).toMatch(new RegExp(`^${prefix}[0-9]{12}$`));
        expect(event.closesAt.getTime() % 120_000).toBe(0);
        expect(event.resultAt.getTime() - event.closesAt.getTime()).toBe(60_000);
        expect(engine.eventById(event.id)).toEqual(event);
        const details = event.details as FixtureDetails;
        expect(details.home.id).not.toBe(details.away.id);
        const { home, draw, away } = details.probabilities;
        expect(home + draw + away).toBe(10_000);
      }
      const open = events.filter((e) => e.closesAt > now);
      expect(open.length).toBe(3);
      expect(events.some((e) => e.resultAt <= now)).toBe(true);
      expect(engine.eventById(`${prefix}202611211231`)).toBeNull(); // odd minute
      expect(engine.eventById(`${prefix}202611211232`)?.id).toBe(`${prefix}202611211232`);
      expect(engine.eventById(`${prefix === 'S' ? 'E' : 'S'}202611211232`)).toBeNull();
    });
  }

  it('pairs the same teams for the same id', () => {
    const a = sportsEngine.eventById('S202611211232')?.details as FixtureDetails;
    const b = sportsEngine.eventById('S202611211232')?.details as FixtureDetails;
    expect(a).toEqual(b);
    expect(a.home.name.en.length).toBeGreaterThan(0);
    expect(a.home.name['zh-CN'].length).toBeGreaterThan(0);
    expect(a.odds.draw).toBeDefined();
    const e = esportsEngine.eventById('E202611211232')?.details as FixtureDetails;
    expect(e.odds.draw).toBeUndefined();
  });

  it('prices every pairing with a 6% margin', () => {
    const check = (probabilities: Record<'home' | 'draw' | 'away', number>) => {
      for (const p of Object.values(probabilities)) {
        if (p === 0) continue;
        const rtp = (p / 10_000) * (oddsFor(p) / 100);
        expect(rtp).toBeLessThanOrEqual(1 / 1.06 + 1e-12);
        expect(rtp).toBeGreaterThan(0.93);
      }
    };
    for (const home of FOOTBALL_TEAMS)
      for (const away of FOOTBALL_TEAMS)
        if (home !== away) check(footballProbabilities(home.rating, away.rating));
    for (const a of ESPORTS_TEAMS)
      for (const b of ESPORTS_TEAMS) if (a !== b) check(esportsProbabilities(a.rating, b.rating));
    // Even teams: 1 / (0.5 x 1.06) = 1.886, rounded down.
    expect(oddsFor(5000)).toBe(188);
  });
});

describe('results and settlement', () => {
  const event = sportsEngine.eventById('S202611211232') as ScheduledEvent;
  const details = event.details as FixtureDetails;
  const { home, draw } = details.probabilities;

  it('decides the outcome by the cumulative probabilities, with a score that agrees', () => {
    const at = (roll: number) => sportsEngine.resolve(event, scripted([roll, 1, 1]));
    expect(at(0).outcome).toBe('home');
    expect(at(home - 1).outcome).toBe('home');
    expect(at(home).outcome).toBe('draw');
    expect(at(home + draw - 1).outcome).toBe('draw');
    expect(at(home + draw).outcome).toBe('away');
    expect(at(9999).outcome).toBe('away');
    const [h, a] = at(0).score;
    expect(h).toBeGreaterThan(a);
    const [dh, da] = at(home).score;
    expect(dh).toBe(da);
    const [ah, aa] = at(9999).score;
    expect(aa).toBeGreaterThan(ah);
    expect(at(0).odds).toEqual(details.odds);
  });

  it('happens as often as the probabilities say', () => {
    const drawSource = simulationDraw('sports-frequencies');
    const counts = { home: 0, draw: 0, away: 0 };
    const n = 100_000;
    for (let i = 0; i < n; i += 1) counts[sportsEngine.resolve(event, drawSource).outcome] += 1;
    // Standard error at most 0.16%.
    expect(Math.abs(counts.home / n - home / 10_000)).toBeLessThan(0.007);
    expect(Math.abs(counts.draw / n - draw / 10_000)).toBeLessThan(0.007);
  });

  it('pays stake x odds on the right pick only', () => {
    const result: SportsResult = {
      outcome: 'draw',
      score: [1, 1],
      roll: home,
      odds: { home: 210, draw: 330, away: 300 },
    };
    const params = { eventId: event.id, pick: 'draw' as const, amountMinor: '1001' };
    expect(sportsEngine.settle(params, result)).toEqual({
      payoutMinor: 3303n,
      validBetMinor: 1001n,
    });
    expect(sportsEngine.settle({ ...params, pick: 'home' }, result)).toEqual({
      payoutMinor: 0n,
      validBetMinor: 1001n,
    });
    expect(sportsEngine.validate(params, event)).toBeNull();
    expect(sportsEngine.validate({ ...params, amountMinor: '500001' }, event)).toBe(
      'stake_above_max',
    );
    expect(sportsEngine.validate({ ...params, eventId: 'S202611211234' }, event)).toBe(
      'event_mismatch',
    );
  });

  it('esports has no draw', () => {
    const e = esportsEngine.eventById('E202611211232') as ScheduledEvent;
    expect(
      esportsEngine.params.safeParse({ eventId: e.id, pick: 'draw', amountMinor: '1000' }).success,
    ).toBe(false);
    const { home: pHome } = (e.details as FixtureDetails).probabilities;
    expect(esportsEngine.resolve(e, scripted([pHome - 1, 1])).score).toEqual([2, 1]);
    expect(esportsEngine.resolve(e, scripted([pHome, 0])).score).toEqual([0, 2]);
  });
});
