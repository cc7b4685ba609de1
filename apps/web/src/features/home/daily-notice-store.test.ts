import { describe, expect, it } from 'vitest';
import { promoTopCoverEndpoint } from '@lobby/contracts';
import { readTopCover, TOP_COVER_PATH } from './api/top-cover.ts';
import {
  closeNoticeThisVisit,
  hideNoticeToday,
  isNoticeClosedThisVisit,
  isNoticeHiddenToday,
} from './daily-notice-store.ts';
import { businessTime } from '../../lib/business-time.ts';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('the daily notice', () => {
  const shanghai = businessTime('Asia/Shanghai', 'zh-CN');

  it("stays hidden for the rest of the brand's day, per brand and notice", () => {
    const storage = memoryStorage();
    // 23:30 in Shanghai on the 21st.
    const evening = shanghai.today(new Date('2026-11-21T15:30:00Z'));
    expect(evening).toBe('2026-11-21');
    expect(isNoticeHiddenToday('jinsheng', '7', evening, storage)).toBe(false);
    hideNoticeToday('jinsheng', '7', evening, storage);
    expect(isNoticeHiddenToday('jinsheng', '7', evening, storage)).toBe(true);
    expect(isNoticeHiddenToday('jinsheng', '8', evening, storage)).toBe(false);
    expect(isNoticeHiddenToday('longteng', '7', evening, storage)).toBe(false);
    // Midnight in Shanghai is 16:00 UTC: the next day shows it again.
    const nextDay = shanghai.today(new Date('2026-11-21T16:00:00Z'));
    expect(nextDay).toBe('2026-11-22');
    expect(isNoticeHiddenToday('jinsheng', '7', nextDay, storage)).toBe(false);
  });

  it('stays closed for the visit once closed, per brand and notice', () => {
    const closed = new Set<string>();
    expect(isNoticeClosedThisVisit('jinsheng', '7', closed)).toBe(false);
    closeNoticeThisVisit('jinsheng', '7', closed);
    expect(isNoticeClosedThisVisit('jinsheng', '7', closed)).toBe(true);
    expect(isNoticeClosedThisVisit('jinsheng', '8', closed)).toBe(false);
    expect(isNoticeClosedThisVisit('longteng', '7', closed)).toBe(false);
  });

  it('works without storage', () => {
    hideNoticeToday('jinsheng', '7', '2026-11-21', null);
    expect(isNoticeHiddenToday('jinsheng', '7', '2026-11-21', null)).toBe(false);
  });
});

describe('topCover without zod', () => {
  it('calls the contract path', () => {
    expect(TOP_COVER_PATH).toBe(promoTopCoverEndpoint.path);
  });

  it('keeps well-formed items only', () => {
    const item = { id: '1', title: 'a', body: '', imageUrl: '', linkUrl: '/x' };
    expect(readTopCover({ banners: [item, { id: 2 }], notices: 'no' })).toEqual({
      banners: [item],
      notices: [],
    });
    expect(readTopCover(null)).toEqual({ banners: [], notices: [] });
  });
});
