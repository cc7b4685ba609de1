import { createHash, randomBytes } from 'node:crypto';
import {
  CHAT_TICKET_TTL_MS,
  CHAT_VISITOR_LIMITS,
  UPLOAD_IMAGE_LIMIT_BYTES,
  chatGuestTokenSchema,
  type ChatConversation,
  type ChatMessage,
} from '@lobby/contracts';
import type { Cache } from '../../../cache/index.ts';
import type { Database, Executor } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { UPLOAD_ERRORS, insertUpload, detectImageType } from '../../identity/upload/index.ts';
import { toConversation, visitorChannel, type ChatDelivery } from './chat-delivery.ts';
import { CHAT_ERRORS } from './chat.errors.ts';
import {
  findCurrentConversation,
  findMessageByClientId,
  findVisitorConversation,
  insertMessage,
  listMessages,
  lockConversation,
  markRead,
  memberUsername,
  openLiveConversation,
  type ConversationView,
  type MessageRow,
  type VisitorKey,
} from './chat.repository.ts';
import { checkedClientMessageId, checkedText, optionalBigint, type Page } from './chat.rules.ts';

/** A visitor as the service knows them: who, and the name operators see. */
export type Visitor = VisitorKey & { displayName: string };

/** The stored form of a guest's chat token: a hash, so a database reader cannot act as them. */
export function guestKeyOf(token: string): string {
  return createHash('sha256').update(`chat-guest:${token}`).digest('hex');
}

function ticketKey(ticket: string): string {
  return `chat:ticket:${createHash('sha256').update(ticket).digest('hex')}`;
}

/**
 * The visitor's side: a member by their session or a guest by a random token, a ticket for the
 * WebSocket, the conversation and its history, read marks, and messages and images, each
 * stored first (one transaction, the conversation row locked, idempotent by the client message
 * id) and only then announced. Sends are counted per visitor in the shared cache.
 */
export class ChatVisitorService {
  readonly #db: Database;
  readonly #cache: Cache;
  readonly #delivery: ChatDelivery;

  constructor(deps: { db: Database; cache: Cache; delivery: ChatDelivery }) {
    this.#db = deps.db;
    this.#cache = deps.cache;
    this.#delivery = deps.delivery;
  }

  /** The visitor behind a call: the member's session, else the guest's token. */
  async visitor(
    brandCode: string,
    memberId: bigint | null,
    guestToken: string | undefined,
  ): Promise<Visitor> {
    if (memberId !== null) {
      const username = await memberUsername(this.#db, brandCode, memberId);
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
    const current = await findCurrentConversation(this.#db, visitor);
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
    await this.#cache.set(ticketKey(ticket), value, CHAT_TICKET_TTL_MS);
    return ticket;
  }

  /** The visitor a ticket names; the ticket is spent. */
  async redeemTicket(ticket: string): Promise<Visitor> {
    const value = await this.#cache.take(ticketKey(ticket));
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
    const found = await findCurrentConversation(this.#db, visitor);
    return found ? toConversation(found) : null;
  }

  async history(
    visitor: Visitor,
    conversationId: string,
    page: Page,
  ): Promise<{ conversation: ChatConversation; messages: ChatMessage[]; hasMore: boolean }> {
    const conversation = await this.#visitorConversation(visitor, conversationId);
    const { messages, hasMore } = await listMessages(this.#db, conversation.id, {
      before: optionalBigint(page.before),
      after: optionalBigint(page.after),
      limit: page.limit,
    });
    return {
      conversation: toConversation(conversation),
      messages: messages.map((message) => this.#delivery.message(message)),
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
    const mark = await markRead(this.#db, conversation.id, 'visitor', BigInt(lastId));
    const after = await this.#delivery.view(conversation.id);
    if (mark > before) {
      await this.#delivery.announce(after, {
        type: 'read',
        conversationId: String(after.id),
        side: 'visitor',
        lastId: String(mark),
      });
    }
    return toConversation(after);
  }

  async unread(visitor: Visitor): Promise<{ unread: number; conversationId: string | null }> {
    const current = await findCurrentConversation(this.#db, visitor);
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

  async visitorTyping(visitor: Visitor, conversationId: string | undefined): Promise<void> {
    const conversation =
      conversationId === undefined
        ? await findCurrentConversation(this.#db, visitor)
        : await findVisitorConversation(this.#db, visitor, BigInt(conversationId));
    if (conversation && conversation.status !== 'closed') {
      await this.#delivery.typing('visitor', conversation);
    }
  }

  /**
   * Counts a visitor's sends in the shared cache, so opening more sockets (or reaching other
   * nodes) does not lift the limit. A refused send stores nothing.
   */
  async #throttle(visitor: Visitor, kind: string, limit: number, windowMs: number): Promise<void> {
    const key = `chat:limit:${kind}:${visitorChannel(visitor)}`;
    const count = await this.#cache.increment(key, windowMs);
    if (count > limit) {
      const ttl = await this.#cache.ttlMs(key);
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
    const db = this.#db;
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
    return this.#delivery.afterWrite(row, created);
  }

  async #visitorConversation(visitor: Visitor, id: string): Promise<ConversationView> {
    const found = await findVisitorConversation(this.#db, visitor, BigInt(id));
    if (!found) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
    return found;
  }
}
