import dayjs, { type Dayjs } from 'dayjs';

/**
 * Instants come from the API as ISO 8601 strings (UTC). The console shows them in the operator's
 * own time zone (the browser's), and sends what the operator picks back as ISO with its offset,
 * the form the API's `dateTimeSchema` takes.
 */

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** "2025-03-01T12:00:00.000Z" -> "2025-03-01 20:00:00" at UTC+8; '' for null or junk. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.format(DATE_TIME_FORMAT) : '';
}

/** A picked instant as the API takes it: "2025-03-01T00:00:00+08:00". */
export function toApiDateTime(value: Dayjs | null | undefined): string | undefined {
  return value && value.isValid() ? value.format() : undefined;
}

/** An ISO instant of the URL as a picker value; null when there is none or it is invalid. */
export function fromApiDateTime(iso: string | null | undefined): Dayjs | null {
  if (!iso) return null;
  const value = dayjs(iso);
  return value.isValid() ? value : null;
}

/**
 * A day range picked in a RangePicker as the API's from/to: the first day's start and the last
 * day's end, in the operator's time zone.
 */
export function dayRangeToApi(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): {
  from: string | undefined;
  to: string | undefined;
} {
  return {
    from: toApiDateTime(range?.[0]?.startOf('day')),
    to: toApiDateTime(range?.[1]?.endOf('day')),
  };
}
