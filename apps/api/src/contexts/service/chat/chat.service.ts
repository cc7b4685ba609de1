import { createHash, randomBytes } from 'node:crypto';
import {
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_TICKET_TTL_MS,
  CHAT_VISITOR_LIMITS,
  UPLOAD_IMAGE_LIMIT_BYTES,
  chatClientMessageIdSchema,
  chatGuestTokenSchema,
  type AdminChatConversation,
  type ChatConversation,
  type ChatMessage,
  type ChatServerFrame,
} from '@lobby/contracts';
import type { Cache } from '../../../cache/index.ts';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import {
  type UploadUrlSigner,
  UPLOAD_ERRORS,
  insertUpload,
  detectImageType,
} from '../../identity/upload/index.ts';
import { CHAT_ERRORS } from './chat.errors.ts';
import {
  closeConversation,
  findConversation,
  findCurrentConversation,
  findIdleConversations,
  findMessage,
  findMessageByClientId,
  findVisitorConversation,
  insertMessage,
  lastMessagesOf,
  listMessages,
  listQueue,
  lockConversation,
  markRead,
  memberUsername,
  openLiveConversation,
  takeConversation,
  type ConversationRow,
  type ConversationView,
  type MessageRow,
  type MessageView,
  type VisitorKey,
} from './chat.repository.ts';

/** A visitor as the service knows them: who, and the name operators see. */
export type Visitor = VisitorKey & { displayName: string };

type Dependencies = {
  db: Database;
  cache: Cache;
  signer: UploadUrlSigner;
  operators: OperatorService;
};

type Page = { before?: string | undefined; after?: string | undefined; limit: number };

/** The chat's pub/sub channels: one per visitor, one per brand for its operators. */
export function visitorChannel(visitor: VisitorKey): string {
  const who =
    visitor.memberId !== undefined ? `m${visitor.memberId}` : `g${visitor.guestKey.slice(0, 32)}`;
  return `chat:visitor:${visitor.brandCode}:${who}`;
}

export function operatorsChannel(brandCode: string): string {
  return `chat:operators:${brandCode}`;
}

/** The stored form of a guest's chat token: a hash, so a database reader cannot act as them. */
export function guestKeyOf(token: string): string {
  return createHash('sha256').update(`chat-guest:${token}`).digest('hex');
}

function ticketKey(ticket: string): string {
  return `chat:ticket:${createHash('sha256').update(ticket).digest('hex')}`;
}

function visitorKeyOf(row: ConversationRow): VisitorKey {
  if (row.memberId !== null) return { brandCode: row.brandCode, memberId: row.memberId };
  if (row.guestKey !== null) return { brandCode: row.brandCode, guestKey: row.guestKey };
  throw new Error(`chat conversation ${row.id} has neither member nor guest`);
}

/** Text of a message: trimmed, not empty, at most CHAT_MESSAGE_MAX_CHARS code points. */
function checkedText(body: string): string {
  const text = body.trim();
  if (text === '') throw appError(CHAT_ERRORS, 'chat_message_empty');
  if ([...text].length > CHAT_MESSAGE_MAX_CHARS) {
    throw appError(CHAT_ERRORS, 'chat_message_too_long', {
      params: { max: CHAT_MESSAGE_MAX_CHARS },
    });
  }
  return text;
}

function checkedClientMessageId(id: string): string {
  if (!chatClientMessageIdSchema.safeParse(id).success) {
    throw appError(CHAT_ERRORS, 'chat_client_message_id');
  }
  return id;
}

function optionalBigint(value: string | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}

/**
 * Customer service chats. Every message is stored first (one transaction, the conversation row
 * locked, idempotent by the sender's client message id) and only then announced through the
 * cache's publish/subscribe, so any API node's sockets deliver it and a lost announcement costs a
 * refetch, never a message.
 */
export class ChatService {
  readonly #deps: Dependencies;

  constructor(deps: Dependencies) {
    this.#deps = deps;
  }

  // -------------------------------------------------------------------------------------------
  // Visitors

  /** The visitor behind a call: the member's session, else the guest's token. */
  async visitor(
    brandCode: string,
    memberId: bigint | null,
    guestToken: string | undefined,
  ): Promise<Visitor> {
    if (memberId !== null) {
      const username = await memberUsername(this.#deps.db, brandCode, memberId);
      if (username === undefined) throw commonError('token');
      return { brandCode, memberId, displayName: username };
    }
    if (guestToken === undefined || !chatGuestTokenSchema.safeParse(guestToken).success) {
      throw appError(CHAT_ERRORS, 'chat_guest_token');
    }
    const guestKey = guestKeyOf(guestToken);
    return { brandCode, guestKey, displayName: `访客 ${guestKey.slice(0, 4).toUpperCase()}` };
  }

  /**
   * Starts or resumes: a new guest token when a guest has none, the current conversation, and a
   * ticket for the WebSocket.
   */
  async start(
    brandCode: string,
    memberId: bigint | null,
    guestToken: string | undefined,
  ): Promise<{
    conversation: ChatConversation | null;
    guestToken: string | null;
    ticket: string;
    ticketExpiresInMs: number;
  }> {
    const issued =
      memberId === null && guestToken === undefined ? randomBytes(32).toString('base64url') : null;
    const visitor = await this.visitor(brandCode, memberId, issued ?? guestToken);
    const current = await findCurrentConversation(this.#deps.db, visitor);
    return {
      conversation: current ? toConversation(current) : null,
      guestToken: issued,
      ticket: await this.issueTicket(visitor),
      ticketExpiresInMs: CHAT_TICKET_TTL_MS,
    };
  }

  /** A single-use ticket naming the visitor, kept in the shared cache so any node accepts it. */
  async issueTicket(visitor: Visitor): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    const value = JSON.stringify({
      brandCode: visitor.brandCode,
      memberId: visitor.memberId?.toString(),
      guestKey: visitor.guestKey,
      displayName: visitor.displayName,
    });
    await this.#deps.cache.set(ticketKey(ticket), value, CHAT_TICKET_TTL_MS);
    return ticket;
  }

  /** The visitor a ticket names; the ticket is spent. */
  async redeemTicket(ticket: string): Promise<Visitor> {
    const value = await this.#deps.cache.take(ticketKey(ticket));
    if (value === null) throw appError(CHAT_ERRORS, 'chat_ticket');
    const parsed = JSON.parse(value) as {
      brandCode: string;
      memberId?: string;
      guestKey?: string;
      displayName: string;
    };
    if (parsed.memberId !== undefined) {
      return {
        brandCode: parsed.brandCode,
        memberId: BigInt(parsed.memberId),
        displayName: parsed.displayName,
      };
    }
    if (parsed.guestKey === undefined) throw appError(CHAT_ERRORS, 'chat_ticket');
    return {
      brandCode: parsed.brandCode,
      guestKey: parsed.guestKey,
      displayName: parsed.displayName,
    };
  }

  async current(visitor: Visitor): Promise<ChatConversation | null> {
    const found = await findCurrentConversation(this.#deps.db, visitor);
    return found ? toConversation(found) : null;
  }

  async history(
    visitor: Visitor,
    conversationId: string,
    page: Page,
  ): Promise<{ conversation: ChatConversation; messages: ChatMessage[]; hasMore: boolean }> {
    const conversation = await this.#visitorConversation(visitor, conversationId);
    const { messages, hasMore } = await listMessages(this.#deps.db, conversation.id, {
      before: optionalBigint(page.before),
      after: optionalBigint(page.after),
      limit: page.limit,
    });
    return {
      conversation: toConversation(conversation),
      messages: messages.map((message) => this.#message(message)),
      hasMore,
    };
  }

  async markVisitorRead(
    visitor: Visitor,
    conversationId: string,
    lastId: string,
  ): Promise<ChatConversation> {
    const conversation = await this.#visitorConversation(visitor, conversationId);
    const before = conversation.visitorReadId;
    const mark = await markRead(this.#deps.db, conversation.id, 'visitor', BigInt(lastId));
    const after = await this.#view(conversation.id);
    if (mark > before) {
      await this.#announce(after, {
        type: 'read',
        conversationId: String(after.id),
        side: 'visitor',
        lastId: String(mark),
      });
    }
    return toConversation(after);
  }

  async unread(visitor: Visitor): Promise<{ unread: number; conversationId: string | null }> {
    const current = await findCurrentConversation(this.#deps.db, visitor);
    return {
      unread: current?.visitorUnread ?? 0,
      conversationId: current ? String(current.id) : null,
    };
  }

  /** A visitor's text message; a repeat of a client message id answers the stored message. */
  async sendFromVisitor(
    visitor: Visitor,
    input: { clientMessageId: string; body: string; conversationId?: string | undefined },
  ): Promise<{ message: ChatMessage; conversation: ChatConversation }> {
    const clientMessageId = checkedClientMessageId(input.clientMessageId);
    const body = checkedText(input.body);
    await this.#throttle(
      visitor,
      'messages',
      CHAT_VISITOR_LIMITS.messages,
      CHAT_VISITOR_LIMITS.messagesWindowMs,
    );
    return this.#storeVisitorMessage(visitor, {
      clientMessageId,
      conversationId: input.conversationId,
      write: (tx, conversationId) =>
        insertMessage(tx, { conversationId, sender: 'visitor', body, clientMessageId }),
    });
  }

  /** A visitor's image: judged by content, kept as a private upload, sent as a message. */
  async sendImageFromVisitor(
    visitor: Visitor,
    input: { clientMessageId: string; conversationId?: string | undefined; bytes: Buffer },
  ): Promise<{ message: ChatMessage; conversation: ChatConversation }> {
    const clientMessageId = checkedClientMessageId(input.clientMessageId);
    if (input.bytes.length > UPLOAD_IMAGE_LIMIT_BYTES) throw commonError('body_too_large');
    const contentType = await detectImageType(input.bytes);
    if (contentType === null) throw appError(UPLOAD_ERRORS, 'upload_type');
    await this.#throttle(
      visitor,
      'images',
      CHAT_VISITOR_LIMITS.images,
      CHAT_VISITOR_LIMITS.imagesWindowMs,
    );
    return this.#storeVisitorMessage(visitor, {
      clientMessageId,
      conversationId: input.conversationId,
      write: async (tx, conversationId) => {
        const uploadId = randomBytes(16).toString('hex');
        await insertUpload(tx, {
          id: uploadId,
          brandCode: visitor.brandCode,
          memberId: visitor.memberId ?? null,
          purpose: 'chat',
          contentType,
          byteSize: input.bytes.length,
          sha256: createHash('sha256').update(input.bytes).digest('hex'),
          data: input.bytes,
        });
        return insertMessage(tx, {
          conversationId,
          sender: 'visitor',
          body: '',
          uploadId,
          clientMessageId,
        });
      },
    });
  }

  /** Tells the other side someone is typing; nothing is stored. */
  async typing(
    side: 'visitor' | 'operator',
    conversation: ConversationRow | ConversationView,
  ): Promise<void> {
    const frame: ChatServerFrame = {
      type: 'typing',
      conversationId: String(conversation.id),
      side,
    };
    const channel =
      side === 'visitor'
        ? operatorsChannel(conversation.brandCode)
        : visitorChannel(visitorKeyOf(conversation));
    await this.#deps.cache.publish(channel, JSON.stringify(frame));
  }

  async visitorTyping(visitor: Visitor, conversationId: string | undefined): Promise<void> {
    const conversation =
      conversationId === undefined
        ? await findCurrentConversation(this.#deps.db, visitor)
        : await findVisitorConversation(this.#deps.db, visitor, BigInt(conversationId));
    if (conversation && conversation.status !== 'closed') {
      await this.typing('visitor', conversation);
    }
  }

  /**
   * Counts a visitor's sends in the shared cache, so opening more sockets (or reaching other
   * nodes) does not lift the limit. A refused send stores nothing.
   */
  async #throttle(visitor: Visitor, kind: string, limit: number, windowMs: number): Promise<void> {
    const key = `chat:limit:${kind}:${visitorChannel(visitor)}`;
    const count = await this.#deps.cache.increment(key, windowMs);
    if (count > limit) {
      const ttl = await this.#deps.cache.ttlMs(key);
      throw appError(CHAT_ERRORS, 'chat_rate_limited', {
        retryAfterSeconds: (ttl ?? windowMs) / 1000,
      });
    }
  }

  async #storeVisitorMessage(
    visitor: Visitor,
    input: {
      clientMessageId: string;
      conversationId: string | undefined;
      write: (tx: Executor, conversationId: bigint) => Promise<MessageRow>;
    },
  ): Promise<{ message: ChatMessage; conversation: ChatConversation }> {
    const { db } = this.#deps;
    let named: bigint | undefined;
    if (input.conversationId !== undefined) {
      named = (await this.#visitorConversation(visitor, input.conversationId)).id;
    } else {
      // A resend whose first answer was lost carries no conversation id: find it where it went.
      const current = await findCurrentConversation(db, visitor);
      if (current) {
        const earlier = await findMessageByClientId(
          db,
          current.id,
          'visitor',
          input.clientMessageId,
        );
        if (earlier) named = current.id;
      }
    }
    const { row, created } = await db.transaction(async (tx) => {
      const conversationId =
        named ?? (await openLiveConversation(tx, visitor, visitor.displayName)).id;
      const locked = await lockConversation(tx, conversationId);
      if (!locked) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
      const existing = await findMessageByClientId(
        tx,
        conversationId,
        'visitor',
        input.clientMessageId,
      );
      if (existing) return { row: existing, created: false };
      if (locked.status === 'closed') throw appError(CHAT_ERRORS, 'chat_conversation_closed');
      return { row: await input.write(tx, conversationId), created: true };
    });
    return this.#afterWrite(row, created);
  }

  async #afterWrite(
    row: MessageRow,
    created: boolean,
  ): Promise<{ message: ChatMessage; conversation: ChatConversation }> {
    const view = await this.#view(row.conversationId);
    const messageView = await findMessage(this.#deps.db, row.id);
    if (!messageView) throw new Error(`chat message ${row.id} vanished`);
    const message = this.#message(messageView);
    if (created) await this.#announceMessage(view, message);
    return { message, conversation: toConversation(view) };
  }

  async #visitorConversation(visitor: Visitor, id: string): Promise<ConversationView> {
    const found = await findVisitorConversation(this.#deps.db, visitor, BigInt(id));
    if (!found) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
    return found;
  }

  // -------------------------------------------------------------------------------------------
  // Operators

  async queue(
    brandCode: string,
    limit: number,
  ): Promise<{ waiting: AdminChatConversation[]; open: AdminChatConversation[] }> {
    const { waiting, open } = await listQueue(this.#deps.db, brandCode, limit);
    const last = await lastMessagesOf(
      this.#deps.db,
      [...waiting, ...open].map((row) => row.id),
    );
    const admin = (row: ConversationView) => this.#admin(row, last.get(row.id));
    return { waiting: waiting.map(admin), open: open.map(admin) };
  }

  /** Assigns a waiting conversation to the operator; exactly one of two at once wins. */
  async take(
    operator: OperatorIdentity,
    id: string,
    context: { ip: string },
  ): Promise<AdminChatConversation> {
    const conversationId = BigInt(id);
    const taken = await this.#deps.db.transaction(async (tx) => {
      if (!(await takeConversation(tx, conversationId, operator.operatorId))) return null;
      const joined = await insertMessage(tx, {
        conversationId,
        sender: 'system',
        operatorId: operator.operatorId,
        body: 'joined',
        clientMessageId: `joined-${operator.operatorId}`,
      });
      const conversation = await findConversation(tx, conversationId);
      if (!conversation) throw new Error(`chat conversation ${id} vanished while taken`);
      await this.#deps.operators.record(tx, operator, {
        action: 'chat_take',
        brandCode: conversation.brandCode,
        targetType: 'chat_conversation',
        targetId: id,
        details: { displayName: conversation.displayName },
        ip: context.ip,
      });
      return joined;
    });
    const view = await this.#operatorView(conversationId);
    if (!taken) {
      if (view.status === 'open' && view.operatorId === operator.operatorId) {
        return this.#adminWithLast(view);
      }
      if (view.status === 'closed') throw appError(CHAT_ERRORS, 'chat_conversation_closed');
      throw appError(CHAT_ERRORS, 'chat_already_taken');
    }
    const joined = await findMessage(this.#deps.db, taken.id);
    if (joined) await this.#announceMessage(view, this.#message(joined));
    return this.#adminWithLast(view);
  }

  async operatorMessages(
    id: string,
    page: Page,
  ): Promise<{ conversation: AdminChatConversation; messages: ChatMessage[]; hasMore: boolean }> {
    const view = await this.#operatorView(BigInt(id));
    const { messages, hasMore } = await listMessages(this.#deps.db, view.id, {
      before: optionalBigint(page.before),
      after: optionalBigint(page.after),
      limit: page.limit,
    });
    return {
      conversation: await this.#adminWithLast(view),
      messages: messages.map((message) => this.#message(message)),
      hasMore,
    };
  }

  /** The assigned operator's reply. */
  async sendFromOperator(
    operator: OperatorIdentity,
    id: string,
    input: { body: string; clientMessageId: string },
  ): Promise<ChatMessage> {
    const clientMessageId = checkedClientMessageId(input.clientMessageId);
    const body = checkedText(input.body);
    const conversationId = BigInt(id);
    const { row, created } = await this.#deps.db.transaction(async (tx) => {
      const locked = await lockConversation(tx, conversationId);
      if (!locked) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
      const existing = await findMessageByClientId(tx, conversationId, 'operator', clientMessageId);
      if (existing) return { row: existing, created: false };
      if (locked.status === 'closed') throw appError(CHAT_ERRORS, 'chat_conversation_closed');
      if (locked.status !== 'open' || locked.operatorId !== operator.operatorId) {
        throw appError(CHAT_ERRORS, 'chat_not_assigned');
      }
      const inserted = await insertMessage(tx, {
        conversationId,
        sender: 'operator',
        operatorId: operator.operatorId,
        body,
        clientMessageId,
      });
      return { row: inserted, created: true };
    });
    return (await this.#afterWrite(row, created)).message;
  }

  async markOperatorRead(id: string, lastId: string): Promise<AdminChatConversation> {
    const view = await this.#operatorView(BigInt(id));
    const mark = await markRead(this.#deps.db, view.id, 'operator', BigInt(lastId));
    const after = await this.#operatorView(view.id);
    if (mark > view.operatorReadId) {
      await this.#announce(after, {
        type: 'read',
        conversationId: id,
        side: 'operator',
        lastId: String(mark),
      });
    }
    return this.#adminWithLast(after);
  }

  async operatorTyping(id: string): Promise<void> {
    const view = await this.#operatorView(BigInt(id));
    if (view.status === 'open') await this.typing('operator', view);
  }

  /** Closes with a system message to the visitor; closing a closed conversation changes nothing. */
  async close(
    operator: OperatorIdentity,
    id: string,
    reason: string | undefined,
    context: { ip: string },
  ): Promise<AdminChatConversation> {
    const conversationId = BigInt(id);
    const before = await this.#operatorView(conversationId);
    // Closing a closed conversation changes nothing, and nothing is recorded.
    await this.#closeWith(conversationId, 'closed', operator.operatorId, undefined, (tx) =>
      this.#deps.operators.record(tx, operator, {
        action: 'chat_close',
        brandCode: before.brandCode,
        targetType: 'chat_conversation',
        targetId: id,
        ...(reason ? { reason } : {}),
        details: { displayName: before.displayName },
        ip: context.ip,
      }),
    );
    return this.#adminWithLast(await this.#operatorView(conversationId));
  }

  /**
   * Closes the conversations nobody wrote in for `idleMs` (the chat-idle sweep): a visitor who
   * left, or a conversation an operator forgot, should not sit in the queue for ever. The
   * visitor sees "ended for inactivity" and may start again. Returns how many it closed.
   */
  async closeIdle(idleMs: number, now: Date = new Date(), batchSize = 100): Promise<number> {
    let closed = 0;
    const before = new Date(now.getTime() - idleMs);
    for (;;) {
      const ids = await findIdleConversations(this.#deps.db, before, batchSize);
      for (const id of ids) if (await this.#closeWith(id, 'idle', null, before)) closed += 1;
      if (ids.length < batchSize) return closed;
    }
  }

  /**
   * Closes with a system message (`body` names it for the browser's texts) and announces it;
   * false, with nothing written, when the conversation was closed already.
   */
  async #closeWith(
    conversationId: bigint,
    body: 'closed' | 'idle',
    operatorId: bigint | null,
    idleBefore?: Date,
    alongside?: (tx: Transaction) => Promise<void>,
  ): Promise<boolean> {
    const closed = await this.#deps.db.transaction(async (tx) => {
      if (!(await closeConversation(tx, conversationId, idleBefore))) return null;
      const message = await insertMessage(tx, {
        conversationId,
        sender: 'system',
        operatorId,
        body,
        // One close per conversation: closeConversation succeeds once.
        clientMessageId: 'closed',
      });
      await alongside?.(tx);
      return message;
    });
    if (!closed) return false;
    const message = await findMessage(this.#deps.db, closed.id);
    if (message)
      await this.#announceMessage(await this.#view(conversationId), this.#message(message));
    return true;
  }

  /** The brand of a conversation, for an operator's socket to check what it may touch. */
  async conversationBrand(id: string): Promise<string> {
    return (await this.#operatorView(BigInt(id))).brandCode;
  }

  async #operatorView(id: bigint): Promise<ConversationView> {
    const found = await findConversation(this.#deps.db, id);
    if (!found) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
    return found;
  }

  async #view(id: bigint): Promise<ConversationView> {
    const found = await findConversation(this.#deps.db, id);
    if (!found) throw new Error(`chat conversation ${id} vanished`);
    return found;
  }

  async #adminWithLast(view: ConversationView): Promise<AdminChatConversation> {
    const last = await lastMessagesOf(this.#deps.db, [view.id]);
    return this.#admin(view, last.get(view.id));
  }

  #admin(view: ConversationView, last: MessageView | undefined): AdminChatConversation {
    return {
      ...toConversation(view),
      brand: view.brandCode,
      displayName: view.displayName,
      visitorKind: view.memberId !== null ? 'member' : 'guest',
      operatorUnread: view.operatorUnread,
      lastMessage: last ? this.#message(last) : null,
    };
  }

  #message(row: MessageView): ChatMessage {
    return {
      id: String(row.id),
      conversationId: String(row.conversationId),
      sender: row.sender,
      body: row.body,
      image: row.uploadId ? { id: row.uploadId, url: this.#deps.signer.sign(row.uploadId) } : null,
      clientMessageId: row.clientMessageId,
      operatorName: row.operatorName,
      createdAt: row.createdAt.toISOString(),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Announcements (after the database has the change)

  async #announceMessage(view: ConversationView, message: ChatMessage): Promise<void> {
    await this.#publish(view, (conversation) => ({ type: 'message', message, conversation }));
  }

  async #announce(view: ConversationView, frame: ChatServerFrame): Promise<void> {
    await this.#publish(view, () => frame);
  }

  /** One frame to the visitor (their view) and one to the brand's operators (theirs). */
  async #publish(
    view: ConversationView,
    frameFor: (conversation: ChatConversation) => ChatServerFrame,
  ): Promise<void> {
    const { cache } = this.#deps;
    const admin = await this.#adminWithLast(view);
    await Promise.all([
      cache.publish(
        visitorChannel(visitorKeyOf(view)),
        JSON.stringify(frameFor(toConversation(view))),
      ),
      cache.publish(operatorsChannel(view.brandCode), JSON.stringify(frameFor(admin))),
    ]);
  }
}

function toConversation(view: ConversationView): ChatConversation {
  return {
    id: String(view.id),
    status: view.status,
    operatorName: view.operatorName,
    visitorReadId: String(view.visitorReadId),
    operatorReadId: String(view.operatorReadId),
    unread: view.visitorUnread,
    lastMessageAt: view.lastMessageAt.toISOString(),
    createdAt: view.createdAt.toISOString(),
    closedAt: view.closedAt?.toISOString() ?? null,
  };
}
