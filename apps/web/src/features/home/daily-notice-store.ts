import { readItem, storageFor, writeItem } from '../../lib/safe-storage.ts';

/**
 * "今日不再提示": a popup notice the member turned off stays off for the rest of the
 * Asia/Shanghai day, per brand and notice, remembered in localStorage.
 */

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Asia/Shanghai calendar day of an instant, YYYY-MM-DD. */
export function shanghaiDayOf(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

function keyOf(brandCode: string, noticeId: string): string {
  return `promo-notice:${brandCode}:${noticeId}`;
}

export function isNoticeHiddenToday(
  brandCode: string,
  noticeId: string,
  now: Date = new Date(),
  storage: Storage | null = storageFor('local'),
): boolean {
  return readItem(storage, keyOf(brandCode, noticeId)) === shanghaiDayOf(now);
}

export function hideNoticeToday(
  brandCode: string,
  noticeId: string,
  now: Date = new Date(),
  storage: Storage | null = storageFor('local'),
): void {
  writeItem(storage, keyOf(brandCode, noticeId), shanghaiDayOf(now));
}
