import { STORAGE_KEYS } from '@lobby/contracts';
import { readItem, storageFor, writeItem } from './safe-storage.ts';

/**
 * The per-device id (SPEC.md section 3): prefix `web`, then `ios`, `android` or empty by user
 * agent, then two random strings, the four parts joined by hyphens. An empty platform is
 * kept as an empty part, so a desktop id reads `web--k3j2h1x9-9f8e7d0a`: every id then has
 * exactly four parts and the server can split it without guessing.
 */

export type DevicePlatform = 'ios' | 'android' | '';

export const DEVICE_ID_PREFIX = 'web';
/** Characters of each random part; 8 base-36 characters give about 41 bits each. */
export const DEVICE_ID_RANDOM_LENGTH = 8;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
/** Bytes at or above this are dropped so every character is equally likely (252 = 7 x 36). */
const UNBIASED_BYTE_LIMIT = 256 - (256 % ALPHABET.length);

/** The page keeps one id even when storage is unavailable (private mode). */
let unstoredDeviceId: string | null = null;

export function platformOfUserAgent(userAgent: string): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return '';
}

export function randomString(length: number = DEVICE_ID_RANDOM_LENGTH): string {
  let text = '';
  while (text.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < UNBIASED_BYTE_LIMIT && text.length < length) {
        text += ALPHABET[byte % ALPHABET.length];
      }
    }
  }
  return text;
}

export function createDeviceId(userAgent: string): string {
  return [DEVICE_ID_PREFIX, platformOfUserAgent(userAgent), randomString(), randomString()].join(
    '-',
  );
}

/** The stored device id, created and stored on first call; later calls return the same id. */
export function getDeviceId(
  storage: Storage | null = storageFor('local'),
  userAgent: string = globalThis.navigator?.userAgent ?? '',
): string {
  const stored = readItem(storage, STORAGE_KEYS.deviceId);
  if (stored) return stored;
  const deviceId = unstoredDeviceId ?? createDeviceId(userAgent);
  if (!writeItem(storage, STORAGE_KEYS.deviceId, deviceId)) unstoredDeviceId = deviceId;
  return deviceId;
}

/** For tests: forget the id kept in memory when storage was unavailable. */
export function resetUnstoredDeviceId(): void {
  unstoredDeviceId = null;
}
