import { afterEach, describe, expect, it, vi } from 'vitest';
import { readItem, removeItem, storageFor, writeItem } from './safe-storage.ts';

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  return {
    length: 0,
    clear: fail,
    getItem: fail,
    key: fail,
    removeItem: fail,
    setItem: fail,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('safe storage', () => {
  it('reads, writes and removes through a working storage', () => {
    const storage = storageFor('local');
    expect(storage).toBe(localStorage);
    expect(storageFor('session')).toBe(sessionStorage);
    expect(writeItem(storage, 'k', 'v')).toBe(true);
    expect(readItem(storage, 'k')).toBe('v');
    removeItem(storage, 'k');
    expect(readItem(storage, 'k')).toBeNull();
  });

  it('degrades to nothing stored when the storage throws', () => {
    const storage = throwingStorage();
    expect(readItem(storage, 'k')).toBeNull();
    expect(writeItem(storage, 'k', 'v')).toBe(false);
    expect(() => removeItem(storage, 'k')).not.toThrow();
  });

  it('degrades when there is no storage at all', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(storageFor('local')).toBeNull();
    expect(readItem(null, 'k')).toBeNull();
    expect(writeItem(null, 'k', 'v')).toBe(false);
    expect(() => removeItem(null, 'k')).not.toThrow();
  });

  it('degrades when reaching the storage itself throws', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(storageFor('session')).toBeNull();
    } finally {
      if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
    }
    expect(storageFor('session')).not.toBeNull();
  });
});
