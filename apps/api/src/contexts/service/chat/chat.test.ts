import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_FRAME_MAX_BYTES,
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_RATE_LIMIT,
  CHAT_VISITOR_LIMITS,
  CHAT_SOCKET_PATH,
  type AdminChatConversation,
  type ChatConversation,
  type ChatMessage,
} from '@lobby/contracts';
import { buildApp } from '../../../app.ts';
import { openCache, type Cache } from '../../../cache/index.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { uploads } from '../../identity/upload/upload.schema.ts';
import { chatConversations, chatMessages } from './chat.schema.ts';
import { createLogger } from '../../../lib/logger.ts';
import { silentLogger } from '../../../test/logger.ts';
import { get, post } from '../../../test/members.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { CHAT_IDLE } from './chat-idle-sweep.ts';
import {
  createWalletTestApp,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';
import { operatorLogin } from '../../../test/operators.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Frame = Record<string, unknown> & { type: string };

/** A WebSocket client that keeps every frame, so a test can wait for the one it expects. */
class TestSocket {
  readonly frames: Frame[] = [];
  readonly socket: WebSocket;
  closeCode: number | null = null;
  #waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  #closed: Promise<number>;

  private constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as Frame;
      this.frames.push(frame);
      for (const waiter of [...this.#waiters]) {
        if (waiter.match(frame)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    this.#closed = new Promise((resolve) => {
      this.socket.addEventListener('close', (event) => {
        this.closeCode = event.code;
        resolve(event.code);
      });
    });
  }

  static async open(base: string, query = ''): Promise<TestSocket> {
    const client = new TestSocket(`${base.replace('http', 'ws')}${CHAT_SOCKET_PATH}${query}`);
    await new Promise<void>((resolve, reject) => {
      client.socket.addEventListener('open', () => resolve(), { once: true });
      client.socket.addEventListener('error', () => reject(new Error('socket failed')), {
        once: true,
      });
    });
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or coming) that matches. */
  next(match: (frame: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no matching frame; got ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      this.#waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          // Taken by this waiter: later waits look for the next one.
          this.frames.splice(this.frames.indexOf(frame), 1);
          resolve(frame);
        },
      });
    });
  }

  closed(): Promise<number> {
    return this.#closed;
  }

  close(): void {
    this.socket.close();
  }
}

const ofType = (type: string) => (frame: Frame) => frame.type === type;
const errorCode = (code: string) => (frame: Frame) => frame.type === 'error' && frame.code === code;

let harness: WalletTestApp;
let base: string;
let operatorHeaders: Record<string, string>;

async function loginOperator(app: FastifyInstance): Promise<Record<string, string>> {
  const name = `chat${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(name, 'operator-pass-1');
  const loginToken = await operatorLogin(app, { username: name, password: 'operator-pass-1' });
  return { authorization: `Bearer ${loginToken}` };
}

beforeAll(async () => {
  harness = await createWalletTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  operatorHeaders = await loginOperator(harness.app);
});
afterAll(async () => {
  await harness.close();
});

type Start = {
  conversation: ChatConversation | null;
  guestToken: string | null;
  ticket: string;
};

async function start(fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const answer = await post(harness.app, '/api/findmed/v1/chat/start', fields, headers);
  if (!answer.body.status) throw new Error(`start: ${JSON.stringify(answer.body)}`);
  return answer.body.data as Start;
}

/** A connected and authenticated visitor socket. */
async function visitorSocket(start: Start, url = base): Promise<TestSocket> {
  const socket = await TestSocket.open(url);
  socket.send({ type: 'auth', ticket: start.ticket });
  await socket.next(ofType('ready'));
  return socket;
}

function clientId(): string {
  return `c${randomBytes(8).toString('hex')}`;
}

async function sendText(socket: TestSocket, body: string, extra: Record<string, string> = {}) {
  const id = clientId();
  socket.send({ type: 'send', clientMessageId: id, body, ...extra });
  const frame = await socket.next(
    (candidate) =>
      (candidate.type === 'sent' || candidate.type === 'error') && candidate.clientMessageId === id,
  );
  return { id, frame };
}

async function admin(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await harness.app.inject({
    method,
    url,
    headers: operatorHeaders,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown }>(),
  };
}

async function messagesIn(conversationId: string) {
  return harness.database.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, BigInt(conversationId)));
}

async function messageCount(): Promise<number> {
  const rows = await harness.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages);
  return Number(rows[0]?.count ?? 0);
}

async function conversationCount(): Promise<number> {
  const rows = await harness.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatConversations);
  return Number(rows[0]?.count ?? 0);
}

function imageForm(fields: Record<string, string>, file: Buffer = PNG) {
  const boundary = `----lobby${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function sendImage(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  file: Buffer = PNG,
) {
  const form = imageForm(fields, file);
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/findmed/v1/chat/image',
    payload: form.payload,
    headers: { 'content-type': form.contentType, ...headers },
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown }>(),
  };
}

describe('a guest', () => {
  it('chats with an operator, and a reload resumes the same conversation', async () => {
    const first = await start();
    expect(first.guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.conversation).toBeNull();
    const socket = await visitorSocket(first);

    const { frame } = await sendText(socket, '  你好，我的充值没到账  ');
    expect(frame.type).toBe('sent');
    const sent = frame.message as ChatMessage;
    expect(sent).toMatchObject({ sender: 'visitor', body: '你好，我的充值没到账', image: null });
    const conversation = frame.conversation as ChatConversation;
    expect(conversation.status).toBe('waiting');

    // The operator sees it in the brand's queue, with the guest's display name.
    const queue = await admin('GET', '/admin/api/chat/queue?brand=jinsheng');
    const waiting = (queue.body.data as { waiting: AdminChatConversation[] }).waiting;
    const queued = waiting.find((item) => item.id === conversation.id);
    expect(queued).toMatchObject({ visitorKind: 'guest', operatorUnread: 1, status: 'waiting' });
    expect(queued?.displayName).toMatch(/^访客 [0-9A-F]{4}$/);
    expect(queued?.lastMessage?.body).toBe('你好，我的充值没到账');

    const taken = await admin('POST', `/admin/api/chat/${conversation.id}/take`);
    expect(taken.body.status).toBe(true);
    const joined = await socket.next(
      (candidate) =>
        candidate.type === 'message' && (candidate.message as ChatMessage).sender === 'system',
    );
    expect(joined.message).toMatchObject({ body: 'joined' });
    expect((joined.conversation as ChatConversation).status).toBe('open');

    const reply = await admin('POST', `/admin/api/chat/${conversation.id}/messages`, {
      body: '您好，请提供订单号',
      clientMessageId: clientId(),
    });
    expect(reply.body.status).toBe(true);
    const pushed = await socket.next(
      (candidate) =>
        candidate.type === 'message' && (candidate.message as ChatMessage).sender === 'operator',
    );
    expect(pushed.message).toMatchObject({ body: '您好，请提供订单号' });
    socket.close();

    // A reload: the same token resumes the conversation, and no new token is issued.
    const again = await start({ guestToken: first.guestToken ?? '' });
    expect(again.guestToken).toBeNull();
    expect(again.conversation?.id).toBe(conversation.id);
    expect(again.conversation?.unread).toBe(2);
    const history = await post(harness.app, '/api/findmed/v1/chat/history', {
      guestToken: first.guestToken ?? '',
      conversationId: conversation.id,
    });
    const page = history.body.data as { messages: ChatMessage[]; hasMore: boolean };
    expect(page.messages.map((message) => message.sender)).toEqual([
      'visitor',
      'system',
      'operator',
    ]);
    expect(page.hasMore).toBe(false);

    // Another guest cannot read it.
    const stranger = await start();
    const refused = await post(harness.app, '/api/findmed/v1/chat/history', {
      guestToken: stranger.guestToken ?? '',
      conversationId: conversation.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body.data).toBe('chat_conversation_not_found');
  });

  it('needs a valid guest token where there is no session', async () => {
    const missing = await post(harness.app, '/api/findmed/v1/chat/unread', {});
    expect(missing.body.data).toBe('chat_guest_token');
    const wrong = await post(harness.app, '/api/findmed/v1/chat/start', { guestToken: 'short' });
    expect(wrong.statusCode).toBe(400);
    const expired = await post(
      harness.app,
      '/api/findmed/v1/chat/start',
      {},
      { t: 'x'.repeat(43) },
    );
    expect(expired.body.data).toBe('token');
  });
});

describe('a member', () => {
  let member: Member;
  beforeAll(async () => {
    member = await harness.register();
  });

  it('resends after a reconnect without doubling, and reads unread replies', async () => {
    const first = await start({}, member.headers);
    expect(first.guestToken).toBeNull();
    let socket = await visitorSocket(first);
    const id = clientId();
    socket.send({ type: 'send', clientMessageId: id, body: '提款什么时候到账？' });
    const sent = await socket.next(ofType('sent'));
    const message = sent.message as ChatMessage;
    const conversationId = message.conversationId;
    socket.close();

    // The connection dropped before the client saw the answer: it resends with the same id.
    socket = await visitorSocket(await start({}, member.headers));
    socket.send({ type: 'send', clientMessageId: id, body: '提款什么时候到账？' });
    const again = await socket.next(ofType('sent'));
    expect((again.message as ChatMessage).id).toBe(message.id);
    socket.send({
      type: 'send',
      clientMessageId: id,
      body: '提款什么时候到账？',
      conversationId,
    });
    expect(((await socket.next(ofType('sent'))).message as ChatMessage).id).toBe(message.id);
    expect(await messagesIn(conversationId)).toHaveLength(1);

    // The operator replies: two unread (the joined notice and the reply) until read.
    await admin('POST', `/admin/api/chat/${conversationId}/take`);
    const reply = await admin('POST', `/admin/api/chat/${conversationId}/messages`, {
      body: '一般 10 分钟内到账',
      clientMessageId: clientId(),
    });
    const replyId = (reply.body.data as ChatMessage).id;
    const unread = await post(harness.app, '/api/findmed/v1/chat/unread', {}, member.headers);
    expect(unread.body.data).toEqual({ unread: 2, conversationId });
    const queue = await admin('GET', '/admin/api/chat/queue?brand=jinsheng');
    const open = (queue.body.data as { open: AdminChatConversation[] }).open;
    expect(open.find((item) => item.id === conversationId)).toMatchObject({
      visitorKind: 'member',
      displayName: member.username,
      operatorUnread: 0,
    });

    const read = await post(
      harness.app,
      '/api/findmed/v1/chat/read',
      { conversationId, lastId: replyId },
      member.headers,
    );
    expect(read.body.data).toMatchObject({ unread: 0, visitorReadId: replyId });
    // The operator's socket is told; a mark beyond the last message stops at it.
    const later = await post(
      harness.app,
      '/api/findmed/v1/chat/read',
      { conversationId, lastId: '999999999' },
      member.headers,
    );
    expect((later.body.data as ChatConversation).visitorReadId).toBe(replyId);
    expect(
      (await post(harness.app, '/api/findmed/v1/chat/unread', {}, member.headers)).body.data,
    ).toEqual({ unread: 0, conversationId });

    // A new visitor message is unread for the operators until they mark it.
    const { frame } = await sendText(socket, '好的，谢谢', { conversationId });
    const visitorMessageId = (frame.message as ChatMessage).id;
    const beforeRead = await admin('GET', `/admin/api/chat/${conversationId}/messages`);
    expect(
      (beforeRead.body.data as { conversation: AdminChatConversation }).conversation.operatorUnread,
    ).toBe(1);
    socket.send({ type: 'ping' });
    await socket.next(ofType('pong'));
    const marked = await admin('POST', `/admin/api/chat/${conversationId}/read`, {
      lastId: visitorMessageId,
    });
    expect((marked.body.data as AdminChatConversation).operatorUnread).toBe(0);
    const readFrame = await socket.next(
      (candidate) => candidate.type === 'read' && candidate.side === 'operator',
    );
    expect(readFrame).toMatchObject({ lastId: visitorMessageId });

    // Closing tells the visitor and is logged; the next message opens a new conversation.
    const closed = await admin('POST', `/admin/api/chat/${conversationId}/close`, {
      reason: 'solved',
    });
    expect((closed.body.data as AdminChatConversation).status).toBe('closed');
    const notice = await socket.next(
      (candidate) =>
        candidate.type === 'message' && (candidate.message as ChatMessage).body === 'closed',
    );
    expect((notice.conversation as ChatConversation).status).toBe('closed');
    const refused = await sendText(socket, '还有一个问题', { conversationId });
    expect(refused.frame).toMatchObject({ type: 'error', code: 'chat_conversation_closed' });
    const fresh = await sendText(socket, '还有一个问题');
    expect((fresh.frame.message as ChatMessage).conversationId).not.toBe(conversationId);
    const actions = await harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.targetType, 'chat_conversation'),
          eq(operatorActions.targetId, conversationId),
        ),
      );
    expect(actions.map((action) => action.action).sort()).toEqual(['chat_close', 'chat_take']);
    socket.close();
  });

  it('sends images that only the conversation’s visitor and operators can open', async () => {
    const other = await harness.register();
    const sent = await sendImage({ clientMessageId: clientId() }, member.headers);
    expect(sent.body.status).toBe(true);
    const message = sent.body.data as ChatMessage;
    expect(message.image?.url).toMatch(/\?expires=\d+&signature=/);
    const imageId = message.image?.id ?? '';

    const signed = await harness.app.inject({ method: 'GET', url: message.image?.url ?? '' });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    const unsigned = await get(harness.app, `/api/f/v1/upload/${imageId}`, other.headers);
    expect(unsigned.statusCode).toBe(404);
    const anonymous = await get(harness.app, `/api/f/v1/upload/${imageId}`);
    expect(anonymous.statusCode).toBe(404);
    // Operators get it signed in the history.
    const history = await admin('GET', `/admin/api/chat/${message.conversationId}/messages`);
    const seen = (history.body.data as { messages: ChatMessage[] }).messages.find(
      (candidate) => candidate.id === message.id,
    );
    expect(seen?.image?.url).toMatch(/signature=/);

    // A guest cannot put an image into the member's conversation; nothing is stored.
    const guest = await start();
    const uploadsBefore = await harness.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(uploads);
    const messagesBefore = await messageCount();
    const intruder = await sendImage({
      clientMessageId: clientId(),
      conversationId: message.conversationId,
      guestToken: guest.guestToken ?? '',
    });
    expect(intruder.statusCode).toBe(404);
    expect(intruder.body.data).toBe('chat_conversation_not_found');
    const notImage = await sendImage(
      { clientMessageId: clientId() },
      member.headers,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.body.data).toBe('upload_type');
    const tooBig = await sendImage(
      { clientMessageId: clientId() },
      member.headers,
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]),
    );
    expect(tooBig.statusCode).toBe(413);
    const noId = await sendImage({}, member.headers);
    expect(noId.statusCode).toBe(400);
    const uploadsAfter = await harness.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(uploads);
    expect(uploadsAfter[0]?.count).toBe(uploadsBefore[0]?.count);
    expect(await messageCount()).toBe(messagesBefore);

    // A guest's own image works, and is theirs alone.
    const own = await sendImage({
      clientMessageId: clientId(),
      guestToken: guest.guestToken ?? '',
    });
    expect(own.body.status).toBe(true);
  });
});

describe('the operators', () => {
  it('take a conversation once when two try at the same moment', async () => {
    const guest = await start();
    const socket = await visitorSocket(guest);
    const { frame } = await sendText(socket, '有人吗');
    const conversationId = (frame.message as ChatMessage).conversationId;
    socket.close();
    const second = await loginOperator(harness.app);
    const [a, b] = await Promise.all([
      harness.app.inject({
        method: 'POST',
        url: `/admin/api/chat/${conversationId}/take`,
        headers: operatorHeaders,
      }),
      harness.app.inject({
        method: 'POST',
        url: `/admin/api/chat/${conversationId}/take`,
        headers: second,
      }),
    ]);
    const outcomes = [a, b].map((response) => response.json<{ data: unknown }>().data);
    const won = outcomes.filter((data) => typeof data === 'object');
    expect(won).toHaveLength(1);
    expect(outcomes.filter((data) => data === 'chat_already_taken')).toHaveLength(1);
    const loser = a.statusCode === 409 ? operatorHeaders : second;
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const joined = (await messagesIn(conversationId)).filter((row) => row.sender === 'system');
    expect(joined).toHaveLength(1);
    // The loser cannot reply in it.
    const refused = await harness.app.inject({
      method: 'POST',
      url: `/admin/api/chat/${conversationId}/messages`,
      headers: loser,
      payload: { body: '我来', clientMessageId: clientId() },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ data: string }>().data).toBe('chat_not_assigned');
    const takes = await harness.database.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.targetType, 'chat_conversation'),
          eq(operatorActions.targetId, conversationId),
        ),
      );
    expect(takes.filter((action) => action.action === 'chat_take')).toHaveLength(1);
  });

  it('need a token, a known brand and a known conversation', async () => {
    const noToken = await harness.app.inject({
      method: 'GET',
      url: '/admin/api/chat/queue?brand=jinsheng',
    });
    expect(noToken.statusCode).toBe(401);
    expect((await admin('GET', '/admin/api/chat/queue?brand=nope')).body.data).toBe('unknown_site');
    const missing = await admin('POST', '/admin/api/chat/999999999/take');
    expect(missing.statusCode).toBe(404);
    expect(missing.body.data).toBe('chat_conversation_not_found');
    const badId = await admin('POST', '/admin/api/chat/abc/take');
    expect(badId.statusCode).toBe(400);
  });

  it('watch the brand on their own socket and reply over it', async () => {
    const token = operatorHeaders.authorization?.replace('Bearer ', '') ?? '';
    const operatorSocket = await TestSocket.open(base);
    operatorSocket.send({ type: 'operatorAuth', operatorToken: token, brand: 'jinsheng' });
    await operatorSocket.next(ofType('ready'));
    const guest = await start();
    const socket = await visitorSocket(guest);
    const { frame } = await sendText(socket, '请问怎么提现');
    const conversationId = (frame.message as ChatMessage).conversationId;
    const seen = await operatorSocket.next(
      (candidate) =>
        candidate.type === 'message' &&
        (candidate.message as ChatMessage).conversationId === conversationId,
    );
    expect((seen.conversation as AdminChatConversation).displayName).toMatch(/^访客/);
    socket.send({ type: 'typing' });
    await operatorSocket.next(
      (candidate) => candidate.type === 'typing' && candidate.conversationId === conversationId,
    );
    await admin('POST', `/admin/api/chat/${conversationId}/take`);
    const replyId = clientId();
    operatorSocket.send({ type: 'send', conversationId, clientMessageId: replyId, body: '请稍等' });
    const ack = await operatorSocket.next(ofType('sent'));
    expect(ack.message).toMatchObject({ sender: 'operator', body: '请稍等' });
    await socket.next(
      (candidate) =>
        candidate.type === 'message' && (candidate.message as ChatMessage).body === '请稍等',
    );
    operatorSocket.close();
    socket.close();
  });
});

describe('idle conversations', () => {
  it('are ended by the chat-idle sweep, once, with a message the visitor sees', async () => {
    const idle = await start();
    const idleSocket = await visitorSocket(idle);
    const idleConversation = (await sendText(idleSocket, '有人吗')).frame
      .conversation as ChatConversation;
    const live = await start();
    const liveSocket = await visitorSocket(live);
    const liveConversation = (await sendText(liveSocket, '我还在')).frame
      .conversation as ChatConversation;
    // Nobody wrote in the first one for three hours.
    await harness.database.db
      .update(chatConversations)
      .set({ lastMessageAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(chatConversations.id, BigInt(idleConversation.id)));

    const sweep = harness.app.sweeps.find((candidate) => candidate.name === CHAT_IDLE);
    expect(sweep?.intervalMs).toBe(10 * 60 * 1000);
    const context = {
      db: harness.database.db,
      cursor: {},
      saveCursor: async () => {},
      resumed: false,
      signal: new AbortController().signal,
      log: silentLogger as unknown as FastifyBaseLogger,
    };
    await sweep?.run(context);
    await sweep?.run(context);

    const frame = await idleSocket.next(
      (candidate) =>
        candidate.type === 'message' && (candidate.message as ChatMessage).sender === 'system',
    );
    expect(frame.message).toMatchObject({ sender: 'system', body: 'idle' });
    expect((frame.conversation as ChatConversation).status).toBe('closed');
    const system = (await messagesIn(idleConversation.id)).filter(
      (message) => message.sender === 'system',
    );
    expect(system).toHaveLength(1);
    const [liveRow] = await harness.database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, BigInt(liveConversation.id)));
    expect(liveRow?.status).toBe('waiting');
    idleSocket.close();
    liveSocket.close();
  });
});

describe('bad input', () => {
  it('refuses every bad frame with a code and stores nothing', async () => {
    const guest = await start();
    const socket = await TestSocket.open(base);
    socket.send({ type: 'send', clientMessageId: clientId(), body: 'hello' });
    await socket.next(errorCode('chat_auth_required'));
    socket.send('not json');
    await socket.next(errorCode('chat_frame_invalid'));
    socket.send({ type: 'auth', ticket: guest.ticket });
    await socket.next(ofType('ready'));

    const before = await messageCount();
    const conversationsBefore = await conversationCount();
    expect((await sendText(socket, '   ')).frame).toMatchObject({ code: 'chat_message_empty' });
    expect((await sendText(socket, '字'.repeat(CHAT_MESSAGE_MAX_CHARS + 1))).frame).toMatchObject({
      code: 'chat_message_too_long',
    });
    expect((await sendText(socket, 'hi', { conversationId: '999999999' })).frame).toMatchObject({
      code: 'chat_conversation_not_found',
    });
    socket.send({ type: 'send', clientMessageId: 'bad id!', body: 'hi' });
    await socket.next(errorCode('chat_frame_invalid'));
    // A control character in a message is refused before it reaches the database.
    socket.send({ type: 'send', clientMessageId: clientId(), body: 'nul \u0000 here' });
    await socket.next(errorCode('validation'));
    socket.send({
      type: 'send',
      clientMessageId: clientId(),
      body: 'x'.repeat(CHAT_FRAME_MAX_BYTES),
    });
    await socket.next(errorCode('chat_frame_too_large'));
    expect(await messageCount()).toBe(before);
    expect(await conversationCount()).toBe(conversationsBefore);

    // Past the frame limit each frame is refused with a clear code.
    for (let index = 0; index < CHAT_RATE_LIMIT.frames + 2; index += 1) {
      socket.send({ type: 'ping' });
    }
    await socket.next(errorCode('chat_rate_limited'));
    socket.close();
  });

  it('limits what one visitor sends, across sockets, and stores nothing refused', async () => {
    const guest = await start();
    const first = await visitorSocket(guest);
    const second = await visitorSocket(await start({ guestToken: guest.guestToken ?? '' }));
    let conversationId = '';
    for (let index = 0; index < CHAT_VISITOR_LIMITS.messages; index += 1) {
      const { frame } = await sendText(index % 2 === 0 ? first : second, `第 ${index} 条`);
      expect(frame.type).toBe('sent');
      conversationId = (frame.message as ChatMessage).conversationId;
    }
    const refused = await sendText(second, '太多了');
    expect(refused.frame).toMatchObject({ type: 'error', code: 'chat_rate_limited' });
    expect(await messagesIn(conversationId)).toHaveLength(CHAT_VISITOR_LIMITS.messages);
    first.close();
    second.close();

    const imageGuest = await start();
    const fields = () => ({ clientMessageId: clientId(), guestToken: imageGuest.guestToken ?? '' });
    let imageConversation = '';
    for (let index = 0; index < CHAT_VISITOR_LIMITS.images; index += 1) {
      const sent = await sendImage(fields());
      expect(sent.body.status).toBe(true);
      imageConversation = (sent.body.data as ChatMessage).conversationId;
    }
    const tooMany = await sendImage(fields());
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.body.data).toBe('chat_rate_limited');
    expect(await messagesIn(imageConversation)).toHaveLength(CHAT_VISITOR_LIMITS.images);
  });

  it('closes a socket whose ticket is wrong or spent', async () => {
    const guest = await start();
    const used = await visitorSocket(guest);
    used.close();
    for (const ticket of [guest.ticket, 'made-up-ticket']) {
      const socket = await TestSocket.open(base);
      socket.send({ type: 'auth', ticket });
      await socket.next(errorCode('chat_ticket'));
      expect(await socket.closed()).toBe(4401);
    }
    const operatorSocket = await TestSocket.open(base);
    operatorSocket.send({ type: 'operatorAuth', operatorToken: 'x'.repeat(40), brand: 'jinsheng' });
    await operatorSocket.next(errorCode('operator_token'));
    expect(await operatorSocket.closed()).toBe(4401);
  });

  it('answers errors in the language asked for, and never logs a token', async () => {
    const socket = await TestSocket.open(base, '?lang=en');
    socket.send({ type: 'ping', extra: true });
    socket.send({ type: 'read' });
    const refused = await socket.next(errorCode('chat_frame_invalid'));
    expect(refused.message).toBe('The message could not be read');
    socket.close();
    const guest = await start();
    const text = harness.logText();
    expect(text).not.toContain(guest.ticket);
    expect(text).not.toContain(guest.guestToken ?? 'none');
    expect(text).not.toContain(operatorHeaders.authorization?.slice(7) ?? 'none');
  });
});

describe('two API nodes', () => {
  it('deliver a message stored through one node to a socket on the other', async () => {
    // Both nodes share the database and the cache (Redis when REDIS_URL is set: then each node
    // has its own connection, as separate processes would).
    const prefix = `test-chat:${process.pid}:${Date.now()}:`;
    const shared = process.env.REDIS_URL ? undefined : await openCache(undefined);
    const caches: Cache[] = [];
    const nodes: FastifyInstance[] = [];
    try {
      for (let index = 0; index < 2; index += 1) {
        const cache = shared ?? (await openCache(process.env.REDIS_URL, prefix));
        if (!shared) caches.push(cache);
        const app = await buildApp({
          database: harness.database,
          cache,
          logger: createLogger('silent'),
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        nodes.push(app);
      }
      const [nodeA, nodeB] = nodes as [FastifyInstance, FastifyInstance];
      const urlOf = (app: FastifyInstance) =>
        `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      // The visitor starts on node B (its ticket is in the shared cache) and connects to node A.
      const started = await nodeB.inject({
        method: 'POST',
        url: '/api/findmed/v1/chat/start',
        payload: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const guest = started.json<{ data: Start }>().data;
      const socket = await visitorSocket(guest, urlOf(nodeA));
      const { frame } = await sendText(socket, '两台服务器也能收到吗');
      const conversationId = (frame.message as ChatMessage).conversationId;

      const headers = await loginOperator(nodeB);
      await nodeB.inject({
        method: 'POST',
        url: `/admin/api/chat/${conversationId}/take`,
        headers,
      });
      await nodeB.inject({
        method: 'POST',
        url: `/admin/api/chat/${conversationId}/messages`,
        headers,
        payload: { body: '可以', clientMessageId: clientId() },
      });
      const pushed = await socket.next(
        (candidate) =>
          candidate.type === 'message' && (candidate.message as ChatMessage).body === '可以',
      );
      expect((pushed.message as ChatMessage).sender).toBe('operator');
      socket.close();
    } finally {
      for (const app of nodes) await app.close();
      for (const cache of caches) await cache.close();
      await shared?.close();
    }
  });
});
