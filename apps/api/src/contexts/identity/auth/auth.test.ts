import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRATION_SETTINGS } from '@lobby/contracts';
import { insertBrandIfAbsent } from '../../platform/brand/brand.repository.ts';
import { DEMO_BRANDS } from '../../platform/brand/brand.seed.ts';
import { errorMessage } from '@lobby/i18n';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../../test/members.ts';

/**
 * Members and access through the API alone, on a real database: register, log in, sessions,
 * lock, codes, forgotten and changed passwords, and bad input that changes nothing.
 */
const TEST_CODE = 'T3ST';
let harness: TestApp;
let publicKey: string;
const PASSWORD = 'Secret123';

beforeAll(async () => {
  harness = await createTestApp({ captchaTestCode: TEST_CODE });
  publicKey = await publicKeyOf(harness.app);
});
afterAll(async () => {
  await harness.close();
});

const enc = (text: string) => encryptFor(publicKey, text);

async function captcha(host?: string): Promise<string> {
  const response = await get(harness.app, '/api/f/v1/captcha', host ? { host } : {});
  return (response.body.data as { key: string }).key;
}

async function register(username: string, password = PASSWORD, host?: string) {
  return post(
    harness.app,
    '/api/f/v1/member/register',
    {
      username,
      password: enc(password),
      confirmPassword: enc(password),
      key: await captcha(host),
      code: TEST_CODE,
    },
    host ? { host } : {},
  );
}

async function login(username: string, password = PASSWORD, host?: string) {
  return post(
    harness.app,
    '/api/f/v1/member/login/mpe',
    { username, password: enc(password), key: await captcha(host), code: TEST_CODE },
    host ? { host } : {},
  );
}

async function latestCode(to: string, host?: string): Promise<string> {
  const response = await get(
    harness.app,
    `/api/dev/outbox?to=${encodeURIComponent(to)}`,
    host ? { host } : {},
  );
  const messages = response.body.data as { body: string }[];
  const match = /\d{6}/.exec(messages[0]?.body ?? '');
  if (!match) throw new Error(`no code sent to ${to}`);
  return match[0];
}

describe('the member journey through the API', () => {
  it('captcha -> register -> login -> member info -> logout -> token', async () => {
    const username = uniqueUsername('journey');
    const registered = await register(username);
    expect(registered.statusCode).toBe(200);
    expect(registered.body.data).toMatchObject({ username, vipLevel: 0, phoneBound: false });
    expect(registered.headers.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const beforeLogin = await get(harness.app, '/api/findmed/v1/member/token', {
      t: String(registered.headers.id),
    });
    expect(beforeLogin.body.data).toMatchObject({ lastLoginIp: null });

    const loggedIn = await login(username);
    expect(loggedIn.body.status).toBe(true);
    const token = String(loggedIn.headers.id);
    const info = await get(harness.app, '/api/findmed/v1/member/token', { t: token });
    expect(info.body.data).toMatchObject({
      username,
      qq: '/images/avatars/avatar-1.svg',
      lastLoginAt: expect.any(String),
      lastLoginIp: '127.0.0.1',
    });
    // Sessions are independent: the registration's session still works too.
    const first = await get(harness.app, '/api/findmed/v1/member/token', {
      t: String(registered.headers.id),
    });
    expect(first.body.status).toBe(true);
    // The login is in the member's info on every session, read before it or not.
    expect(first.body.data).toMatchObject({ lastLoginIp: '127.0.0.1' });

    const logout = await post(harness.app, '/api/findmed/v1/member/logout', {}, { t: token });
    expect(logout.body).toEqual({ status: true, data: { loggedOut: true } });
    const after = await get(harness.app, '/api/findmed/v1/member/token', { t: token });
    expect(after.statusCode).toBe(401);
    expect(after.body).toMatchObject({ status: false, data: 'token' });
  });

  it('stores no token or password in the clear', async () => {
    const username = uniqueUsername('clear');
    const registered = await register(username, 'Visible123');
    const token = String(registered.headers.id);
    const text = harness.logText();
    expect(text).not.toContain(token);
    expect(text).not.toContain('Visible123');
  });
});

describe('login', () => {
  it('says "account or password wrong" for both, never which', async () => {
    const username = uniqueUsername('which');
    await register(username);
    const wrongPassword = await login(username, 'Wrong1234');
    const noAccount = await login(uniqueUsername('nobody'), PASSWORD);
    for (const answer of [wrongPassword, noAccount]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toEqual({
        status: false,
        data: 'account_or_password_wrong',
        message: errorMessage('account_or_password_wrong', 'zh-CN'),
      });
    }
  });

  it('locks after three failures in 30 minutes, with the time to wait, even for the right password', async () => {
    const username = uniqueUsername('lock');
    await register(username);
    expect((await login(username, 'Wrong1234')).body.data).toBe('account_or_password_wrong');
    expect((await login(username, 'Wrong1234')).body.data).toBe('account_or_password_wrong');
    const third = await login(username, 'Wrong1234');
    expect(third.statusCode).toBe(423);
    expect(third.body.data).toBe('account_locked');
    expect(third.body.retryAfterSeconds).toBeGreaterThan(29 * 60);
    expect(third.body.message).toContain('30');
    const right = await login(username, PASSWORD);
    expect(right.body.data).toBe('account_locked');
    expect(right.headers['retry-after']).toBeDefined();
    expect(right.headers.id).toBeUndefined();
  });

  it('locks unknown usernames the same way, so a lock reveals nothing', async () => {
    const ghost = uniqueUsername('ghost');
    await login(ghost, 'Wrong1234');
    await login(ghost, 'Wrong1234');
    expect((await login(ghost, 'Wrong1234')).body.data).toBe('account_locked');
  });

  it('keeps brands apart: a member of one brand cannot log in on another', async () => {
    const username = uniqueUsername('brand');
    await register(username, PASSWORD, 'fuyun.lobby.test');
    expect((await login(username, PASSWORD, 'fuyun.lobby.test')).body.status).toBe(true);
    expect((await login(username, PASSWORD, 'hongyun.lobby.test')).body.data).toBe(
      'account_or_password_wrong',
    );
    // And a token of one brand is no session on another.
    const token = String((await login(username, PASSWORD, 'fuyun.lobby.test')).headers.id);
    const elsewhere = await get(harness.app, '/api/findmed/v1/member/token', {
      t: token,
      host: 'hongyun.lobby.test',
    });
    expect(elsewhere.body.data).toBe('token');
  });

  it('allows the same username in two brands', async () => {
    const username = uniqueUsername('twin');
    expect((await register(username, PASSWORD, 'fuyun.lobby.test')).body.status).toBe(true);
    expect((await register(username, PASSWORD, 'hongyun.lobby.test')).body.status).toBe(true);
    expect((await register(username.toUpperCase(), PASSWORD, 'hongyun.lobby.test')).body.data).toBe(
      'username_taken',
    );
  });

  it('refuses a plain password', async () => {
    const username = uniqueUsername('plain');
    await register(username);
    const answer = await post(harness.app, '/api/f/v1/member/login/mpe', {
      username,
      password: PASSWORD,
      key: await captcha(),
      code: TEST_CODE,
    });
    expect(answer.body.data).toBe('validation');
    const fakeCipher = await post(harness.app, '/api/f/v1/member/login/mpe', {
      username,
      password: Buffer.from('x'.repeat(200)).toString('base64'),
      key: await captcha(),
      code: TEST_CODE,
    });
    expect(fakeCipher.body.data).toBe('password_encryption');
  });
});

describe('captcha', () => {
  it('is single use and case-insensitive, with the real code', async () => {
    const real = await createTestApp();
    try {
      const issued = await get(real.app, '/api/f/v1/captcha');
      const { key, img } = issued.body.data as { key: string; img: string };
      expect(img).toMatch(/^data:image\/svg\+xml;base64,/);
      const text = await real.cache.get(`captcha:${key}`);
      expect(text).toMatch(/^[a-z0-9]{4}$/);
      const realKey = await publicKeyOf(real.app);
      const username = uniqueUsername('cap');
      const fields = (captchaKey: string, code: string) => ({
        username,
        password: encryptFor(realKey, PASSWORD),
        confirmPassword: encryptFor(realKey, PASSWORD),
        key: captchaKey,
        code,
      });
      const first = await post(
        real.app,
        '/api/f/v1/member/register',
        fields(key, String(text).toUpperCase()),
      );
      expect(first.body.status).toBe(true);
      const reused = await post(real.app, '/api/f/v1/member/register', fields(key, String(text)));
      expect(reused.body.data).toBe('captcha_wrong');
      // The test code means nothing without CAPTCHA_TEST_CODE.
      const issuedAgain = await get(real.app, '/api/f/v1/captcha');
      const guess = await post(
        real.app,
        '/api/f/v1/member/register',
        fields((issuedAgain.body.data as { key: string }).key, TEST_CODE),
      );
      expect(guess.body.data).toBe('captcha_wrong');
    } finally {
      await real.close();
    }
  });
});

describe('production', () => {
  it('has no outbox reader and ignores the captcha test code', async () => {
    const production = await createTestApp({ production: true, captchaTestCode: TEST_CODE });
    try {
      const outbox = await get(production.app, '/api/dev/outbox?to=a%40b.co');
      expect(outbox.statusCode).toBe(404);
      expect(outbox.body.data).toBe('not_found');
      const key = await publicKeyOf(production.app);
      const issued = await get(production.app, '/api/f/v1/captcha');
      const answer = await post(production.app, '/api/f/v1/member/register', {
        username: uniqueUsername('prod'),
        password: encryptFor(key, PASSWORD),
        confirmPassword: encryptFor(key, PASSWORD),
        key: (issued.body.data as { key: string }).key,
        code: TEST_CODE,
      });
      expect(answer.body.data).toBe('captcha_wrong');
    } finally {
      await production.close();
    }
  });
});

describe('registration settings per brand', () => {
  it('takes register and login without a captcha on a brand that turned it off', async () => {
    const code = `nocap${randomUUID().replaceAll('-', '').slice(0, 6)}`;
    const template = DEMO_BRANDS[0];
    if (!template) throw new Error('no demo brand');
    const settings = template.row.settings;
    await insertBrandIfAbsent(
      harness.database.db,
      {
        ...template.row,
        code,
        isDefault: false,
        settings: {
          ...settings,
          registration: { ...DEFAULT_REGISTRATION_SETTINGS, captcha: false },
        },
      },
      [`${code}.lobby.test`],
    );
    await harness.app.brands.load();
    const host = `${code}.lobby.test`;
    const username = uniqueUsername('nocap');
    const registered = await post(
      harness.app,
      '/api/f/v1/member/register',
      { username, password: enc(PASSWORD), confirmPassword: enc(PASSWORD) },
      { host },
    );
    expect(registered.body.status).toBe(true);
    const loggedIn = await post(
      harness.app,
      '/api/f/v1/member/login/mpe',
      { username, password: enc(PASSWORD) },
      { host },
    );
    expect(loggedIn.body.status).toBe(true);
    // Where the captcha is on, leaving it out is refused.
    expect(
      (await post(harness.app, '/api/f/v1/member/login/mpe', { username, password: enc(PASSWORD) }))
        .body.data,
    ).toBe('captcha_wrong');
  });

  it('serves the public key and what registration asks for', async () => {
    const answer = await get(harness.app, '/api/f/v1/member/preInfo', {
      host: 'longteng.lobby.test',
    });
    expect(answer.body.data).toMatchObject({
      publicKey: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/),
      registration: { phone: 'required', captcha: true },
    });
  });

  it('requires the fields the brand requires, and changes nothing without them', async () => {
    const username = uniqueUsername('needphone');
    const answer = await register(username, PASSWORD, 'longteng.lobby.test');
    expect(answer.statusCode).toBe(400);
    expect(answer.body.data).toBe('field_required');
    expect(answer.body.fields?.map((field) => field.path)).toContain('phone');
    expect((await login(username, PASSWORD, 'longteng.lobby.test')).body.data).toBe(
      'account_or_password_wrong',
    );
  });

  it('registers with a phone proven by its code, and refuses the code twice', async () => {
    const username = uniqueUsername('phone');
    const phone = `139${String(Date.now()).slice(-8)}`;
    const host = 'longteng.lobby.test';
    const sent = await post(
      harness.app,
      '/api/service/sms',
      { purpose: 'register', areaCode: '86', phone, key: await captcha(host), code: TEST_CODE },
      { host },
    );
    expect(sent.body).toMatchObject({ status: true, data: { resendAfterSeconds: 60 } });
    const code = await latestCode(`+86${phone}`, host);
    const fields = async (name: string) => ({
      username: name,
      password: enc(PASSWORD),
      confirmPassword: enc(PASSWORD),
      key: await captcha(host),
      code: TEST_CODE,
      areaCode: '86',
      phone,
      phoneCode: code,
    });
    const registered = await post(
      harness.app,
      '/api/f/v1/member/register',
      await fields(username),
      { host },
    );
    expect(registered.body.data).toMatchObject({ username, phoneBound: true, areaCode: '86' });
    const again = await post(
      harness.app,
      '/api/f/v1/member/register',
      await fields(uniqueUsername('phone2')),
      { host },
    );
    expect(again.body.data).toBe('phone_taken');
  });

  it('attributes a member to the inviter whose code they used, and refuses unknown codes', async () => {
    const inviter = await register(uniqueUsername('agent'));
    const inviteCode = (inviter.body.data as { inviteCode: string }).inviteCode;
    const fields = async (code: string) => ({
      username: uniqueUsername('invited'),
      password: enc(PASSWORD),
      confirmPassword: enc(PASSWORD),
      key: await captcha(),
      code: TEST_CODE,
      inviteCode: code,
    });
    expect(
      (await post(harness.app, '/api/f/v1/member/register', await fields(inviteCode))).body.status,
    ).toBe(true);
    expect(
      (await post(harness.app, '/api/f/v1/member/register', await fields('NOSUCH99'))).body.data,
    ).toBe('invite_code_invalid');
  });
});

describe('passwords', () => {
  it('a password change ends every session, and the new password works', async () => {
    const username = uniqueUsername('change');
    const first = String((await register(username)).headers.id);
    const second = String((await login(username)).headers.id);
    const changed = await post(
      harness.app,
      '/api/findmed/v1/member/password',
      {
        oldPassword: enc(PASSWORD),
        password: enc('Newpass456'),
        confirmPassword: enc('Newpass456'),
      },
      { t: second },
    );
    expect(changed.body).toEqual({ status: true, data: { changed: true } });
    for (const token of [first, second]) {
      expect((await get(harness.app, '/api/findmed/v1/member/token', { t: token })).body.data).toBe(
        'token',
      );
    }
    expect((await login(username, PASSWORD)).body.data).toBe('account_or_password_wrong');
    expect((await login(username, 'Newpass456')).body.status).toBe(true);
  });

  it.each([
    ['a wrong old password', 'Wrong1234', 'Newpass456', 'Newpass456', 'old_password_wrong'],
    ['a weak new password', PASSWORD, 'short', 'short', 'password_invalid'],
    ['a mismatched confirmation', PASSWORD, 'Newpass456', 'Newpass457', 'passwords_mismatch'],
    ['the same password', PASSWORD, PASSWORD, PASSWORD, 'password_same'],
  ])('refuses %s and keeps the sessions', async (_label, oldPassword, password, confirm, code) => {
    const username = uniqueUsername('keep');
    const token = String((await register(username)).headers.id);
    const answer = await post(
      harness.app,
      '/api/findmed/v1/member/password',
      { oldPassword: enc(oldPassword), password: enc(password), confirmPassword: enc(confirm) },
      { t: token },
    );
    expect(answer.body.data).toBe(code);
    expect((await get(harness.app, '/api/findmed/v1/member/token', { t: token })).body.status).toBe(
      true,
    );
  });

  it('resets a forgotten password with a code to the bound e-mail, once', async () => {
    const username = uniqueUsername('forgot');
    const email = `${username}@example.com`;
    const token = String((await register(username)).headers.id);
    await post(
      harness.app,
      '/api/service/sms',
      { purpose: 'bindEmail', email, key: await captcha(), code: TEST_CODE },
      { t: token },
    );
    const bound = await post(
      harness.app,
      '/api/findmed/v1/member/bind/email',
      { email, mailCode: await latestCode(email) },
      { t: token },
    );
    expect(bound.body.data).toMatchObject({
      emailBound: true,
      email: expect.stringContaining('***'),
    });

    await post(harness.app, '/api/service/sms', {
      purpose: 'forget',
      email,
      key: await captcha(),
      code: TEST_CODE,
    });
    const mailCode = await latestCode(email);
    const reset = (code: string) =>
      post(harness.app, '/api/findmed/v1/member/forgetpassword', {
        username,
        email,
        mailCode: code,
        password: enc('Reset7890'),
        confirmPassword: enc('Reset7890'),
      });
    expect((await reset(mailCode)).body).toEqual({ status: true, data: { reset: true } });
    expect((await reset(mailCode)).body.data).toBe('code_wrong');
    expect((await get(harness.app, '/api/findmed/v1/member/token', { t: token })).body.data).toBe(
      'token',
    );
    expect((await login(username, 'Reset7890')).body.status).toBe(true);
  });

  it('answers a forget request for an unknown e-mail like a known one, and sends nothing', async () => {
    const email = `${uniqueUsername('nobody')}@example.com`;
    const answer = await post(harness.app, '/api/service/sms', {
      purpose: 'forget',
      email,
      key: await captcha(),
      code: TEST_CODE,
    });
    expect(answer.body).toMatchObject({ status: true, data: { resendAfterSeconds: 60 } });
    const outbox = await get(harness.app, `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body.data).toEqual([]);
  });
});

describe('profile', () => {
  it('sets the real name once, and the withdrawal password with {d, p}', async () => {
    const token = String((await register(uniqueUsername('profile'))).headers.id);
    const headers = { t: token };
    expect(
      (await get(harness.app, '/api/f/v1/withdraw/password/config', headers)).body.data,
    ).toEqual({ d: true, p: false });
    const named = await post(
      harness.app,
      '/api/findmed/v1/member/realName',
      { realName: '张三' },
      headers,
    );
    expect(named.body.data).toMatchObject({ realName: '张*', realNameSet: true });
    expect(
      (await post(harness.app, '/api/findmed/v1/member/realName', { realName: '李四' }, headers))
        .body.data,
    ).toBe('real_name_already_set');

    const set = await post(
      harness.app,
      '/api/findmed/v1/member/withdraw/password',
      { withdrawPassword: enc('123456'), confirmWithdrawPassword: enc('123456') },
      headers,
    );
    expect(set.body.data).toMatchObject({ withdrawPasswordSet: true });
    expect(
      (await get(harness.app, '/api/f/v1/withdraw/password/config', headers)).body.data,
    ).toEqual({
      d: true,
      p: true,
    });
    const changeWithoutOld = await post(
      harness.app,
      '/api/findmed/v1/member/withdraw/password',
      { withdrawPassword: enc('654321'), confirmWithdrawPassword: enc('654321') },
      headers,
    );
    expect(changeWithoutOld.body.data).toBe('withdraw_password_wrong');
    const changed = await post(
      harness.app,
      '/api/findmed/v1/member/withdraw/password',
      {
        oldWithdrawPassword: enc('123456'),
        withdrawPassword: enc('654321'),
        confirmWithdrawPassword: enc('654321'),
      },
      headers,
    );
    expect(changed.body.status).toBe(true);
    const letters = await post(
      harness.app,
      '/api/findmed/v1/member/withdraw/password',
      {
        oldWithdrawPassword: enc('654321'),
        withdrawPassword: enc('12ab56'),
        confirmWithdrawPassword: enc('12ab56'),
      },
      headers,
    );
    expect(letters.body.data).toBe('withdraw_password_invalid');
  });

  it('binds a phone with its code; a used code and a taken phone are refused', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const token = String((await register(uniqueUsername('bind'))).headers.id);
    await post(
      harness.app,
      '/api/service/sms',
      { purpose: 'bindPhone', areaCode: '86', phone, key: await captcha(), code: TEST_CODE },
      { t: token },
    );
    const code = await latestCode(`+86${phone}`);
    const bind = () =>
      post(
        harness.app,
        '/api/findmed/v1/member/bind/phone',
        { areaCode: '86', phone, phoneCode: code },
        { t: token },
      );
    expect((await bind()).body.data).toMatchObject({ phoneBound: true });
    expect((await bind()).body.data).toBe('phone_already_bound');
    const other = String((await register(uniqueUsername('other'))).headers.id);
    const taken = await post(
      harness.app,
      '/api/service/sms',
      { purpose: 'bindPhone', areaCode: '86', phone, key: await captcha(), code: TEST_CODE },
      { t: other },
    );
    expect(taken.body.data).toBe('phone_taken');
  });
});

describe('avatar', () => {
  it('an uploaded image becomes the member avatar (qq)', async () => {
    const token = String((await register(uniqueUsername('avatar'))).headers.id);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = '----lobbyavatar';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\navatar\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, t: token },
    });
    const url = uploaded.json<{ data: { url: string } }>().data.url;
    expect(url).toMatch(/^\/api\/f\/v1\/upload\/[0-9a-f]{32}$/);
    const info = await get(harness.app, '/api/findmed/v1/member/token', { t: token });
    expect(info.body.data).toMatchObject({ qq: url });
    const image = await harness.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
  });
});

describe('bad input changes nothing', () => {
  const huge = 'x'.repeat(5_000);
  it.each([
    ['register without fields', '/api/f/v1/member/register', {}],
    [
      'register with a huge username',
      '/api/f/v1/member/register',
      { username: huge, password: 'a', confirmPassword: 'a', key: 'k'.repeat(10), code: 'x' },
    ],
    [
      'login with a number for the password',
      '/api/f/v1/member/login/mpe',
      { username: 'abc', password: '12', key: 'k'.repeat(10), code: 'x' },
    ],
    [
      'a code for an unknown purpose',
      '/api/service/sms',
      { purpose: 'steal', email: 'a@b.co', key: 'k'.repeat(10), code: 'x' },
    ],
    [
      'a code for a malformed e-mail',
      '/api/service/sms',
      { purpose: 'register', email: 'not-an-email', key: 'k'.repeat(10), code: 'x' },
    ],
    ['forget without a code', '/api/findmed/v1/member/forgetpassword', { username: 'abcd' }],
    [
      'a code for an unknown area code',
      '/api/service/sms',
      {
        purpose: 'register',
        areaCode: '9999',
        phone: '13812345678',
        key: 'k'.repeat(10),
        code: 'x',
      },
    ],
  ])('%s -> validation', async (_label, url, fields) => {
    const answer = await post(harness.app, url, fields);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.data).toBe('validation');
  });

  it('refuses a username against the rules with username_invalid and creates nobody', async () => {
    const answer = await register('1bad name');
    expect(answer.body.data).toBe('username_invalid');
    expect((await login('1bad name')).body.data).toBe('account_or_password_wrong');
  });

  it('refuses wrong content types on member calls', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/member/login/mpe',
      payload: '<login/>',
      headers: { 'content-type': 'text/xml' },
    });
    expect(response.json()).toMatchObject({ status: false, data: 'unsupported_media_type' });
  });

  it.each([
    ['GET', '/api/findmed/v1/member/token'],
    ['POST', '/api/findmed/v1/member/logout'],
    ['POST', '/api/findmed/v1/member/password'],
    ['POST', '/api/findmed/v1/member/bind/phone'],
    ['POST', '/api/findmed/v1/member/bind/email'],
    ['POST', '/api/findmed/v1/member/realName'],
    ['POST', '/api/findmed/v1/member/withdraw/password'],
    ['GET', '/api/f/v1/withdraw/password/config'],
  ])('%s %s without a session answers data "token"', async (method, url) => {
    const response = await harness.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: false, data: 'token' });
  });
});
