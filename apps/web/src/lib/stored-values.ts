import { INVITE_CODE_QUERY, STORAGE_KEYS } from '@lobby/contracts';
import { readQueryParam } from './query-reader.ts';
import { readItem, removeItem, storageFor, writeItem } from './safe-storage.ts';

/**
 * Values the browser keeps between requests (SPEC.md section 3): the session token `t` and
 * `vid` in sessionStorage, the invite code `i_code` in localStorage and `aid` (affiliate or
 * invite code) in sessionStorage. Storage that throws degrades to "nothing stored".
 */

export function getToken(): string | null {
  return readItem(storageFor('session'), STORAGE_KEYS.token) || null;
}

export function setToken(token: string): void {
  writeItem(storageFor('session'), STORAGE_KEYS.token, token);
}

export function clearToken(): void {
  removeItem(storageFor('session'), STORAGE_KEYS.token);
}

export function getVid(): string | null {
  return readItem(storageFor('session'), STORAGE_KEYS.vid) || null;
}

export function setVid(vid: string): void {
  writeItem(storageFor('session'), STORAGE_KEYS.vid, vid);
}

/**
 * `aid` holds either the plain code or JSON carrying it (`{"i_code":"QK7"}`), depending on
 * which page stored it. JSON that is not an object with a non-empty string `i_code` is read
 * as the plain value it may well be.
 */
export function readAffiliateCode(aid: string | null): string | null {
  if (!aid) return null;
  const text = aid.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && INVITE_CODE_QUERY in parsed) {
        const code = (parsed as Record<string, unknown>)[INVITE_CODE_QUERY];
        return typeof code === 'string' && code.trim() !== '' ? code.trim() : null;
      }
    } catch {
      // Not JSON after all: fall through and use the text as the code.
    }
  }
  return text === '' ? null : text;
}

/** The invite code to send at registration: the session's `aid` first, then `i_code`. */
export function getInviteCode(): string | null {
  const fromAffiliate = readAffiliateCode(readItem(storageFor('session'), STORAGE_KEYS.affiliate));
  if (fromAffiliate) return fromAffiliate;
  return readItem(storageFor('local'), STORAGE_KEYS.inviteCode)?.trim() || null;
}

/**
 * Keeps the `i_code` query parameter of a landing URL: in localStorage `i_code` (so it
 * survives the visit) and in sessionStorage `aid` (so this visit's link wins over an older
 * one). Returns the code, or null when the URL carries none (stored values stay as they are).
 */
export function captureInviteCode(search: string): string | null {
  const code = readQueryParam(search, INVITE_CODE_QUERY)?.trim();
  if (!code) return null;
  writeItem(storageFor('local'), STORAGE_KEYS.inviteCode, code);
  writeItem(storageFor('session'), STORAGE_KEYS.affiliate, code);
  return code;
}

/**
 * Forgets the stored invite code (`i_code` and `aid`): the visitor cleared it, or registration
 * refused it. Otherwise a code no member owns would come back in every tab and block signing up.
 */
export function forgetInviteCode(): void {
  removeItem(storageFor('local'), STORAGE_KEYS.inviteCode);
  removeItem(storageFor('session'), STORAGE_KEYS.affiliate);
}
