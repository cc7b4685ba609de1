import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneArea } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { isKnownAreaCode } from './phone-area.service.ts';

let harness: TestApp;
beforeAll(async () => {
  // buildApp registers phoneAreaRoutes.
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

async function fetchAreas(headers: Record<string, string> = {}): Promise<PhoneArea[]> {
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/findmed/v1/member/phoneArea',
    headers,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ status: boolean; data: PhoneArea[] }>();
  expect(body.status).toBe(true);
  return body.data;
}

describe('GET /api/findmed/v1/member/phoneArea', () => {
  it('lists the area codes, mainland China first, in the brand language by default', async () => {
    const areas = await fetchAreas();
    expect(areas[0]).toEqual({ areaCode: '86', country: 'CN', name: '中国大陆' });
    expect(areas.map((area) => area.areaCode)).toEqual([
      '86',
      '852',
      '853',
      '886',
      '60',
      '65',
      '63',
      '66',
      '84',
      '62',
      '855',
      '95',
      '81',
      '82',
      '1',
      '44',
    ]);
    for (const area of areas) {
      expect(area.areaCode).toMatch(/^\d{1,4}$/);
      expect(area.country).toMatch(/^[A-Z]{2}$/);
      expect(area.name).not.toBe('');
    }
    expect(new Set(areas.map((area) => area.areaCode)).size).toBe(areas.length);
  });

  it("names them in the request's language", async () => {
    const english = await fetchAreas({ lang: 'en' });
    expect(english.find((area) => area.areaCode === '852')).toEqual({
      areaCode: '852',
      country: 'HK',
      name: 'Hong Kong',
    });
    const traditional = await fetchAreas({ lang: 'zh-TW' });
    expect(traditional.find((area) => area.areaCode === '86')?.name).toBe('中國大陸');
    expect(traditional.find((area) => area.areaCode === '60')?.name).toBe('馬來西亞');
  });

  it('follows a zh-TW brand when no lang header is sent', async () => {
    const areas = await fetchAreas({ site_code: 'yuelan' });
    expect(areas[0]?.name).toBe('中國大陸');
  });
});

describe('isKnownAreaCode', () => {
  it('knows the listed codes only', () => {
    expect(isKnownAreaCode('86')).toBe(true);
    expect(isKnownAreaCode('44')).toBe(true);
    expect(isKnownAreaCode('999')).toBe(false);
    expect(isKnownAreaCode('')).toBe(false);
  });
});
