import type {
  AdminChatConversation,
  ChatConversation,
  ChatMessage,
  ChatServerFrame,
} from '@lobby/contracts';
import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import type { UploadUrlSigner } from '../../identity/upload/index.ts';
import {
  findConversation,
  findMessage,
  lastMessagesOf,
  type ConversationRow,
  type ConversationView,
  type MessageRow,
  type MessageView,
  type VisitorKey,
} from './chat.repository.ts';

/** The chat's pub/sub channels: one per visitor, one per brand for its operators. */
export function visitorChannel(visitor: VisitorKey): string {
  const who =
    visitor.memberId !== undefined ? `m${visitor.memberId}` : `g${visitor.guestKey.slice(0, 32)}`;
  return `chat:visitor:${visitor.brandCode}:${who}`;
}

export function operatorsChannel(brandCode: string): string {
  return `chat:operators:${brandCode}`;
}

export function visitorKeyOf(row: ConversationRow): VisitorKey {
  if (row.memberId !== null) return { brandCode: row.brandCode, memberId: row.memberId };
  if (row.guestKey !== null) return { brandCode: row.brandCode, guestKey: row.guestKey };
  throw new Error(`chat conversation ${row.id} has neither member nor guest`);
}

export function toConversation(view: ConversationView): ChatConversation {
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

/**
 * What both sides share once the database has a change: the views of conversations and
 * messages (images on signed addresses), and their announcement through the cache's
 * publish/subscribe to the visitor's channel and the brand's operators' channel, so any API
 * node's sockets deliver it; a lost announcement costs a refetch, never a message.
 */
export class ChatDelivery {
  readonly #db: Database;
  readonly #cache: Cache;
  readonly #signer: UploadUrlSigner;

  constructor(deps: { db: Database; cache: Cache; signer: UploadUrlSigner }) {
    this.#db = deps.db;
    this.#cache = deps.cache;
    this.#signer = deps.signer;
  }

  /** A conversation that must exist (it was just written). */
  async view(id: bigint): Promise<ConversationView> {
    const found = await findConversation(this.#db, id);
    if (!found) throw new Error(`chat conversation ${id} vanished`);
    return found;
  }

  async adminWithLast(view: ConversationView): Promise<AdminChatConversation> {
    const last = await lastMessagesOf(this.#db, [view.id]);
    return this.admin(view, last.get(view.id));
  }

  admin(view: ConversationView, last: MessageView | undefined): AdminChatConversation {
    return {
      ...toConversation(view),
      brand: view.brandCode,
      displayName: view.displayName,
      visitorKind: view.memberId !== null ? 'member' : 'guest',
      operatorUnread: view.operatorUnread,
      lastMessage: last ? this.message(last) : null,
    };
  }

  message(row: MessageView): ChatMessage {
    return {
      id: String(row.id),
      conversationId: String(row.conversationId),
      sender: row.sender,
      body: row.body,
      image: row.uploadId ? { id: row.uploadId, url: this.#signer.sign(row.uploadId) } : null,
      clientMessageId: row.clientMessageId,
      operatorName: row.operatorName,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Reads back a message just written and, when it is new, announces it to both sides. */
  async afterWrite(
    row: MessageRow,
    created: boolean,
  ): Promise<{ message: ChatMessage; conversation: ChatConversation }> {
    const view = await this.view(row.conversationId);
    const messageView = await findMessage(this.#db, row.id);
    if (!messageView) throw new Error(`chat message ${row.id} vanished`);
    const message = this.message(messageView);
    if (created) await this.announceMessage(view, message);
    return { message, conversation: toConversation(view) };
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
    await this.#cache.publish(channel, JSON.stringify(frame));
  }

  async announceMessage(view: ConversationView, message: ChatMessage): Promise<void> {
    await this.#publish(view, (conversation) => ({ type: 'message', message, conversation }));
  }

  async announce(view: ConversationView, frame: ChatServerFrame): Promise<void> {
    await this.#publish(view, () => frame);
  }

  /** One frame to the visitor (their view) and one to the brand's operators (theirs). */
  async #publish(
    view: ConversationView,
    frameFor: (conversation: ChatConversation) => ChatServerFrame,
  ): Promise<void> {
    const cache = this.#cache;
    const admin = await this.adminWithLast(view);
    await Promise.all([
      cache.publish(
        visitorChannel(visitorKeyOf(view)),
        JSON.stringify(frameFor(toConversation(view))),
      ),
      cache.publish(operatorsChannel(view.brandCode), JSON.stringify(frameFor(admin))),
    ]);
  }
}
