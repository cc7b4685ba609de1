import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '../../lib/stored-values.ts';
import { guestFields, hasChatIdentity, markChatUsed, storeGuestToken } from './guest-token.ts';
import { idAfter } from './use-chat.ts';

describe('chat identity in the browser', () => {
  beforeEach(() => {
    localStorage.clear();
    clearToken();
  });

  it('sends the guest token only when there is no member session', () => {
    expect(guestFields()).toEqual({});
    storeGuestToken('g'.repeat(43));
    expect(guestFields()).toEqual({ guestToken: 'g'.repeat(43) });
    setToken('member-token');
    expect(guestFields()).toEqual({});
  });

  it('asks about unread replies for a guest, and for a member once this browser chatted', () => {
    expect(hasChatIdentity()).toBe(false);
    setToken('member-token');
    expect(hasChatIdentity()).toBe(false);
    markChatUsed();
    expect(hasChatIdentity()).toBe(true);
    clearToken();
    expect(hasChatIdentity()).toBe(false);
    storeGuestToken('g'.repeat(43));
    expect(hasChatIdentity()).toBe(true);
  });
});

describe('idAfter', () => {
  it('orders database ids as numbers, not as text', () => {
    expect(idAfter('10', '9')).toBe(true);
    expect(idAfter('9', '10')).toBe(false);
    expect(idAfter('123', '122')).toBe(true);
    expect(idAfter('5', '5')).toBe(false);
  });
});
