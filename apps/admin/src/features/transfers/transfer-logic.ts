import type { AdminTransfer, AdminTransferQuery } from '@lobby/contracts';

/**
 * What the transfer exception screens work out without React: the age filter's choices, how
 * long a transfer has been stuck, what a status query's answer means, what the operator may do
 * with a transfer, and the evidence rule of a manual resolution.
 */

/** The age filter's choices, in minutes ("made at least this long ago"). */
export const AGE_PRESETS = [10, 30, 60, 360, 1440, 4320] as const;

/** A duration in minutes as the largest whole unit that fits. */
export function durationOf(minutes: number): { unit: 'minutes' | 'hours' | 'days'; n: number } {
  if (minutes < 60) return { unit: 'minutes', n: Math.max(0, Math.floor(minutes)) };
  if (minutes < 48 * 60 && minutes % (24 * 60) !== 0) {
    return { unit: 'hours', n: Math.floor(minutes / 60) };
  }
  return { unit: 'days', n: Math.floor(minutes / (24 * 60)) };
}

/** How long ago a transfer was made, in minutes (0 for a time in the future or junk). */
export function ageMinutes(createdAt: string, now: number = Date.now()): number {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.floor((now - at) / 60_000));
}

/** A status query's tone: a final platform status, something unusable, or a clear refusal. */
export function queryTone(
  query: Pick<AdminTransferQuery, 'answer' | 'status' | 'detail'>,
): 'success' | 'error' | 'warning' {
  if (query.answer === 'status' && query.detail !== 'status_mismatch') {
    return query.status === 'success' ? 'success' : query.status === 'failed' ? 'error' : 'warning';
  }
  return 'warning';
}

/**
 * The text key of a query's `detail` under `transfers:details.` and its value: `refused:<code>`
 * reads as the refusal with its code; anything unknown is shown as it is.
 */
export function detailKey(detail: string | null): { key: string; code: string } | null {
  if (!detail) return null;
  if (detail.startsWith('refused:'))
    return { key: 'refused', code: detail.slice('refused:'.length) };
  return { key: detail, code: '' };
}

/** What the operator may do with a transfer: ask the platform, ask for a resolution. */
export function transferActions(
  transfer: Pick<AdminTransfer, 'status' | 'exception' | 'pendingResolution'>,
  canResolve: boolean,
): {
  query: boolean;
  resolve: boolean;
  resolveBlocked: 'notInTransit' | 'stillChecking' | 'pending' | null;
} {
  const inTransit = transfer.status === 'in_transit';
  const query = canResolve && inTransit;
  let resolveBlocked: 'notInTransit' | 'stillChecking' | 'pending' | null = null;
  if (!inTransit) resolveBlocked = 'notInTransit';
  else if (transfer.pendingResolution) resolveBlocked = 'pending';
  else if (!transfer.exception) resolveBlocked = 'stillChecking';
  return { query, resolve: canResolve && resolveBlocked === null, resolveBlocked };
}

export const EVIDENCE_MIN = 10;
export const EVIDENCE_MAX = 2000;

/** Whether evidence as typed is acceptable (the API trims it, then wants 10 to 2000). */
export function evidenceProblem(text: string | undefined): 'short' | 'long' | null {
  const length = (text ?? '').trim().length;
  if (length < EVIDENCE_MIN) return 'short';
  if (length > EVIDENCE_MAX) return 'long';
  return null;
}
