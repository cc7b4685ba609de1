/**
 * Web Storage that may be missing or throw: Safari in private mode, storage disabled by the
 * member, or a full quota. The site keeps working without it, so every access degrades to
 * "nothing stored" instead of crashing.
 */

export type StorageArea = 'local' | 'session';

/** The browser's storage object, or null when reaching it throws or it does not exist. */
export function storageFor(area: StorageArea): Storage | null {
  try {
    const storage = area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

export function readItem(storage: Storage | null, key: string): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Returns whether the value was stored. */
export function writeItem(storage: Storage | null, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(storage: Storage | null, key: string): void {
  if (!storage) return;
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: a storage we cannot write holds nothing we wrote.
  }
}
