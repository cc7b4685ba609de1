import { describe, expect, it } from 'vitest';
import { monthGrid } from './sign-page.tsx';

describe('the sign-in calendar', () => {
  it('lays the server day month out in weeks from Monday', () => {
    // November 2026 starts on a Sunday: six blanks before the 1st.
    const cells = monthGrid('2026-11-21');
    expect(cells.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(cells[6]).toEqual({ day: '2026-11-01', date: 1, isToday: false });
    expect(cells.find((cell) => cell?.isToday)?.day).toBe('2026-11-21');
    expect(cells.filter(Boolean)).toHaveLength(30);
    expect(cells.length % 7).toBe(0);
  });
});
