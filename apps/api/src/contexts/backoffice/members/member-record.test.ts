import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogPlatform } from '@lobby/game-protocol';
import { members } from '../../identity/member/member.schema.ts';
import { memberLogins } from '../../identity/auth/auth.schema.ts';
import { addTurnover } from '../../money/turnover/turnover.ts';
import { get, post } from '../../../test/members.ts';
import {
  BRAND,
  createRecordHarness,
  PASSWORD,
  type RecordHarness,
} from './member-record.test-support.ts';

/** A phone of this run: the unique index spans every test file's members on PostgreSQL. */
const testPhone = `139${String(randomInt(100_000_000)).padStart(8, '0')}`;

/**
 * The member record (member 360): the profile and balances by the books, notes and tags, the
 * login history, and the scope and permission rules of its routes. The account actions are in
 * member-record-actions.test.ts, the money gate in member-restrictions.test.ts.
 */
let h: RecordHarness;

beforeAll(async () => {
  h = await createRecordHarness();
});
afterAll(async () => {
  await h?.close();
});

const url = (memberId: bigint, path = '') => `/admin/api/members/${memberId}${path}`;

describe('the member record', () => {
  it('shows the profile, balances by the books on the centre wallet and a platform, and counts', async () => {
    const member = await h.register();
    await h.fund(member, 100_000n);
    const transfer = await h.transfer(member, {
      platform: '1',
      type: 'in',
      amount: '300',
      idempotencyKey: randomUUID(),
    });
    expect(transfer.body.status).toBe(true);
    await addTurnover(h.database.db, {
      brandCode: BRAND,
      memberId: member.memberId,
      currency: 'CNY',
      amountMinor: 5_000n,
    });
    await h.database.db
      .update(members)
      .set({ phoneAreaCode: '86', phone: testPhone, email: `${member.username}@example.com` })
      .where(eq(members.id, member.memberId));

    const answer = await h.call('GET', url(member.memberId));
    expect(answer.statusCode).toBe(200);
    const record = answer.body.data;
    expect(record.member).toMatchObject({
      id: String(member.memberId),
      brand: BRAND,
      username: member.username,
      status: 'active',
      phone: `+86 ${testPhone}`,
      email: `${member.username}@example.com`,
      vipLevel: 0,
      referrer: null,
      withdrawPasswordSet: false,
    });
    expect(record.member.registeredAt).toMatch(/^\d{4}-/);
    expect(record.member.lastLoginAt).toMatch(/^\d{4}-/);
    expect(record.restrictions).toEqual({ loginLocked: null, moneyFrozen: null, closed: null });
    expect(record.balances).toEqual({
      currency: 'CNY',
      wallet: '700.00',
      locked: '0.00',
      inTransit: '0.00',
      platforms: [
        {
          platformId: 1,
          code: catalogPlatform(1)!.code,
          name: catalogPlatform(1)!.name['zh-CN'],
          balance: '300.00',
        },
      ],
      total: '1000.00',
      turnoverOutstanding: '50.00',
    });
    expect(record.tags).toEqual([]);
    expect(record.counts).toEqual({ openWithdrawals: 0, pendingDeposits: 0, notes: 0 });
  });

  it('answers a missing member, another brand’s member and a bad id as they should', async () => {
    const member = await h.register();
    const lumen = await h.operator('super_admin', ['lumen']);
    const jinsheng = await h.operator('customer_service', [BRAND]);
    for (const path of ['', '/notes', '/logins']) {
      const other = await h.call('GET', url(member.memberId, path), undefined, lumen);
      expect(other.statusCode, path).toBe(404);
      expect(other.body.data, path).toBe('member_not_found');
      expect(
        (await h.call('GET', url(member.memberId, path), undefined, jinsheng)).statusCode,
      ).toBe(200);
    }
    const missing = await h.call('GET', '/admin/api/members/999999999999');
    expect(missing.body.data).toBe('member_not_found');
    for (const bad of ['abc', '0', '-1', '1e3', '1234567890123456789']) {
      const answer = await h.call('GET', `/admin/api/members/${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.body.data, bad).toBe('validation');
    }
    // Read-only roles read; a role without members.read does not.
    const content = await h.operator('content');
    expect((await h.call('GET', url(member.memberId), undefined, content)).body.data).toBe(
      'forbidden',
    );
  });
});

describe('notes and tags', () => {
  it('appends notes with author and time, newest first, logged', async () => {
    const member = await h.register();
    const first = await h.call('POST', url(member.memberId, '/notes'), {
      text: 'called the member',
    });
    expect(first.body.data).toMatchObject({ text: 'called the member' });
    expect(first.body.data.author).toMatch(/^rec/);
    const second = await h.call('POST', url(member.memberId, '/notes'), {
      text: 'line one\nline two',
    });
    expect(second.body.status).toBe(true);
    const page = await h.call('GET', url(member.memberId, '/notes?pageSize=1'));
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.items.map((note: { id: string }) => note.id)).toEqual([
      second.body.data.id,
    ]);
    const logged = await h.lastAction(member.memberId, 'member_note');
    expect(logged?.details).toMatchObject({ noteId: second.body.data.id });
    expect((await h.call('GET', url(member.memberId))).body.data.counts.notes).toBe(2);
    // There is no way to change or delete a note.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await h.app.inject({
        method,
        url: url(member.memberId, `/notes/${first.body.data.id}`),
        headers: { authorization: `Bearer ${h.admin}` },
      });
      expect(answer.statusCode, method).toBe(404);
    }
  });

  it('refuses a bad note, a reader, and another brand, and writes nothing', async () => {
    const member = await h.register();
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }]) {
      const answer = await h.call('POST', url(member.memberId, '/notes'), body);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.data).toBe('validation');
    }
    const reader = await h.operator('customer_service');
    expect(
      (await h.call('POST', url(member.memberId, '/notes'), { text: 'hi' }, reader)).statusCode,
    ).toBe(403);
    const lumen = await h.operator('super_admin', ['lumen']);
    expect(
      (await h.call('POST', url(member.memberId, '/notes'), { text: 'hi' }, lumen)).body.data,
    ).toBe('member_not_found');
    expect((await h.call('GET', url(member.memberId, '/notes'))).body.data.total).toBe(0);
  });

  it('replaces the tag set, each tag once, logged with before and after', async () => {
    const member = await h.register();
    const set = await h.call('PUT', url(member.memberId, '/tags'), {
      tags: ['VIP', ' bonus-hunter ', 'vip', '高风险'],
    });
    expect(set.body.data).toEqual({ tags: ['VIP', 'bonus-hunter', '高风险'] });
    const changed = await h.call('PUT', url(member.memberId, '/tags'), { tags: ['watch'] });
    expect(changed.body.data).toEqual({ tags: ['watch'] });
    expect((await h.lastAction(member.memberId, 'member_tags'))?.details).toMatchObject({
      before: ['VIP', 'bonus-hunter', '高风险'],
      after: ['watch'],
    });
    expect((await h.call('GET', url(member.memberId))).body.data.tags).toEqual(['watch']);

    for (const tags of [
      Array.from({ length: 21 }, (_, index) => `t${index}`),
      ['x'.repeat(21)],
      [''],
      ['-lead'],
      ['a<b'],
      'watch',
    ]) {
      const answer = await h.call('PUT', url(member.memberId, '/tags'), { tags });
      expect(answer.body.data, JSON.stringify(tags)).toBe('validation');
    }
    const reader = await h.operator('auditor');
    expect(
      (await h.call('PUT', url(member.memberId, '/tags'), { tags: [] }, reader)).statusCode,
    ).toBe(403);
    expect((await h.call('GET', url(member.memberId))).body.data.tags).toEqual(['watch']);
  });
});

describe('the login history', () => {
  it('records every attempt with its result, newest first, and never the password', async () => {
    const member = await h.register();
    expect((await h.login(member.username, 'Wrong12345')).data).toBe('account_or_password_wrong');
    const success = await h.login(member.username.toUpperCase());
    expect(success.statusCode).toBe(200);
    const captcha = await get(h.app, '/api/f/v1/captcha');
    const badCaptcha = await post(h.app, '/api/f/v1/member/login/mpe', {
      username: member.username,
      password: h.enc(PASSWORD),
      key: (captcha.body.data as { key: string }).key,
      code: 'nope',
    });
    expect(badCaptcha.body.data).toBe('captcha_wrong');

    const history = await h.call('GET', url(member.memberId, '/logins'));
    expect(history.body.data.total).toBe(3);
    const items = history.body.data.items as { result: string; username: string; ip: string }[];
    expect(items.map((item) => item.result)).toEqual(['captcha', 'success', 'wrong_password']);
    expect(items[1]).toMatchObject({ username: member.username.toUpperCase(), ip: '127.0.0.1' });
    const paged = await h.call('GET', url(member.memberId, '/logins?page=2&pageSize=2'));
    expect(paged.body.data.items.map((item: { result: string }) => item.result)).toEqual([
      'wrong_password',
    ]);
    const rows = await h.database.db
      .select()
      .from(memberLogins)
      .where(eq(memberLogins.memberId, member.memberId));
    const stored = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('Wrong12345');
  });

  it('records a login the history cannot write without failing it', async () => {
    const member = await h.register();
    // The database refuses this member's history rows (a trigger of the test's own).
    const db = h.database.db;
    await db.execute(
      sql.raw(
        `create function member_logins_refuse_${member.memberId}() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger member_logins_refuse_${member.memberId} before insert on member_logins for each row when (new.username = '${member.username}') execute function member_logins_refuse_${member.memberId}()`,
      ),
    );
    try {
      const success = await h.login(member.username);
      expect(success.statusCode).toBe(200);
      expect(success.token).not.toBe('');
    } finally {
      await db.execute(
        sql.raw(`drop trigger member_logins_refuse_${member.memberId} on member_logins`),
      );
      await db.execute(sql.raw(`drop function member_logins_refuse_${member.memberId}()`));
    }
    expect((await h.call('GET', url(member.memberId, '/logins'))).body.data.total).toBe(0);
    expect(h.logText()).toContain('login history: a row was not written');
  });
});
