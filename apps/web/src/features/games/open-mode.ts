import { useSyncExternalStore } from 'react';
import { readItem, storageFor, writeItem } from '../../lib/safe-storage.ts';

/**
 * How a game opens ("entering a game"): inside the site, in a frame over its venue screen, or
 * in a new window. The member's choice is remembered in this browser (localStorage); inside
 * the site is the default, and the fallback when the browser blocks the new window.
 */
export type OpenMode = 'frame' | 'window';

export const OPEN_MODE_STORAGE_KEY = 'gameOpenMode';

const listeners = new Set<() => void>();

export function readOpenMode(): OpenMode {
  return readItem(storageFor('local'), OPEN_MODE_STORAGE_KEY) === 'window' ? 'window' : 'frame';
}

export function writeOpenMode(mode: OpenMode): void {
  writeItem(storageFor('local'), OPEN_MODE_STORAGE_KEY, mode);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the site changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === OPEN_MODE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useOpenMode(): [OpenMode, (mode: OpenMode) => void] {
  const mode = useSyncExternalStore(subscribe, readOpenMode, readOpenMode);
  return [mode, writeOpenMode];
}
