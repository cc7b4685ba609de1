import { readItem, storageFor, writeItem } from '../../lib/safe-storage.ts';

/**
 * What the member did with a popup notice, per brand and notice. "今日不再提示" keeps it off for
 * the rest of the brand's day (`today`, YYYY-MM-DD), in localStorage. Closing it ("我知道了")
 * keeps it off for this visit (this page load), whichever screen shows it next: a home page
 * shown again, as right after registering, must not bring it back.
 */

function keyOf(brandCode: string, noticeId: string): string {
  return `promo-notice:${brandCode}:${noticeId}`;
}

export function isNoticeHiddenToday(
  brandCode: string,
  noticeId: string,
  today: string,
  storage: Storage | null = storageFor('local'),
): boolean {
  return readItem(storage, keyOf(brandCode, noticeId)) === today;
}

export function hideNoticeToday(
  brandCode: string,
  noticeId: string,
  today: string,
  storage: Storage | null = storageFor('local'),
): void {
  writeItem(storage, keyOf(brandCode, noticeId), today);
}

/** Notices closed on this page load: a reload is a new visit and shows them again. */
const closedOnThisPage = new Set<string>();

export function isNoticeClosedThisVisit(
  brandCode: string,
  noticeId: string,
  closed: Set<string> = closedOnThisPage,
): boolean {
  return closed.has(keyOf(brandCode, noticeId));
}

export function closeNoticeThisVisit(
  brandCode: string,
  noticeId: string,
  closed: Set<string> = closedOnThisPage,
): void {
  closed.add(keyOf(brandCode, noticeId));
}
