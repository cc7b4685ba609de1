import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFeedback, FeedbackTicket, FeedbackTicketDetail } from '@lobby/contracts';
import { feedbackTickets } from './feedback.schema.ts';
import { get, post } from '../../../test/members.ts';
import {
  createWalletTestApp,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const CONTENT = '充值成功但余额没有到账，请帮忙查看';

let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
});
afterAll(async () => {
  await harness.close();
});

async function uploadImage(member: Member, purpose = 'feedback'): Promise<string> {
  const boundary = `----lobby${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/f/v1/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...member.headers },
  });
  const body = response.json<{ status: boolean; data: { id: string } }>();
  if (!body.status) throw new Error(`upload: ${JSON.stringify(body)}`);
  return body.data.id;
}

function create(member: Member, fields: Record<string, string>) {
  return post(
    harness.app,
    '/api/findmed/v1/member/feedback',
    { category: 'deposit', content: CONTENT, ...fields },
    member.headers,
  );
}

async function ticketsOf(member: Member) {
  return harness.database.db
    .select()
    .from(feedbackTickets)
    .where(eq(feedbackTickets.memberId, member.memberId));
}

async function admin(method: 'GET' | 'POST', url: string, body?: object) {
  const response = await harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await harness.operatorToken()}` },
    ...(body === undefined ? {} : { payload: body }),
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown; message?: string }>(),
  };
}

type ListPage = { items: FeedbackTicket[]; total: number; unseenReplies: number };

describe('feedback', () => {
  it('create -> operator reply (unseen) -> member opens it (seen) -> close, all logged', async () => {
    const member = await harness.register();
    const images = [await uploadImage(member), await uploadImage(member)];
    const created = await create(member, { images: images.join(',') });
    expect(created.statusCode).toBe(200);
    const ticket = created.body.data as FeedbackTicketDetail;
    expect(ticket).toMatchObject({
      category: 'deposit',
      categoryName: '充值问题',
      content: CONTENT,
      imageCount: 2,
      status: 'open',
      reply: null,
      replyUnseen: false,
    });
    expect(ticket.images.map((image) => image.id)).toEqual(images);

    // A signed address serves the image to whoever holds it (an <img> sends no token) ...
    const signedImage = ticket.images[0];
    if (!signedImage) throw new Error('no image');
    const served = await harness.app.inject({ method: 'GET', url: signedImage.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // ... and the bare address serves nobody but the owner.
    const bare = await harness.app.inject({ method: 'GET', url: `/api/f/v1/upload/${images[0]}` });
    expect(bare.statusCode).toBe(404);

    const listed = await admin(
      'GET',
      `/admin/api/feedback?brand=${member.brand}&status=open&limit=500`,
    );
    const row = (listed.body.data as AdminFeedback[]).find((item) => item.id === ticket.id);
    expect(row).toMatchObject({ username: member.username, brand: member.brand, status: 'open' });

    const viewed = await admin('GET', `/admin/api/feedback/${ticket.id}`);
    const view = viewed.body.data as AdminFeedback;
    expect(view.images).toHaveLength(2);
    const operatorImage = await harness.app.inject({
      method: 'GET',
      url: view.images[1]?.url ?? '',
    });
    expect(operatorImage.statusCode).toBe(200);

    const replied = await admin('POST', `/admin/api/feedback/${ticket.id}/reply`, {
      reply: '已为您补单，请查收',
    });
    expect(replied.body).toMatchObject({
      status: true,
      data: { status: 'replied', reply: '已为您补单，请查收', replyUnseen: true },
    });

    const unseen = await get(harness.app, '/api/findmed/v1/member/feedback/list', member.headers);
    expect(unseen.body.data).toMatchObject({
      total: 1,
      unseenReplies: 1,
      items: [{ id: ticket.id, status: 'replied', reply: '已为您补单，请查收', replyUnseen: true }],
    });

    const opened = await get(
      harness.app,
      `/api/findmed/v1/member/feedback/detail?id=${ticket.id}`,
      member.headers,
    );
    expect(opened.body.data).toMatchObject({ id: ticket.id, replyUnseen: false, imageCount: 2 });
    const seen = await get(harness.app, '/api/findmed/v1/member/feedback/list', member.headers);
    expect((seen.body.data as ListPage).unseenReplies).toBe(0);
    expect((seen.body.data as ListPage).items[0]?.replyUnseen).toBe(false);

    const closed = await admin('POST', `/admin/api/feedback/${ticket.id}/close`, {
      reason: 'resolved',
    });
    expect(closed.body).toMatchObject({ status: true, data: { status: 'closed' } });
    const closedAgain = await admin('POST', `/admin/api/feedback/${ticket.id}/close`);
    expect(closedAgain.body).toMatchObject({ status: true, data: { status: 'closed' } });
    const late = await admin('POST', `/admin/api/feedback/${ticket.id}/reply`, { reply: 'more' });
    expect(late.statusCode).toBe(409);
    expect(late.body).toMatchObject({ status: false, data: 'feedback_closed' });

    const log = await admin('GET', `/admin/api/actions?targetType=feedback&targetId=${ticket.id}`);
    const actions = (log.body.data as { action: string }[]).map((entry) => entry.action);
    expect(actions.sort()).toEqual(['feedback_close', 'feedback_reply', 'feedback_view']);
  });

  it('answers the member in their language', async () => {
    const member = await harness.register();
    const created = await post(
      harness.app,
      '/api/findmed/v1/member/feedback',
      { category: 'game', content: 'The slot game froze after a spin' },
      { ...member.headers, lang: 'en' },
    );
    expect(created.body.data).toMatchObject({ categoryName: 'Games', images: [] });
  });

  it.each([
    ['an unknown category', { category: 'lottery-win' }, 'feedback_category', 400],
    ['a missing category', { category: '' }, 'feedback_category', 400],
    [
      'short content padded with spaces',
      { content: `   ${'短'.repeat(9)}   ` },
      'feedback_content_length',
      400,
    ],
    ['nine characters', { content: '一二三四五六七八九' }, 'feedback_content_length', 400],
    ['1001 characters', { content: '字'.repeat(1001) }, 'feedback_content_length', 400],
    ['a malformed image id', { images: 'not-an-id' }, 'feedback_image_invalid', 400],
    [
      'an unknown image id',
      { images: '0123456789abcdef0123456789abcdef' },
      'feedback_image_invalid',
      400,
    ],
  ])('refuses %s with its code and creates nothing', async (_label, fields, code, httpStatus) => {
    const member = await harness.register();
    const response = await create(member, fields);
    expect(response.statusCode).toBe(httpStatus);
    expect(response.body).toMatchObject({ status: false, data: code });
    expect(response.body.message).toBeTruthy();
    expect(await ticketsOf(member)).toEqual([]);
  });

  it('refuses four images, someone else’s image, an avatar and a repeated image', async () => {
    const member = await harness.register();
    const other = await harness.register();
    const own = await Promise.all([1, 2, 3, 4].map(() => uploadImage(member)));
    const theirs = await uploadImage(other);
    const avatar = await uploadImage(member, 'avatar');
    const cases: [string, string, string][] = [
      [own.join(','), 'feedback_images_too_many', '最多上传 3 张图片'],
      [`${own[0]},${theirs}`, 'feedback_image_invalid', '图片无效，请重新上传'],
      [avatar, 'feedback_image_invalid', '图片无效，请重新上传'],
      [`${own[0]},${own[0]}`, 'feedback_image_invalid', '图片无效，请重新上传'],
    ];
    for (const [images, code, message] of cases) {
      const response = await create(member, { images });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({ status: false, data: code, message });
    }
    expect(await ticketsOf(member)).toEqual([]);
    // The refusals did not start the 30 s interval: a good ticket goes through.
    const good = await create(member, { images: own.slice(0, 3).join(',') });
    expect(good.body).toMatchObject({ status: true, data: { imageCount: 3 } });
  });

  it('takes one ticket per 30 s per member, even when two arrive at once', async () => {
    const member = await harness.register();
    const [first, second] = await Promise.all([create(member, {}), create(member, {})]);
    const outcomes = [first.body.status, second.body.status].sort();
    expect(outcomes).toEqual([false, true]);
    const refused = first.body.status ? second : first;
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({
      data: 'feedback_too_frequent',
      message: '提交过于频繁，请 30 秒后再试',
    });
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(await ticketsOf(member)).toHaveLength(1);
    // Another member is not held back.
    const other = await harness.register();
    expect((await create(other, {})).body.status).toBe(true);
  });

  it('shows a ticket only to its owner, pages the list, and answers a guest with token', async () => {
    const member = await harness.register();
    const stranger = await harness.register();
    const created = await create(member, {});
    const id = (created.body.data as FeedbackTicket).id;
    const foreign = await get(
      harness.app,
      `/api/findmed/v1/member/feedback/detail?id=${id}`,
      stranger.headers,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toMatchObject({ status: false, data: 'feedback_not_found' });
    const strangerList = await get(
      harness.app,
      '/api/findmed/v1/member/feedback/list',
      stranger.headers,
    );
    expect(strangerList.body.data).toMatchObject({ total: 0, items: [], unseenReplies: 0 });

    // A second ticket, written 31 s ago as far as the interval is concerned.
    await harness.database.db
      .update(feedbackTickets)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(feedbackTickets.memberId, member.memberId));
    const second = await create(member, { category: 'other' });
    expect(second.body.status).toBe(true);
    const page = await get(
      harness.app,
      '/api/findmed/v1/member/feedback/list?page=2&pageSize=1',
      member.headers,
    );
    expect(page.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id }] });

    const guest = await get(harness.app, '/api/findmed/v1/member/feedback/list');
    expect(guest.statusCode).toBe(401);
    expect(guest.body).toMatchObject({ status: false, data: 'token' });
    const guestCreate = await post(harness.app, '/api/findmed/v1/member/feedback', {
      category: 'deposit',
      content: CONTENT,
    });
    expect(guestCreate.body).toMatchObject({ status: false, data: 'token' });
  });

  it('lists per brand and status for operators, and refuses callers without a token', async () => {
    const brand = await harness.createBrand({});
    const member = await harness.register({ brand });
    const created = await create(member, {});
    const id = (created.body.data as FeedbackTicket).id;
    const elsewhere = await admin(
      'GET',
      '/admin/api/feedback?brand=jinsheng&status=open&limit=500',
    );
    expect((elsewhere.body.data as AdminFeedback[]).some((item) => item.id === id)).toBe(false);
    const replied = await admin('GET', `/admin/api/feedback?brand=${brand}&status=replied`);
    expect(replied.body.data).toEqual([]);
    const open = await admin('GET', `/admin/api/feedback?brand=${brand}`);
    expect(open.body.data).toMatchObject([{ id, brand, username: member.username }]);

    const missing = await admin('GET', '/admin/api/feedback/999999999999');
    expect(missing.body).toMatchObject({ status: false, data: 'feedback_not_found' });
    const empty = await admin('POST', `/admin/api/feedback/${id}/reply`, { reply: '  ' });
    expect(empty.body).toMatchObject({ status: false, data: 'validation' });
    const anonymous = await harness.app.inject({ method: 'GET', url: `/admin/api/feedback/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
