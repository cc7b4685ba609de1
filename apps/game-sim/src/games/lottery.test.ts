import { describe, expect, it } from 'vitest';
import type { FairDraw } from './engine.ts';
import { lotteryEngine, type LotteryParams, type LotteryResult } from './lottery.ts';
import { fairDraw } from './provably-fair.ts';
import { bettingOpen } from './schedule.ts';

const resultOf = (number: string): LotteryResult => {
  const digits = number.split('').map(Number) as [number, number, number];
  return { digits, number, sum: digits[0] + digits[1] + digits[2] };
};

const bet = (value: LotteryParams['bet'], amountMinor = '1000'): LotteryParams => ({
  eventId: 'L202611211230',
  bet: value,
  amountMinor,
});

describe('lottery schedule', () => {
  it('names a draw by its UTC minute and closes 10 s before it', () => {
    const event = lotteryEngine.eventById('L202611211230');
    expect(event).not.toBeNull();
    expect(event?.resultAt.toISOString()).toBe('2026-11-21T12:30:00.000Z');
    expect(event?.closesAt.toISOString()).toBe('2026-11-21T12:29:50.000Z');
    expect(lotteryEngine.eventById('L202611211230')).toEqual(event);
  });

  it('refuses ids that are not on the schedule', () => {
    for (const id of [
      'L202602300000',
      'L202611211260',
      'S202611211230',
      'L20261121123',
      'L2026112112300',
      'x',
    ]) {
      expect(lotteryEngine.eventById(id), id).toBeNull();
    }
  });

  it('lists the same events around a time, every minute, open ones ahead', () => {
    const now = new Date('2026-11-21T12:29:55.500Z');
    const events = lotteryEngine.eventsAround(now);
    expect(events.map((event) => event.id)).toEqual(
      lotteryEngine.eventsAround(now).map((e) => e.id),
    );
    expect(events.map((event) => event.id)).toContain('L202611211230');
    for (const event of events) {
      expect(event.resultAt.getTime() % 60_000).toBe(0);
      expect(lotteryEngine.eventById(event.id)).toEqual(event);
    }
    const next = events.find((event) => event.id === 'L202611211230');
    // 12:29:55 is past the close of the 12:30 draw; the 12:31 draw is open.
    expect(next && bettingOpen(next, now)).toBe(false);
    const after = events.find((event) => event.id === 'L202611211231');
    expect(after && bettingOpen(after, now)).toBe(true);
    expect(events.some((event) => event.resultAt <= now)).toBe(true);
  });
});

describe('lottery draws and settlement', () => {
  it('draws three digits from the fair stream, the same for the same seeds', () => {
    const event = lotteryEngine.eventById('L202611211230');
    if (!event) throw new Error('no event');
    const fairness = { serverSeed: 'd'.repeat(64), clientSeed: 'L202611211230', nonce: 0 };
    const a = lotteryEngine.resolve(event, fairDraw(fairness));
    expect(lotteryEngine.resolve(event, fairDraw(fairness))).toEqual(a);
    expect(a.number).toMatch(/^[0-9]{3}$/);
    expect(a.sum).toBe(a.digits[0] + a.digits[1] + a.digits[2]);
    const scripted: FairDraw = { int: (n) => (expect(n).toBe(10), 7) };
    expect(lotteryEngine.resolve(event, scripted)).toEqual({
      digits: [7, 7, 7],
      number: '777',
      sum: 21,
    });
  });

  it('pays exact 950x, big/small and odd/even 1.95x', () => {
    const settle = (p: LotteryParams, number: string) => lotteryEngine.settle(p, resultOf(number));
    expect(settle(bet({ type: 'exact', number: '042' }), '042')).toEqual({
      payoutMinor: 950_000n,
      validBetMinor: 1000n,
    });
    expect(settle(bet({ type: 'exact', number: '042' }), '024').payoutMinor).toBe(0n);
    expect(settle(bet({ type: 'sum', pick: 'big' }), '59' + '0').payoutMinor).toBe(1950n); // sum 14
    expect(settle(bet({ type: 'sum', pick: 'big' }), '490').payoutMinor).toBe(0n); // sum 13
    expect(settle(bet({ type: 'sum', pick: 'small' }), '490').payoutMinor).toBe(1950n);
    expect(settle(bet({ type: 'digit', position: 0, pick: 'odd' }), '300').payoutMinor).toBe(1950n);
    expect(settle(bet({ type: 'digit', position: 2, pick: 'odd' }), '300').payoutMinor).toBe(0n);
    expect(settle(bet({ type: 'digit', position: 2, pick: 'even' }), '300').payoutMinor).toBe(
      1950n,
    );
    // Rounded down: 1.95 x 101 = 196.95.
    expect(settle(bet({ type: 'sum', pick: 'small' }, '101'), '000').payoutMinor).toBe(196n);
  });

  it('returns 95% on exact numbers and 97.5% on the others (all 1000 results)', () => {
    const results = Array.from({ length: 1000 }, (_, n) => resultOf(String(n).padStart(3, '0')));
    const rtp = (value: LotteryParams['bet']) =>
      Number(
        results.reduce((sum, r) => sum + lotteryEngine.settle(bet(value), r).payoutMinor, 0n),
      ) /
      (1000 * 1000);
    expect(rtp({ type: 'exact', number: '777' })).toBe(0.95);
    expect(rtp({ type: 'sum', pick: 'big' })).toBe(0.975);
    expect(rtp({ type: 'sum', pick: 'small' })).toBe(0.975);
    for (const position of [0, 1, 2]) {
      expect(rtp({ type: 'digit', position, pick: 'odd' })).toBe(0.975);
      expect(rtp({ type: 'digit', position, pick: 'even' })).toBe(0.975);
    }
  });

  it('validates the bet against its event and the limits', () => {
    const event = lotteryEngine.eventById('L202611211230');
    if (!event) throw new Error('no event');
    expect(lotteryEngine.validate(bet({ type: 'sum', pick: 'big' }), event)).toBeNull();
    expect(
      lotteryEngine.validate(
        { ...bet({ type: 'sum', pick: 'big' }), eventId: 'L202611211231' },
        event,
      ),
    ).toBe('event_mismatch');
    expect(lotteryEngine.validate(bet({ type: 'exact', number: '123' }, '10001'), event)).toBe(
      'stake_above_max',
    );
    expect(lotteryEngine.validate(bet({ type: 'sum', pick: 'big' }, '10001'), event)).toBeNull();
    expect(lotteryEngine.validate(bet({ type: 'sum', pick: 'big' }, '99'), event)).toBe(
      'stake_below_min',
    );
    expect(
      lotteryEngine.params.safeParse(bet({ type: 'exact', number: '12' } as never)).success,
    ).toBe(false);
    expect(
      lotteryEngine.params.safeParse(bet({ type: 'digit', position: 3, pick: 'odd' } as never))
        .success,
    ).toBe(false);
    expect(lotteryEngine.eventIdOf(bet({ type: 'sum', pick: 'big' }))).toBe('L202611211230');
  });
});
