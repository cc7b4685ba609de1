import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATE_PRESETS } from '@lobby/contracts';
import { zoneOffsetLabel } from '@lobby/time';
import { businessTime } from './business-time.ts';

// The member's device is in New York; the brand does business in Shanghai.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the brand business time', () => {
  it('names the same day in the filter and in the rows after 16:00 UTC, whatever the device zone', () => {
    // 17:30 UTC on 24 November: already 01:30 on the 25th in Shanghai, 12:30 on the 24th here.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T17:30:00Z') });
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date().getDate()).toBe(24);

    const time = businessTime('Asia/Shanghai', 'zh-CN');
    expect(time.presetRange(DATE_PRESETS.today)).toEqual({
      start: '2026-11-25',
      end: '2026-11-25',
    });
    expect(time.today()).toBe('2026-11-25');
    // A movement a few minutes ago reads as today's in the brand's zone, the zone named.
    expect(time.dateTime('2026-11-24T17:05:09Z')).toBe('2026年11月25日 01:05:09');
    expect(time.date('2026-11-24T17:05:09Z')).toBe('2026年11月25日');
    expect(time.zoneLabel).toBe('UTC+8');
    expect(businessTime('Asia/Shanghai', 'en').dateTime('2026-11-24T17:05:09Z')).toBe(
      '2026-11-25 01:05:09',
    );
  });

  it('follows another brand zone, daylight saving included', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-07-01T03:00:00Z') });
    const newYork = businessTime('America/New_York', 'zh-CN');
    expect(newYork.presetRange(DATE_PRESETS.yesterday)).toEqual({
      start: '2026-06-29',
      end: '2026-06-29',
    });
    expect(newYork.zoneLabel).toBe('UTC-4');
    expect(zoneOffsetLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC-5');
    expect(zoneOffsetLabel('Asia/Kolkata')).toBe('UTC+5:30');
    expect(zoneOffsetLabel('UTC')).toBe('UTC');
  });
});
