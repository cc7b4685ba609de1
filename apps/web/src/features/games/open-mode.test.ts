import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_MODE_STORAGE_KEY, readOpenMode, writeOpenMode } from './open-mode.ts';

afterEach(() => localStorage.clear());

describe('where games open', () => {
  it('opens inside the site unless the member chose a new window, and remembers it', () => {
    expect(readOpenMode()).toBe('frame');
    writeOpenMode('window');
    expect(localStorage.getItem(OPEN_MODE_STORAGE_KEY)).toBe('window');
    expect(readOpenMode()).toBe('window');
    localStorage.setItem(OPEN_MODE_STORAGE_KEY, 'something else');
    expect(readOpenMode()).toBe('frame');
  });
});
