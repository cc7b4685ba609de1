import { describe, expect, it } from 'vitest';
import { promoTopCoverEndpoint } from '@lobby/contracts';
import { readTopCover, TOP_COVER_PATH } from './api/top-cover.ts';
import { hideNoticeToday, isNoticeHiddenToday, shanghaiDayOf } from './daily-notice-store.ts';

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
  it('stays hidden for the rest of the Asia/Shanghai day, per brand and notice', () => {
    const storage = memoryStorage();
    // 23:30 in Shanghai on the 21st.
    const evening = new Date('2026-11-21T15:30:00Z');
    expect(isNoticeHiddenToday('jinsheng', '7', evening, storage)).toBe(false);
    hideNoticeToday('jinsheng', '7', evening, storage);
    expect(isNoticeHiddenToday('jinsheng', '7', evening, storage)).toBe(true);
    expect(isNoticeHiddenToday('jinsheng', '8', evening, storage)).toBe(false);
    expect(isNoticeHiddenToday('longteng', '7', evening, storage)).toBe(false);
    // Midnight in Shanghai is 16:00 UTC: the next day shows it again.
    expect(isNoticeHiddenToday('jinsheng', '7', new Date('2026-11-21T16:00:00Z'), storage)).toBe(
      false,
    );
  });

  it('works without storage', () => {
    hideNoticeToday('jinsheng', '7', new Date(), null);
    expect(isNoticeHiddenToday('jinsheng', '7', new Date(), null)).toBe(false);
  });

  it('takes the Shanghai calendar day', () => {
    expect(shanghaiDayOf(new Date('2026-03-31T16:00:00Z'))).toBe('2026-04-01');
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
