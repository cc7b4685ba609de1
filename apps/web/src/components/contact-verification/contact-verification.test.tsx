import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captchaEndpoint, phoneAreasEndpoint, sendCodeEndpoint } from '@lobby/contracts';
import {
  click,
  createFakeApi,
  renderScreen,
  typeInto,
  waitFor,
  type FakeApi,
  type Rendered,
} from '../../app/test-render.tsx';
import { useCaptcha } from '../../lib/api/captcha.ts';
import { FormAlert } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import {
  ContactVerification,
  useContactVerification,
  type ContactChannel,
} from './contact-verification.tsx';

let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

/** A form that asks for nothing but the verification, as the binding forms do. */
function Host({ channel, bound = false }: { channel: ContactChannel; bound?: boolean }) {
  const captcha = useCaptcha();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm(
    { username: '', areaCode: '', phone: '', email: '', code: '', verifyCode: '' },
    {},
  );
  const verification = useContactVerification({
    purpose: channel === 'phone' ? 'bindPhone' : 'forget',
    channel,
    form,
    codeField: 'verifyCode',
    captcha,
    requiredFirst: bound ? { username: (value) => value.trim() === '' } : undefined,
    onFailure: setFailure,
    onNotice: setNotice,
  });
  return (
    <form>
      <input {...form.input('username')} />
      <ContactVerification verification={verification} bound={bound} withCaptcha />
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <output data-testid="target">{JSON.stringify(verification.target)}</output>
    </form>
  );
}

function api(): FakeApi {
  let pictures = 0;
  return createFakeApi({
    [captchaEndpoint.path]: () => {
      pictures += 1;
      return { key: `key-${pictures}`, img: `data:image/png;base64,${pictures}` };
    },
    [phoneAreasEndpoint.path]: () => [
      { areaCode: '86', country: 'CN', name: '中国大陆' },
      { areaCode: '852', country: 'HK', name: '中国香港' },
    ],
    [sendCodeEndpoint.path]: () => ({
      sentTo: '138****8000',
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
    }),
  });
}

const $ = (selector: string) => document.querySelector(selector);
const sendButton = () => $('.code-row__send');

describe('ContactVerification', () => {
  it('asks for the captcha first, then sends the code, waits and renews the captcha', async () => {
    const fake = api();
    screen = await renderScreen({
      routes: [{ path: '/x', element: <Host channel="phone" /> }],
      path: '/x',
      api: fake,
    });
    await waitFor(() => expect($('.phone-row__code')?.textContent).toBe('+86'));
    expect($('.captcha-row')).not.toBeNull();

    await typeInto($('input[name="phone"]'), '13800138000');
    await click(sendButton());
    await waitFor(() => expect(screen?.text()).toContain('请先输入图形验证码再获取验证码'));
    expect(fake.callsTo(sendCodeEndpoint.path)).toHaveLength(0);

    await typeInto($('input[name="code"]'), 'ab12');
    await click(sendButton());
    await waitFor(() => expect(screen?.text()).toContain('验证码已发送至 138****8000'));
    expect(fake.callsTo(sendCodeEndpoint.path)[0]?.values).toEqual({
      purpose: 'bindPhone',
      areaCode: '86',
      phone: '13800138000',
      key: 'key-1',
      code: 'ab12',
    });
    await waitFor(() => expect(sendButton()?.textContent).toMatch(/秒后重发/));
    expect(sendButton()?.hasAttribute('disabled')).toBe(true);
    // The captcha answered one sending: emptied, and a new picture asked for.
    await waitFor(() => expect(fake.callsTo(captchaEndpoint.path)).toHaveLength(2));
    expect(($('input[name="code"]') as HTMLInputElement).value).toBe('');
    expect(JSON.parse($('[data-testid="target"]')?.textContent ?? '')).toEqual({
      channel: 'phone',
      areaCode: '86',
      phone: '13800138000',
    });
  });

  it('names a bound e-mail and checks the fields it needs first before sending', async () => {
    const fake = api();
    screen = await renderScreen({
      routes: [{ path: '/x', element: <Host channel="email" bound /> }],
      path: '/x',
      api: fake,
    });
    await waitFor(() => expect($('.captcha-image.has-picture')).not.toBeNull());
    expect(screen.text()).toContain('绑定的邮箱');
    expect(($('input[name="email"]') as HTMLInputElement).placeholder).toBe('请输入绑定的邮箱');
    expect(screen.text()).toContain('邮箱验证码');
    expect(fake.callsTo(phoneAreasEndpoint.path)).toHaveLength(0);

    await typeInto($('input[name="email"]'), 'member@example.com');
    await typeInto($('input[name="code"]'), 'ab12');
    await click(sendButton());
    // No username yet: nothing is sent.
    await waitFor(() => expect(fake.callsTo(captchaEndpoint.path)).toHaveLength(1));
    expect(fake.callsTo(sendCodeEndpoint.path)).toHaveLength(0);

    await typeInto($('input[name="username"]'), 'member01');
    await click(sendButton());
    await waitFor(() => expect(fake.callsTo(sendCodeEndpoint.path)).toHaveLength(1));
    expect(fake.callsTo(sendCodeEndpoint.path)[0]?.values).toMatchObject({
      purpose: 'forget',
      email: 'member@example.com',
    });
  });
});
