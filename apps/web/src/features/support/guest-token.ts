import { CHAT_GUEST_TOKEN_STORAGE_KEY } from '@lobby/contracts';
import { readItem, storageFor, writeItem } from '../../lib/safe-storage.ts';
import { getToken } from '../../lib/stored-values.ts';

/**
 * A guest's chat token: issued once by the server, kept in localStorage so a reload (or the
 * next visit) continues the same conversation. A member chats as themselves, by their session.
 */
export function readGuestToken(): string | null {
  return readItem(storageFor('local'), CHAT_GUEST_TOKEN_STORAGE_KEY) || null;
}

export function storeGuestToken(token: string): void {
  writeItem(storageFor('local'), CHAT_GUEST_TOKEN_STORAGE_KEY, token);
}

/** Set once this browser has had a conversation: only then does the launcher ask for unread. */
const CHAT_USED_KEY = 'chat_used';

export function markChatUsed(): void {
  writeItem(storageFor('local'), CHAT_USED_KEY, '1');
}

/**
 * Whether the launcher should ask about unread replies: a guest with a token, or a member on a
 * browser that has chatted (operators never open a conversation, so a member who never wrote has
 * nothing to read, and most members need not ask every minute).
 */
export function hasChatIdentity(): boolean {
  if (readGuestToken() !== null) return true;
  return getToken() !== null && readItem(storageFor('local'), CHAT_USED_KEY) === '1';
}

/** The guest token field of a chat call: sent only when no member session is. */
export function guestFields(): { guestToken?: string } {
  if (getToken()) return {};
  const token = readGuestToken();
  return token ? { guestToken: token } : {};
}
