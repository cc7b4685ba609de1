import { describe, expect, it } from 'vitest';
import { fromLocalDateTime, toLocalDateTime } from './local-date-time.ts';

describe('datetime-local values', () => {
  it('writes and reads the member’s local time', () => {
    const when = new Date(2026, 10, 21, 9, 5, 0);
    expect(toLocalDateTime(when)).toBe('2026-11-21T09:05');
    expect(fromLocalDateTime('2026-11-21T09:05')?.getTime()).toBe(when.getTime());
    expect(fromLocalDateTime('2026-11-21T09:05:30')?.getSeconds()).toBe(30);
  });

  it('refuses what is not a real moment', () => {
    expect(fromLocalDateTime('')).toBeNull();
    expect(fromLocalDateTime('2026-02-30T10:00')).toBeNull();
    expect(fromLocalDateTime('2026-11-21T24:00')).toBeNull();
    expect(fromLocalDateTime('2026-11-21 10:00')).toBeNull();
  });
});
