import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberExclusionState } from '@lobby/contracts';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../../test/members.ts';
import { seedDepositChannels } from '../../money/deposit/index.ts';

/**
 * Time-out and self-exclusion through the API (issue 15, points 4 and 5): in force at once,
 * sessions ended, only withdrawals left, the person kept out of every brand by the registry,
 * and the end only after the period, the member's request and a further 24 hours.
 */
const TEST_CODE = 'T3ST';
const PASSWORD = 'Secret123';
const DAY = 24 * 3_600_000;
let now = Date.parse('2026-06-01T08:00:00Z');
let h: TestApp;
let publicKey: string;

beforeAll(async () => {
  h = await createTestApp({ captchaTestCode: TEST_CODE, clock: () => new Date(now) });
  await seedDepositChannels(h.database.db);
  publicKey = await publicKeyOf(h.app);
});
afterAll(async () => {
  await h?.close();
});

const enc = (text: string) => encryptFor(publicKey, text);
const hostOf = (brand: string) => ({ host: `${brand}.lobby.test` });

async function captcha(brand: string): Promise<string> {
  const response = await get(h.app, '/api/f/v1/captcha', hostOf(brand));
  return (response.body.data as { key: string }).key;
}

async function smsCode(brand: string, purpose: string, phone: string) {
  const sent = await post(
    h.app,
    '/api/service/sms',
    { purpose, areaCode: '86', phone, key: await captcha(brand), code: TEST_CODE },
    hostOf(brand),
  );
  const outbox = await get(
    h.app,
    `/api/dev/outbox?to=${encodeURIComponent(`+86${phone}`)}`,
    hostOf(brand),
  );
  const match = /\d{6}/.exec((outbox.body.data as { body: string }[])[0]?.body ?? '');
  if (!match) throw new Error(`no code: ${JSON.stringify(sent.body)}`);
  return match[0];
}

async function register(brand: string, phone?: string, phoneCode?: string) {
  const username = uniqueUsername('ex');
  const fields: Record<string, string> = {
    username,
    password: enc(PASSWORD),
    confirmPassword: enc(PASSWORD),
    key: await captcha(brand),
    code: TEST_CODE,
  };
  if (phone) {
    // A code is sent per phone once a minute: a refusal before the code is read needs none.
    fields.phoneCode = phoneCode ?? (await smsCode(brand, 'register', phone));
    fields.key = await captcha(brand);
    fields.areaCode = '86';
    fields.phone = phone;
  }
  const answer = await post(h.app, '/api/f/v1/member/register', fields, hostOf(brand));
  return { username, answer, token: String(answer.headers.id ?? '') };
}

async function login(brand: string, username: string) {
  const answer = await post(
    h.app,
    '/api/f/v1/member/login/mpe',
    { username, password: enc(PASSWORD), key: await captcha(brand), code: TEST_CODE },
    hostOf(brand),
  );
  return { answer, token: String(answer.headers.id ?? '') };
}

async function call(
  brand: string,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
) {
  const response = await h.app.inject({
    method,
    url,
    headers: { t: token, ...hostOf(brand) },
    ...(body ? { payload: body } : {}),
  });
  return response.json<{ status: boolean; data: unknown }>();
}

const phoneOf = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

describe('time-out and self-exclusion', () => {
  it('excludes at once, keeps the person out of every brand, and ends only as the rules say', async () => {
    const phone = phoneOf();
    // Someone with the same phone on another brand, registered before the exclusion.
    const other = await register('fuyun');
    expect(other.answer.body).toMatchObject({ status: true });
    await h.database.db.execute(
      sql`update members set phone_area_code = '86', phone = ${phone}
          where username = ${other.username}`,
    );
    const member = await register('longteng', phone);
    expect(member.answer.body).toMatchObject({ status: true });

    const taken = await call('longteng', member.token, 'POST', '/api/f/v1/protection/exclusion', {
      kind: 'self_exclusion',
      period: '6m',
      confirm: true,
    });
    expect(taken).toMatchObject({ data: { current: { kind: 'self_exclusion' } } });
    expect((taken.data as MemberExclusionState).current).toMatchObject({
      kind: 'self_exclusion',
      period: '6m',
      endsAt: '2026-12-01T08:00:00.000Z',
      canAskToEnd: false,
    });
    // Every session ended.
    const info = await get(h.app, '/api/findmed/v1/member/token', {
      t: member.token,
      ...hostOf('longteng'),
    });
    expect(info.body.data).toBe('token');

    // The member may log in, to withdraw and see their history; no deposit or transfer in.
    const again = await login('longteng', member.username);
    expect(again.answer.body).toMatchObject({ status: true });
    const deposit = await call('longteng', again.token, 'POST', '/api/f/v1/deposit', {
      channel: 'online',
      amount: '100',
      idempotencyKey: `k-${randomUUID()}`,
    });
    expect(deposit).toMatchObject({ status: false, data: 'account_excluded' });

    // The registry: no registration, login or binding with that phone on any brand.
    const noCode = await post(
      h.app,
      '/api/service/sms',
      {
        purpose: 'register',
        areaCode: '86',
        phone,
        key: await captcha('jinsheng'),
        code: TEST_CODE,
      },
      hostOf('jinsheng'),
    );
    expect(noCode.body.data).toBe('self_excluded');
    const elsewhere = await register('jinsheng', phone, '000000');
    expect(elsewhere.answer.body.data).toBe('self_excluded');
    const otherLogin = await login('fuyun', other.username);
    expect(otherLogin.answer.body.data).toBe('self_excluded');
    const binder = await register('jinsheng');
    const bound = await post(
      h.app,
      '/api/findmed/v1/member/bind/phone',
      { areaCode: '86', phone, phoneCode: '000000' },
      { t: binder.token, ...hostOf('jinsheng') },
    );
    expect(bound.body.data).toBe('self_excluded');
    const rows = await queryRows<{ identifier_hash: string }>(
      h.database.db,
      sql`select identifier_hash from exclusion_registry where brand_code = 'longteng'
          and identifier_hash like ${`%`}`,
    );
    expect(JSON.stringify(rows)).not.toContain(phone);

    // Not before its period has run out; not even a shorter one replaces it.
    const early = await call('longteng', again.token, 'POST', '/api/f/v1/protection/exclusion/end');
    expect(early.data).toBe('exclusion_not_over');
    const shorter = await call('longteng', again.token, 'POST', '/api/f/v1/protection/exclusion', {
      kind: 'time_out',
      period: '7d',
      confirm: true,
    });
    expect(shorter.data).toBe('exclusion_already_longer');

    now = Date.parse('2026-12-01T08:00:01Z');
    const asked = await call('longteng', again.token, 'POST', '/api/f/v1/protection/exclusion/end');
    expect((asked.data as MemberExclusionState).current).toMatchObject({
      endableAt: '2026-12-02T08:00:01.000Z',
    });
    now += DAY - 1_000;
    const stillExcluded = await login('fuyun', other.username);
    expect(stillExcluded.answer.body.data).toBe('self_excluded');
    now += 1_000;
    const state = await call('longteng', again.token, 'GET', '/api/f/v1/protection/exclusion');
    expect((state.data as MemberExclusionState).current).toBeNull();
    expect((await login('fuyun', other.username)).answer.body.status).toBe(true);
    const paid = await call('longteng', again.token, 'POST', '/api/f/v1/deposit', {
      channel: 'online',
      amount: '100',
      idempotencyKey: `k-${randomUUID()}`,
    });
    expect(paid.status).toBe(true);

    const events = await queryRows<{ details: { change: string } }>(
      h.database.db,
      sql`select e.details from audit_events e join members m on m.id = e.member_id
          where m.username = ${member.username} and e.kind = 'self_exclusion' order by e.seq`,
    );
    expect(events.map((event) => event.details.change)).toEqual([
      'started',
      'end_requested',
      'ended',
    ]);
  });

  it('ends a time-out by the sweep once asked and waited; refuses periods not offered', async () => {
    const member = await register('jinsheng');
    const bad = await call('jinsheng', member.token, 'POST', '/api/f/v1/protection/exclusion', {
      kind: 'time_out',
      period: '6m',
      confirm: true,
    });
    expect(bad.data).toBe('validation');
    const unconfirmed = await call(
      'jinsheng',
      member.token,
      'POST',
      '/api/f/v1/protection/exclusion',
      {
        kind: 'time_out',
        period: '24h',
      },
    );
    expect(unconfirmed.data).toBe('validation');
    await call('jinsheng', member.token, 'POST', '/api/f/v1/protection/exclusion', {
      kind: 'time_out',
      period: '24h',
      confirm: true,
    });
    const back = await login('jinsheng', member.username);
    now += DAY;
    await call('jinsheng', back.token, 'POST', '/api/f/v1/protection/exclusion/end');
    now += DAY;
    const sweep = h.app.sweeps.find((entry) => entry.name === 'exclusions-ending');
    await sweep?.run({} as never);
    const rows = await queryRows<{ count: number }>(
      h.database.db,
      sql`select count(*)::int as count from member_restrictions r join members m
          on m.id = r.member_id where m.username = ${member.username} and r.kind = 'excluded'`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});
