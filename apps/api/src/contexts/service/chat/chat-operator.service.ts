import type { AdminChatConversation, ChatMessage } from '@lobby/contracts';
import type { Database, Transaction } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import type { ChatDelivery } from './chat-delivery.ts';
import { CHAT_ERRORS } from './chat.errors.ts';
import {
  closeConversation,
  findConversation,
  findIdleConversations,
  findMessage,
  findMessageByClientId,
  insertMessage,
  lastMessagesOf,
  listMessages,
  listQueue,
  lockConversation,
  markRead,
  takeConversation,
  type ConversationView,
} from './chat.repository.ts';
import { checkedClientMessageId, checkedText, optionalBigint, type Page } from './chat.rules.ts';

/**
 * The operators' side: the brand's queue, taking a conversation (one of two at once wins),
 * history, replies, read marks and closing, take and close in the action log; and the idle
 * close of the chat-idle sweep.
 */
export class ChatOperatorService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #delivery: ChatDelivery;

  constructor(deps: { db: Database; operators: OperatorService; delivery: ChatDelivery }) {
    this.#db = deps.db;
    this.#operators = deps.operators;
    this.#delivery = deps.delivery;
  }

  async queue(
    brandCode: string,
    limit: number,
  ): Promise<{ waiting: AdminChatConversation[]; open: AdminChatConversation[] }> {
    const { waiting, open } = await listQueue(this.#db, brandCode, limit);
    const last = await lastMessagesOf(
      this.#db,
      [...waiting, ...open].map((row) => row.id),
    );
    const admin = (row: ConversationView) => this.#delivery.admin(row, last.get(row.id));
    return { waiting: waiting.map(admin), open: open.map(admin) };
  }

  /** Assigns a waiting conversation to the operator; exactly one of two at once wins. */
  async take(
    operator: OperatorIdentity,
    id: string,
    context: { ip: string },
  ): Promise<AdminChatConversation> {
    const conversationId = BigInt(id);
    const taken = await this.#db.transaction(async (tx) => {
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
      await this.#operators.record(tx, operator, {
        action: 'chat_take',
        brandCode: conversation.brandCode,
        targetType: 'chat_conversation',
        targetId: id,
        details: {
          displayName: conversation.displayName,
          // Only a waiting conversation (no operator) is taken.
          before: { status: 'waiting', operator: null },
          after: { status: conversation.status, operator: operator.username },
        },
        ip: context.ip,
      });
      return joined;
    });
    const view = await this.#operatorView(conversationId);
    if (!taken) {
      if (view.status === 'open' && view.operatorId === operator.operatorId) {
        return this.#delivery.adminWithLast(view);
      }
      if (view.status === 'closed') throw appError(CHAT_ERRORS, 'chat_conversation_closed');
      throw appError(CHAT_ERRORS, 'chat_already_taken');
    }
    const joined = await findMessage(this.#db, taken.id);
    if (joined) await this.#delivery.announceMessage(view, this.#delivery.message(joined));
    return this.#delivery.adminWithLast(view);
  }

  async operatorMessages(
    id: string,
    page: Page,
  ): Promise<{ conversation: AdminChatConversation; messages: ChatMessage[]; hasMore: boolean }> {
    const view = await this.#operatorView(BigInt(id));
    const { messages, hasMore } = await listMessages(this.#db, view.id, {
      before: optionalBigint(page.before),
      after: optionalBigint(page.after),
      limit: page.limit,
    });
    return {
      conversation: await this.#delivery.adminWithLast(view),
      messages: messages.map((message) => this.#delivery.message(message)),
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
    const { row, created } = await this.#db.transaction(async (tx) => {
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
    return (await this.#delivery.afterWrite(row, created)).message;
  }

  async markOperatorRead(id: string, lastId: string): Promise<AdminChatConversation> {
    const view = await this.#operatorView(BigInt(id));
    const mark = await markRead(this.#db, view.id, 'operator', BigInt(lastId));
    const after = await this.#operatorView(view.id);
    if (mark > view.operatorReadId) {
      await this.#delivery.announce(after, {
        type: 'read',
        conversationId: id,
        side: 'operator',
        lastId: String(mark),
      });
    }
    return this.#delivery.adminWithLast(after);
  }

  async operatorTyping(id: string): Promise<void> {
    const view = await this.#operatorView(BigInt(id));
    if (view.status === 'open') await this.#delivery.typing('operator', view);
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
      this.#operators.record(tx, operator, {
        action: 'chat_close',
        brandCode: before.brandCode,
        targetType: 'chat_conversation',
        targetId: id,
        ...(reason ? { reason } : {}),
        details: {
          displayName: before.displayName,
          before: { status: before.status },
          after: { status: 'closed' },
        },
        ip: context.ip,
      }),
    );
    return this.#delivery.adminWithLast(await this.#operatorView(conversationId));
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
      const ids = await findIdleConversations(this.#db, before, batchSize);
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
    const closed = await this.#db.transaction(async (tx) => {
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
    const message = await findMessage(this.#db, closed.id);
    if (message)
      await this.#delivery.announceMessage(
        await this.#delivery.view(conversationId),
        this.#delivery.message(message),
      );
    return true;
  }

  /** The brand of a conversation, for an operator's socket to check what it may touch. */
  async conversationBrand(id: string): Promise<string> {
    return (await this.#operatorView(BigInt(id))).brandCode;
  }

  async #operatorView(id: bigint): Promise<ConversationView> {
    const found = await findConversation(this.#db, id);
    if (!found) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
    return found;
  }
}
