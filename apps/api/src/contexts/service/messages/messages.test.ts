import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMessage, MemberMessage, MemberMessageSummary } from '@lobby/contracts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { memberMessageStates } from './messages.schema.ts';
import { get, post, uniqueUsername } from '../../../test/members.ts';
import { SessionService } from '../../identity/member/index.ts';
import {
  createWalletTestApp,
  DEFAULT_BRAND,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';
import { previewOf } from './messages.service.ts';

let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
});
afterAll(async () => {
  await harness.close();
});

type ListAnswer = {
  items: MemberMessageSummary[];
  total: number;
  page: number;
  pageSize: number;
  unread: number;
};

const register = () => harness.register({ withdrawPassword: null });

async function admin(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown }>(),
  };
}

async function send(
  fields: { brand?: string; username?: string; category?: string; title?: string; body?: string },
  expectOk = true,
): Promise<AdminMessage> {
  const answer = await admin('POST', '/admin/api/messages', {
    brand: DEFAULT_BRAND,
    title: `Title ${uniqueUsername('t')}`,
    body: 'Hello there',
    ...fields,
  });
  if (expectOk) expect(answer.body.status).toBe(true);
  return answer.body.data as AdminMessage;
}

async function list(member: Member, query = ''): Promise<ListAnswer> {
  const answer = await get(
    harness.app,
    `/api/findmed/v1/member/message/list${query}`,
    member.headers,
  );
  expect(answer.body.status).toBe(true);
  return answer.body.data as ListAnswer;
}

async function unread(member: Member): Promise<number> {
  const answer = await get(harness.app, '/api/findmed/v1/member/message/num', member.headers);
  expect(answer.body.status).toBe(true);
  return (answer.body.data as { unread: number }).unread;
}

const detail = (member: Member, id: string) =>
  get(harness.app, `/api/findmed/v1/member/message/detail?id=${id}`, member.headers);

const markRead = (member: Member, id: string) =>
  post(harness.app, '/api/findmed/v1/member/message/read', { id }, member.headers);

const remove = (member: Member, ids: string) =>
  post(harness.app, '/api/findmed/v1/member/message/delete', { ids }, member.headers);

describe('rules', () => {
  it('previews a body on one line, cut at 80 characters', () => {
    expect(previewOf('  Hello\n\nworld  ')).toBe('Hello world');
    const long = '好'.repeat(100);
    expect([...previewOf(long)]).toHaveLength(80);
    expect(previewOf(long).endsWith('…')).toBe(true);
  });
});

describe('member message centre', () => {
  it('shows no broadcast to a member under a time-out, only their own messages (issue 15)', async () => {
    const member = await register();
    const personal = await send({ username: member.username, title: 'Your withdrawal' });
    const broadcast = await send({ title: 'Weekend bonus', category: 'system' });
    const taken = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/protection/exclusion',
      headers: member.headers,
      payload: { kind: 'time_out', period: '24h', confirm: true },
    });
    expect(taken.json()).toMatchObject({ status: true });
    // The time-out ended every session: a new one, as a login to withdraw would give.
    const { token } = await new SessionService(harness.database.db).create({
      brandCode: member.brand,
      memberId: member.memberId,
      ip: '127.0.0.1',
      deviceNo: null,
      userAgent: null,
    });
    const back = { ...member, token, headers: { ...member.headers, t: token } };
    const ids = (await list(back)).items.map((item) => item.id);
    expect(ids).toContain(personal.id);
    expect(ids).not.toContain(broadcast.id);
  });

  it('needs a member session', async () => {
    const answer = await get(harness.app, '/api/findmed/v1/member/message/num');
    expect(answer.body).toMatchObject({ status: false, data: 'token' });
  });

  it('lists personal messages and later broadcasts newest first, with read flags and counts', async () => {
    const before = await send({ title: 'Before registering' });
    const member = await register();
    const other = await register();
    const personal = await send({ username: member.username, title: 'For you' });
    const broadcast = await send({ title: 'For everyone', category: 'system' });
    await send({ username: other.username, title: 'Not for you' });

    const answer = await list(member);
    expect(answer.items.map((item) => item.id)).toEqual([broadcast.id, personal.id]);
    expect(answer.items.map((item) => item.id)).not.toContain(before.id);
    expect(answer).toMatchObject({ total: 2, page: 1, pageSize: 20, unread: 2 });
    expect(answer.items[0]).toMatchObject({
      title: 'For everyone',
      category: 'system',
      broadcast: true,
      read: false,
      preview: 'Hello there',
    });
    expect(answer.items[1]).toMatchObject({ category: 'personal', broadcast: false });
    expect(await unread(member)).toBe(2);

    const personalOnly = await list(member, '?category=personal');
    expect(personalOnly.items.map((item) => item.id)).toEqual([personal.id]);
    expect(personalOnly.total).toBe(1);
    const paged = await list(member, '?page=2&pageSize=1');
    expect(paged.items.map((item) => item.id)).toEqual([personal.id]);
    expect(paged.total).toBe(2);
  });

  it('marks a message read when it is opened, and counts it no more', async () => {
    const member = await register();
    const sent = await send({ username: member.username, body: 'Full body\nof the message' });
    // Counted once before, so that a node keeping the count must learn of the read.
    expect(await unread(member)).toBe(1);
    const opened = await detail(member, sent.id);
    expect(opened.body.status).toBe(true);
    expect(opened.body.data as MemberMessage).toMatchObject({
      id: sent.id,
      body: 'Full body\nof the message',
      read: true,
    });
    expect(await unread(member)).toBe(0);
    expect((await list(member)).items[0]?.read).toBe(true);
    // Opening again keeps the first read time.
    const [state] = await harness.database.db
      .select()
      .from(memberMessageStates)
      .where(eq(memberMessageStates.messageId, BigInt(sent.id)));
    await detail(member, sent.id);
    const [again] = await harness.database.db
      .select()
      .from(memberMessageStates)
      .where(eq(memberMessageStates.messageId, BigInt(sent.id)));
    expect(again?.readAt).toEqual(state?.readAt);
  });

  it('marks one or all read', async () => {
    const member = await register();
    const first = await send({ username: member.username });
    await send({ username: member.username });
    await send({});
    expect(await unread(member)).toBe(3);
    const one = await markRead(member, first.id);
    expect(one.body).toEqual({ status: true, data: { unread: 2 } });
    const all = await markRead(member, 'all');
    expect(all.body).toEqual({ status: true, data: { unread: 0 } });
    expect((await list(member)).items.every((item) => item.read)).toBe(true);
    // Twice is harmless.
    expect((await markRead(member, 'all')).body).toEqual({ status: true, data: { unread: 0 } });
  });

  it('deletes a broadcast for this member only, and several at once', async () => {
    const member = await register();
    const neighbour = await register();
    const broadcast = await send({});
    const mine = await send({ username: member.username });
    const mineToo = await send({ username: member.username });

    const deleted = await remove(member, broadcast.id);
    expect(deleted.body).toEqual({ status: true, data: { deleted: 1, unread: 2 } });
    expect((await list(member)).items.map((item) => item.id)).not.toContain(broadcast.id);
    expect((await list(neighbour)).items.map((item) => item.id)).toContain(broadcast.id);
    expect((await detail(member, broadcast.id)).body).toMatchObject({
      status: false,
      data: 'message_not_found',
    });

    const both = await remove(member, `${mine.id},${mineToo.id},${mine.id}`);
    expect(both.body).toEqual({ status: true, data: { deleted: 2, unread: 0 } });
    expect((await list(member)).total).toBe(0);
  });

  it("refuses another member's or another brand's message and changes nothing", async () => {
    const member = await register();
    const other = await register();
    const otherBrandCode = await harness.createBrand({}, false);
    const foreign = await harness.register({ brand: otherBrandCode, withdrawPassword: null });
    const theirs = await send({ username: other.username });
    const otherBrand = await send({ brand: otherBrandCode });
    const mine = await send({ username: member.username });

    for (const id of [theirs.id, otherBrand.id, '999999999999']) {
      const opened = await detail(member, id);
      expect(opened.statusCode).toBe(404);
      expect(opened.body).toMatchObject({ status: false, data: 'message_not_found' });
      expect((await markRead(member, id)).body.data).toBe('message_not_found');
    }
    // One foreign id in a delete: none is deleted.
    const mixed = await remove(member, `${mine.id},${theirs.id}`);
    expect(mixed.body).toMatchObject({ status: false, data: 'message_not_found' });
    expect((await list(member)).items.map((item) => item.id)).toEqual([mine.id]);
    const states = await harness.database.db
      .select()
      .from(memberMessageStates)
      .where(
        and(
          eq(memberMessageStates.memberId, member.memberId),
          eq(memberMessageStates.messageId, BigInt(theirs.id)),
        ),
      );
    expect(states).toEqual([]);
    expect(await unread(other)).toBe(1);
    // The other brand's member sees the broadcast of their brand, and nothing of this one.
    expect((await list(foreign)).items.map((item) => item.id)).toEqual([otherBrand.id]);
  });

  it('refuses bad input with validation', async () => {
    const member = await register();
    for (const id of ['', 'abc', '0', '-1', '1.5']) {
      expect((await detail(member, id)).body).toMatchObject({ status: false, data: 'validation' });
    }
    expect((await markRead(member, 'everything')).body.data).toBe('validation');
    for (const ids of ['', '1,,2', '1;2', 'all', '1,']) {
      expect((await remove(member, ids)).body.data).toBe('validation');
    }
    const tooMany = Array.from({ length: 101 }, (_, index) => String(index + 1)).join(',');
    expect((await remove(member, tooMany)).body.data).toBe('validation');
    expect(
      (await get(harness.app, '/api/findmed/v1/member/message/list?category=spam', member.headers))
        .body.data,
    ).toBe('validation');
  });

  it('answers errors in the request language', async () => {
    const member = await register();
    const answer = await get(harness.app, '/api/findmed/v1/member/message/detail?id=999999999', {
      ...member.headers,
      lang: 'en',
    });
    expect(answer.body.message).toBe('This message does not exist or was deleted.');
  });
});

describe('operator messages', () => {
  it('needs an operator token', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/admin/api/messages',
      payload: { brand: DEFAULT_BRAND, title: 'x', body: 'y' },
    });
    expect(response.json()).toMatchObject({ status: false, data: 'operator_token' });
  });

  it('sends, lists with read counts, withdraws, and records each action', async () => {
    const member = await register();
    const reader = await register();
    const personal = await send({ username: member.username.toUpperCase(), title: 'Hi' });
    expect(personal).toMatchObject({
      brand: DEFAULT_BRAND,
      username: member.username,
      category: 'personal',
      readCount: 0,
      withdrawnAt: null,
    });
    const broadcast = await send({ title: 'News' });
    expect(broadcast).toMatchObject({ username: null, category: 'notice' });
    await detail(member, broadcast.id);
    await detail(reader, broadcast.id);

    const sent = await admin('GET', `/admin/api/messages?brand=${DEFAULT_BRAND}&pageSize=100`);
    const items = (sent.body.data as { items: AdminMessage[] }).items;
    expect(items.find((item) => item.id === broadcast.id)?.readCount).toBe(2);
    const ofMember = await admin(
      'GET',
      `/admin/api/messages?brand=${DEFAULT_BRAND}&username=${member.username}`,
    );
    expect(ofMember.body.data).toMatchObject({ total: 1, items: [{ id: personal.id }] });

    const withdrawn = await admin('POST', `/admin/api/messages/${personal.id}/withdraw`, {
      reason: 'sent by mistake',
    });
    expect(withdrawn.body.data).toMatchObject({ id: personal.id, withdrawnAt: expect.any(String) });
    expect((await list(member)).items.map((item) => item.id)).toEqual([broadcast.id]);
    expect((await detail(member, personal.id)).body.data).toBe('message_not_found');
    const again = await admin('POST', `/admin/api/messages/${personal.id}/withdraw`, {});
    expect((again.body.data as AdminMessage).withdrawnAt).toBe(
      (withdrawn.body.data as AdminMessage).withdrawnAt,
    );

    const actions = await harness.database.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.targetId, member.username));
    expect(actions.map((action) => action.action)).toEqual(['message_send']);
    const withdrawals = await harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(eq(operatorActions.targetType, 'message'), eq(operatorActions.targetId, personal.id)),
      );
    expect(withdrawals.map((action) => action.reason)).toEqual(['sent by mistake', null]);
    const broadcasts = await harness.database.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.action, 'message_broadcast'));
    expect(
      broadcasts.some(
        (action) => (action.details as { messageId?: string }).messageId === broadcast.id,
      ),
    ).toBe(true);
  });

  it('refuses an unknown member, brand or message, and bad input', async () => {
    const missing = await admin('POST', '/admin/api/messages', {
      brand: DEFAULT_BRAND,
      username: uniqueUsername('nobody'),
      title: 'x',
      body: 'y',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.data).toBe('member_not_found');
    const brand = await admin('POST', '/admin/api/messages', {
      brand: 'nosuchbrand',
      title: 'x',
      body: 'y',
    });
    expect(brand.body.data).toBe('unknown_site');
    const empty = await admin('POST', '/admin/api/messages', {
      brand: DEFAULT_BRAND,
      title: ' ',
      body: 'y',
    });
    expect(empty.body.data).toBe('validation');
    const unknown = await admin('POST', '/admin/api/messages/999999999999/withdraw', {});
    expect(unknown.body.data).toBe('message_not_found');
  });
});
