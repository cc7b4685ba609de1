import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatConversation, ChatMessage } from '@lobby/contracts';
import { operatorActions, operators } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { operatorCall, type OperatorAnswer } from '../../../test/operators.ts';
import { post } from '../../../test/members.ts';
import { createWalletTestApp, type WalletTestApp } from '../../money/withdrawal/wallet-test-app.ts';
import { chatCannedReplies, chatMessages } from './chat.schema.ts';

/**
 * The customer service console's calls: canned replies per brand and language (kept by the
 * agents, action logged), transfer to another agent, the agent's images, and the member's
 * context beside the conversation, each within the operator's brands.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BRAND = 'jinsheng';

let harness: WalletTestApp;
/** Two agents of the brand, one of another brand, and an operator without chat.answer. */
let agentA: { username: string; token: string };
let agentB: { username: string; token: string };
let outsider: { username: string; token: string };
let contentEditor: { username: string; token: string };

beforeAll(async () => {
  harness = await createWalletTestApp();
  agentA = await createOperator(harness, { role: 'customer_service', brands: [BRAND] });
  agentB = await createOperator(harness, { role: 'customer_service', brands: [BRAND] });
  outsider = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
  contentEditor = await createOperator(harness, { role: 'content', brands: [BRAND] });
  // A shared machine: the app and four logins (with their TOTP enrolment) take a while.
}, 240_000);
afterAll(async () => {
  await harness.close();
});

function clientId(): string {
  return `c${randomBytes(8).toString('hex')}`;
}

function imageForm(fields: Record<string, string>, file: Buffer) {
  const boundary = `----lobby${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(url: string, headers: Record<string, string>, file: Buffer = PNG) {
  const form = imageForm({ clientMessageId: clientId() }, file);
  const response = await harness.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { 'content-type': form.contentType, ...headers },
  });
  return { statusCode: response.statusCode, body: response.json<OperatorAnswer['body']>() };
}

/** A member's new conversation, opened by an image sent over REST, waiting in the queue. */
async function memberConversation() {
  const member = await harness.register();
  const sent = await upload('/api/findmed/v1/chat/image', member.headers);
  expect(sent.body.status).toBe(true);
  return { member, conversationId: (sent.body.data as ChatMessage).conversationId };
}

async function lastAction(action: string) {
  const rows = await harness.database.db
    .select()
    .from(operatorActions)
    .where(eq(operatorActions.action, action))
    .orderBy(desc(operatorActions.id))
    .limit(1);
  return rows[0];
}

describe('canned replies', () => {
  it('are kept per brand and language by the agents, each change in the action log', async () => {
    const created = await operatorCall(
      harness.app,
      'POST',
      '/admin/api/chat/canned-replies',
      agentA.token,
      {
        brand: BRAND,
        language: 'en',
        title: 'Greeting',
        body: 'Hello, how can I help?',
      },
    );
    expect(created.body.status).toBe(true);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({
      brand: BRAND,
      language: 'en',
      sort: 0,
      updatedBy: agentA.username,
    });
    expect(await lastAction('chat_canned_create')).toMatchObject({
      brandCode: BRAND,
      targetId: id,
      details: { before: null, after: { title: 'Greeting', body: 'Hello, how can I help?' } },
    });
    await operatorCall(harness.app, 'POST', '/admin/api/chat/canned-replies', agentA.token, {
      brand: BRAND,
      language: 'zh-CN',
      title: '问候',
      body: '您好，请问有什么可以帮您？',
    });

    const english = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/chat/canned-replies?brand=${BRAND}&language=en`,
      agentB.token,
    );
    expect(english.body.data.map((row: { title: string }) => row.title)).toEqual(['Greeting']);
    const all = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/chat/canned-replies?brand=${BRAND}`,
      agentB.token,
    );
    expect(all.body.data.length).toBeGreaterThanOrEqual(2);

    const changed = await operatorCall(
      harness.app,
      'PUT',
      `/admin/api/chat/canned-replies/${id}`,
      agentB.token,
      {
        body: 'Hello! How may I help you today?',
        sort: 5,
      },
    );
    expect(changed.body.data).toMatchObject({
      body: 'Hello! How may I help you today?',
      sort: 5,
      updatedBy: agentB.username,
    });
    expect((await lastAction('chat_canned_update'))?.details).toEqual({
      before: { body: 'Hello, how can I help?', sort: 0 },
      after: { body: 'Hello! How may I help you today?', sort: 5 },
    });

    const removed = await operatorCall(
      harness.app,
      'DELETE',
      `/admin/api/chat/canned-replies/${id}`,
      agentA.token,
    );
    expect(removed.body).toEqual({ status: true, data: { id } });
    expect((await lastAction('chat_canned_delete'))?.targetId).toBe(id);
    const again = await operatorCall(
      harness.app,
      'DELETE',
      `/admin/api/chat/canned-replies/${id}`,
      agentA.token,
    );
    expect(again.body.data).toBe('chat_canned_not_found');
  });

  it('refuse bad input, other brands and operators without chat.answer, changing nothing', async () => {
    const count = async () =>
      Number(
        (
          await harness.database.db
            .select({ count: sql<number>`count(*)::int` })
            .from(chatCannedReplies)
        )[0]?.count,
      );
    const before = await count();
    const blank = await operatorCall(
      harness.app,
      'POST',
      '/admin/api/chat/canned-replies',
      agentA.token,
      {
        brand: BRAND,
        language: 'en',
        title: '   ',
        body: 'x',
      },
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.body.data).toBe('validation');
    const badLanguage = await operatorCall(
      harness.app,
      'POST',
      '/admin/api/chat/canned-replies',
      agentA.token,
      {
        brand: BRAND,
        language: 'fr',
        title: 'Hi',
        body: 'Hi',
      },
    );
    expect(badLanguage.body.data).toBe('validation');
    const otherBrand = await operatorCall(
      harness.app,
      'POST',
      '/admin/api/chat/canned-replies',
      outsider.token,
      {
        brand: BRAND,
        language: 'en',
        title: 'Hi',
        body: 'Hi',
      },
    );
    expect(otherBrand.statusCode).toBe(403);
    const noPermission = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/chat/canned-replies?brand=${BRAND}`,
      contentEditor.token,
    );
    expect(noPermission.statusCode).toBe(403);
    expect(await count()).toBe(before);

    const kept = await operatorCall(
      harness.app,
      'POST',
      '/admin/api/chat/canned-replies',
      agentA.token,
      {
        brand: BRAND,
        language: 'zh-TW',
        title: '稍候',
        body: '請稍候',
      },
    );
    const id = kept.body.data.id as string;
    const foreign = await operatorCall(
      harness.app,
      'PUT',
      `/admin/api/chat/canned-replies/${id}`,
      outsider.token,
      { title: 'x' },
    );
    // Another brand's reply is, to this operator, one that does not exist.
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.data).toBe('chat_canned_not_found');
    const empty = await operatorCall(
      harness.app,
      'PUT',
      `/admin/api/chat/canned-replies/${id}`,
      agentA.token,
      {},
    );
    expect(empty.body.data).toBe('validation');
    const notAnId = await operatorCall(
      harness.app,
      'PUT',
      '/admin/api/chat/canned-replies/abc',
      agentA.token,
      { title: 'x' },
    );
    expect(notAnId.body).toMatchObject({ status: false, data: 'validation' });
    const rows = await harness.database.db
      .select()
      .from(chatCannedReplies)
      .where(eq(chatCannedReplies.id, BigInt(id)));
    expect(rows[0]?.title).toBe('稍候');
  });
});

describe('transfer', () => {
  it('hands a conversation to another agent of the brand, who then answers it', async () => {
    const { conversationId } = await memberConversation();
    const take = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/take`,
      agentA.token,
    );
    expect(take.body.status).toBe(true);

    const targets = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/chat/operators?brand=${BRAND}`,
      agentA.token,
    );
    const names = targets.body.data.map((row: { username: string }) => row.username);
    expect(names).toEqual(expect.arrayContaining([agentA.username, agentB.username]));
    expect(names).not.toContain(outsider.username);
    expect(names).not.toContain(contentEditor.username);
    const idOf = (username: string) =>
      (targets.body.data as { id: string; username: string }[]).find(
        (row) => row.username === username,
      )?.id;

    // Not to someone without chat.answer in the brand, not to oneself, not by someone else.
    const toEditor = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/transfer`,
      agentA.token,
      {
        operatorId: String(
          (
            await harness.database.db
              .select({ id: operators.id })
              .from(operators)
              .where(eq(operators.username, contentEditor.username))
          )[0]?.id,
        ),
      },
    );
    expect(toEditor.body.data).toBe('chat_transfer_target');
    const toSelf = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/transfer`,
      agentA.token,
      {
        operatorId: idOf(agentA.username),
      },
    );
    expect(toSelf.body.data).toBe('chat_transfer_target');
    const byOther = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/transfer`,
      agentB.token,
      {
        operatorId: idOf(agentA.username),
      },
    );
    expect(byOther.body.data).toBe('chat_not_assigned');
    const foreign = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/transfer`,
      outsider.token,
      {
        operatorId: idOf(agentB.username),
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.data).toBe('chat_conversation_not_found');

    const moved = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/transfer`,
      agentA.token,
      {
        operatorId: idOf(agentB.username),
        reason: 'withdrawal question',
      },
    );
    expect(moved.body.status).toBe(true);
    const conversation = moved.body.data as AdminChatConversation;
    expect(conversation).toMatchObject({ status: 'open', operatorName: agentB.username });
    expect(conversation.lastMessage).toMatchObject({
      sender: 'system',
      body: 'joined',
      operatorName: agentB.username,
    });
    expect(await lastAction('chat_transfer')).toMatchObject({
      brandCode: BRAND,
      targetId: conversationId,
      reason: 'withdrawal question',
      details: { before: { operator: agentA.username }, after: { operator: agentB.username } },
    });

    const fromA = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/messages`,
      agentA.token,
      {
        body: 'still here?',
        clientMessageId: clientId(),
      },
    );
    expect(fromA.body.data).toBe('chat_not_assigned');
    const fromB = await operatorCall(
      harness.app,
      'POST',
      `/admin/api/chat/${conversationId}/messages`,
      agentB.token,
      {
        body: 'I will check your withdrawal',
        clientMessageId: clientId(),
      },
    );
    expect(fromB.body.data).toMatchObject({ sender: 'operator', operatorName: agentB.username });
  });
});

describe('operator images', () => {
  it('are sent by the agent serving the conversation, judged by content', async () => {
    const { conversationId } = await memberConversation();
    const url = `/admin/api/chat/${conversationId}/image`;
    const early = await upload(url, { authorization: `Bearer ${agentA.token}` });
    expect(early.body.data).toBe('chat_not_assigned');
    await operatorCall(harness.app, 'POST', `/admin/api/chat/${conversationId}/take`, agentA.token);
    const countImages = async () =>
      (
        await harness.database.db
          .select()
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.conversationId, BigInt(conversationId)),
              eq(chatMessages.sender, 'operator'),
            ),
          )
      ).length;

    const notImage = await upload(
      url,
      { authorization: `Bearer ${agentA.token}` },
      Buffer.from('not an image at all'),
    );
    expect(notImage.body.data).toBe('upload_type');
    expect(await countImages()).toBe(0);

    const sent = await upload(url, { authorization: `Bearer ${agentA.token}` });
    expect(sent.body.status).toBe(true);
    const message = sent.body.data as ChatMessage;
    expect(message).toMatchObject({ sender: 'operator', body: '', operatorName: agentA.username });
    expect(message.image?.url).toMatch(/signature=/);
    expect(await countImages()).toBe(1);
    // The member's site serves it on the signed address.
    const image = await harness.app.inject({ method: 'GET', url: message.image?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const foreign = await upload(url, { authorization: `Bearer ${outsider.token}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.data).toBe('chat_conversation_not_found');
  });
});

describe('member context', () => {
  it('shows the member beside the conversation: profile, balance, orders, open tickets', async () => {
    const { member, conversationId } = await memberConversation();
    await harness.deposit(member, 12_345n);
    const ticket = await post(
      harness.app,
      '/api/findmed/v1/member/feedback',
      { category: 'withdrawal', content: 'My withdrawal has not arrived yet, please check' },
      member.headers,
    );
    expect(ticket.body.status).toBe(true);

    const answer = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/chat/${conversationId}/context`,
      agentB.token,
    );
    expect(answer.body.status).toBe(true);
    const { conversation, member: context } = answer.body.data;
    expect(conversation).toMatchObject({ id: conversationId, status: 'waiting' });
    expect(context.id).toBe(String(member.memberId));
    expect(context.profile.username).toBe(member.username);
    expect(context.balance).toMatchObject({ balance: '123.45' });
    expect(context.deposits).toEqual([]);
    expect(context.withdrawals).toEqual([]);
    expect(context.openTickets).toHaveLength(1);
    expect(context.openTickets[0]).toMatchObject({ category: 'withdrawal', status: 'open' });

    const foreign = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/chat/${conversationId}/context`,
      outsider.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.data).toBe('chat_conversation_not_found');
    const missing = await operatorCall(
      harness.app,
      'GET',
      '/admin/api/chat/999999999/context',
      agentB.token,
    );
    expect(missing.body.data).toBe('chat_conversation_not_found');
  });

  it('has no member for a guest', async () => {
    const start = await post(harness.app, '/api/findmed/v1/chat/start', {});
    const guestToken = (start.body.data as { guestToken: string }).guestToken;
    const form = imageForm({ clientMessageId: clientId(), guestToken }, PNG);
    const sent = await harness.app.inject({
      method: 'POST',
      url: '/api/findmed/v1/chat/image',
      payload: form.payload,
      headers: { 'content-type': form.contentType },
    });
    const conversationId = sent.json<{ data: ChatMessage }>().data.conversationId;
    const answer = await operatorCall(
      harness.app,
      'GET',
      `/admin/api/chat/${conversationId}/context`,
      agentA.token,
    );
    expect(answer.body.data.member).toBeNull();
    expect(answer.body.data.conversation.visitorKind).toBe('guest');
  });
});
