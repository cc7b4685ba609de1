import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preInfoEndpoint, registerEndpoint } from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  submit,
  testMember,
  typeInto,
  waitFor,
  type ApiCall,
  type Rendered,
} from '../../app/test-render.tsx';
import { ApiError } from '../../lib/api-errors.ts';
import { bytesToBase64 } from '../../lib/rsa.ts';
import { captureInviteCode, getInviteCode } from '../../lib/stored-values.ts';
import { RegisterPage } from './register-page.tsx';

let publicKey: string;
beforeAll(async () => {
  const keys = await crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  const der = await crypto.subtle.exportKey('spki', keys.publicKey);
  const lines = bytesToBase64(new Uint8Array(der)).match(/.{1,64}/g) ?? [];
  publicKey = `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
});

let screen: Rendered | undefined;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

/** The brand's server: registration asks for an optional invite code and no captcha. */
function server(register: (call: ApiCall) => unknown) {
  return createFakeApi({
    [preInfoEndpoint.path]: () => ({
      publicKey,
      registration: {
        phone: 'off',
        email: 'off',
        inviteCode: 'optional',
        realName: 'off',
        captcha: false,
      },
    }),
    [registerEndpoint.path]: register,
  });
}

/** Refuses every invite code (none belongs to a member) and registers without one. */
const refuseInviteCodes = (call: ApiCall) => {
  if (call.values.inviteCode) throw new ApiError('invite_code_invalid', '邀请码无效', 400);
  return testMember({ username: call.values.username });
};

async function open(api = server(refuseInviteCodes)) {
  screen = await renderScreen({
    routes: [
      { path: '/register', element: <RegisterPage /> },
      { path: '/home', element: <p>home</p> },
    ],
    path: '/register',
    api,
    member: null,
  });
  await waitFor(() => expect(api.callsTo(preInfoEndpoint.path)).toHaveLength(1));
  return screen;
}

const $ = <T extends Element = HTMLElement>(selector: string) =>
  screen?.container.querySelector<T & Element>(selector) ?? null;
const inviteInput = () => $<HTMLInputElement>('input[name="inviteCode"]');

async function fillIn(username: string) {
  await typeInto($('input[name="username"]'), username);
  await typeInto($('input[name="password"]'), 'abc12345');
  await typeInto($('input[name="confirmPassword"]'), 'abc12345');
  const agree = $<HTMLInputElement>('input[name="agree"]');
  await click(agree);
}

describe('/register with an invite code from a link', () => {
  it('forgets a code the server refuses, so the visitor can register (in this tab and the next)', async () => {
    // The visitor came by /home?i_code=zzabc12: the code is kept for later visits too.
    captureInviteCode('?i_code=zzabc12');
    const api = server(refuseInviteCodes);
    await open(api);
    expect(inviteInput()?.value).toBe('zzabc12');
    expect(inviteInput()?.readOnly).toBe(true);

    await fillIn('newbie01');
    await submit($('form'));
    await waitFor(() => expect(screen?.text()).toContain('邀请码无效'));
    expect(api.callsTo(registerEndpoint.path)[0]?.values.inviteCode).toBe('zzabc12');
    // Dropped: from the field, which is the visitor's to fill again, and from storage.
    await waitFor(() => expect(inviteInput()?.value).toBe(''));
    expect(inviteInput()?.readOnly).toBe(false);
    expect(screen?.text()).toContain('推广链接中的邀请码无效，已清除');
    expect(getInviteCode()).toBeNull();

    // The next attempt goes through without it.
    await submit($('form'));
    await waitFor(() => expect(screen?.router.state.location.pathname).toBe('/home'));
    expect(api.callsTo(registerEndpoint.path)[1]?.values.inviteCode).toBeUndefined();
  });

  it('opens in a new tab without the refused code', async () => {
    captureInviteCode('?i_code=zzabc12');
    await open();
    await fillIn('newbie02');
    await submit($('form'));
    await waitFor(() => expect(getInviteCode()).toBeNull());
    screen?.unmount();
    // A new tab: a fresh session, the same local storage.
    sessionStorage.clear();
    await open();
    expect(inviteInput()?.value).toBe('');
    expect(inviteInput()?.readOnly).toBe(false);
  });

  it('lets the visitor clear the code and type another', async () => {
    captureInviteCode('?i_code=zzabc12');
    const api = server((call) => testMember({ username: call.values.username }));
    await open(api);
    const clear = [...(screen?.container.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === '清除',
    );
    await click(clear);
    expect(inviteInput()?.value).toBe('');
    expect(inviteInput()?.readOnly).toBe(false);
    expect(getInviteCode()).toBeNull();
    await typeInto(inviteInput(), 'QK7A');
    await fillIn('newbie03');
    await submit($('form'));
    await waitFor(() => expect(screen?.router.state.location.pathname).toBe('/home'));
    expect(api.callsTo(registerEndpoint.path)[0]?.values.inviteCode).toBe('QK7A');
  });
});
