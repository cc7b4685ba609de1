import { STORAGE_KEYS } from '@lobby/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createDeviceId,
  getDeviceId,
  platformOfUserAgent,
  randomString,
  resetUnstoredDeviceId,
} from './device-id.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130 Mobile';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130';

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('quota', 'QuotaExceededError');
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

afterEach(() => {
  localStorage.clear();
  resetUnstoredDeviceId();
  vi.restoreAllMocks();
});

describe('platformOfUserAgent', () => {
  it.each([
    [IPHONE, 'ios'],
    [IPAD, 'ios'],
    ['Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)', 'ios'],
    [ANDROID, 'android'],
    [DESKTOP, ''],
    ['', ''],
  ])('%s -> %j', (userAgent, platform) => {
    expect(platformOfUserAgent(userAgent)).toBe(platform);
  });
});

describe('createDeviceId', () => {
  it('joins web, the platform and two random strings with hyphens', () => {
    expect(createDeviceId(IPHONE)).toMatch(/^web-ios-[0-9a-z]{8}-[0-9a-z]{8}$/);
    expect(createDeviceId(ANDROID)).toMatch(/^web-android-[0-9a-z]{8}-[0-9a-z]{8}$/);
  });

  it('keeps an empty platform as an empty part', () => {
    const deviceId = createDeviceId(DESKTOP);
    expect(deviceId).toMatch(/^web--[0-9a-z]{8}-[0-9a-z]{8}$/);
    expect(deviceId.split('-')).toHaveLength(4);
  });

  it('takes its randomness from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    createDeviceId(DESKTOP);
    expect(spy).toHaveBeenCalled();
  });

  it('gives different ids on each creation', () => {
    const ids = new Set(Array.from({ length: 200 }, () => createDeviceId(DESKTOP)));
    expect(ids.size).toBe(200);
  });
});

describe('randomString', () => {
  it('has the asked length from the base-36 alphabet', () => {
    expect(randomString(12)).toMatch(/^[0-9a-z]{12}$/);
    expect(randomString(0)).toBe('');
  });

  it('drops biased bytes instead of folding them onto the alphabet', () => {
    // 252..255 would map to 0..3 and make those characters more likely.
    let call = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        const bytes = array as unknown as Uint8Array;
        bytes.fill(call++ === 0 ? 255 : 10);
        return array;
      },
    );
    expect(randomString(3)).toBe('aaa');
  });
});

describe('getDeviceId', () => {
  it('creates the id on first call, stores it under uuid, then returns the same id', () => {
    expect(STORAGE_KEYS.deviceId).toBe('uuid');
    const first = getDeviceId(localStorage, IPHONE);
    expect(first).toMatch(/^web-ios-/);
    expect(localStorage.getItem('uuid')).toBe(first);
    expect(getDeviceId(localStorage, ANDROID)).toBe(first);
  });

  it('keeps an id stored earlier, whatever its form', () => {
    localStorage.setItem('uuid', 'web-android-abc-def');
    expect(getDeviceId(localStorage, IPHONE)).toBe('web-android-abc-def');
  });

  it('uses the browser storage and user agent by default', () => {
    const deviceId = getDeviceId();
    expect(localStorage.getItem('uuid')).toBe(deviceId);
    expect(deviceId).toMatch(/^web--/); // happy-dom's user agent is a desktop one
  });

  it('stays stable within the page when storage throws', () => {
    const storage = throwingStorage();
    const first = getDeviceId(storage, DESKTOP);
    expect(first).toMatch(/^web--/);
    expect(getDeviceId(storage, DESKTOP)).toBe(first);
    expect(getDeviceId(null, DESKTOP)).toBe(first);
  });
});
