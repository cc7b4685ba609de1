import { createHash, randomBytes } from 'node:crypto';
import {
  CHAT_CANNED_MAX_PER_LANGUAGE,
  CHAT_CONTEXT_RECENT,
  UPLOAD_IMAGE_LIMIT_BYTES,
  type AdminChatCannedReply,
  type AdminChatConversation,
  type ChatMessage,
  type DepositOrder,
  type FeedbackTicket,
  type Language,
  type MemberBalance,
  type MemberInfo,
  type WithdrawalOrder,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import {
  changes,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import { UPLOAD_ERRORS, detectImageType, insertUpload } from '../../identity/upload/index.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { ChatDelivery } from './chat-delivery.ts';
import { CHAT_ERRORS } from './chat.errors.ts';
import {
  cannedReplyBrand,
  countCannedReplies,
  deleteCannedReply,
  findCannedReply,
  findConversation,
  findMessage,
  findMessageByClientId,
  insertCannedReply,
  insertMessage,
  listCannedReplies,
  lockCannedReply,
  lockConversation,
  transferConversation,
  updateCannedReply,
  type CannedReplyView,
  type ConversationView,
} from './chat.repository.ts';
import { checkedClientMessageId } from './chat.rules.ts';

/**
 * What the console shows of a member beside the conversation, read from the other contexts'
 * public services (identity, money, feedback): given by the service context, so the chat module
 * knows none of them.
 */
export type MemberContextReaders = {
  profile(brand: Brand, memberId: bigint): Promise<MemberInfo>;
  balance(brand: Brand, memberId: bigint): Promise<MemberBalance>;
  deposits(brand: Brand, memberId: bigint, limit: number): Promise<DepositOrder[]>;
  withdrawals(
    brand: Brand,
    memberId: bigint,
    limit: number,
    language: Language,
  ): Promise<WithdrawalOrder[]>;
  /** Tickets not closed, newest first. */
  openTickets(
    brand: Brand,
    memberId: bigint,
    limit: number,
    language: Language,
  ): Promise<FeedbackTicket[]>;
};

export type MemberContext = {
  id: string;
  profile: MemberInfo;
  balance: MemberBalance;
  deposits: DepositOrder[];
  withdrawals: WithdrawalOrder[];
  openTickets: FeedbackTicket[];
};

function toCanned(row: CannedReplyView): AdminChatCannedReply {
  return {
    id: String(row.id),
    brand: row.brandCode,
    language: row.language as Language,
    title: row.title,
    body: row.body,
    sort: row.sort,
    updatedBy: row.updatedByName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields of a canned reply the action log shows. */
function loggedCanned(row: { language: string; title: string; body: string; sort: number }) {
  return { language: row.language, title: row.title, body: row.body, sort: row.sort };
}

/**
 * The customer service console's side of the chat, beside the operators' basic calls: canned
 * replies per brand and language, handing a conversation to another operator, the operator's
 * images, and the member's context. Every change is in the action log, in its transaction.
 */
export class ChatConsoleService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #delivery: ChatDelivery;
  readonly #readers: MemberContextReaders | undefined;

  constructor(deps: {
    db: Database;
    operators: OperatorService;
    delivery: ChatDelivery;
    readers?: MemberContextReaders | undefined;
  }) {
    this.#db = deps.db;
    this.#operators = deps.operators;
    this.#delivery = deps.delivery;
    this.#readers = deps.readers;
  }

  // -------------------------------------------------------------------------------------------
  // Canned replies.

  async cannedReplies(brandCode: string, language?: Language): Promise<AdminChatCannedReply[]> {
    return (await listCannedReplies(this.#db, brandCode, language)).map(toCanned);
  }

  async createCanned(
    operator: OperatorIdentity,
    input: { brandCode: string; language: Language; title: string; body: string; sort: number },
    context: { ip: string },
  ): Promise<AdminChatCannedReply> {
    const id = await this.#db.transaction(async (tx) => {
      const count = await countCannedReplies(tx, input.brandCode, input.language);
      if (count >= CHAT_CANNED_MAX_PER_LANGUAGE) {
        throw appError(CHAT_ERRORS, 'chat_canned_limit', {
          params: { max: CHAT_CANNED_MAX_PER_LANGUAGE },
        });
      }
      const row = await insertCannedReply(tx, {
        brandCode: input.brandCode,
        language: input.language,
        title: input.title,
        body: input.body,
        sort: input.sort,
        updatedBy: operator.operatorId,
      });
      await this.#operators.record(tx, operator, {
        action: 'chat_canned_create',
        brandCode: input.brandCode,
        targetType: 'chat_canned_reply',
        targetId: String(row.id),
        details: { before: null, after: loggedCanned(row) },
        ip: context.ip,
      });
      return row.id;
    });
    return this.#canned(id);
  }

  async updateCanned(
    operator: OperatorIdentity,
    id: string,
    input: { title?: string | undefined; body?: string | undefined; sort?: number | undefined },
    context: { ip: string },
  ): Promise<AdminChatCannedReply> {
    const replyId = BigInt(id);
    await this.#db.transaction(async (tx) => {
      const before = await lockCannedReply(tx, replyId);
      if (!before) throw appError(CHAT_ERRORS, 'chat_canned_not_found');
      const after = {
        ...before,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
      };
      const changed = changes(loggedCanned(before), loggedCanned(after));
      // Saving the same text again changes nothing, and nothing is recorded.
      if (Object.keys(changed.after).length === 0) return;
      await updateCannedReply(tx, replyId, {
        title: after.title,
        body: after.body,
        sort: after.sort,
        updatedBy: operator.operatorId,
      });
      await this.#operators.record(tx, operator, {
        action: 'chat_canned_update',
        brandCode: before.brandCode,
        targetType: 'chat_canned_reply',
        targetId: id,
        details: changed,
        ip: context.ip,
      });
    });
    return this.#canned(replyId);
  }

  async deleteCanned(
    operator: OperatorIdentity,
    id: string,
    context: { ip: string },
  ): Promise<{ id: string }> {
    const replyId = BigInt(id);
    await this.#db.transaction(async (tx) => {
      const before = await lockCannedReply(tx, replyId);
      if (!before) throw appError(CHAT_ERRORS, 'chat_canned_not_found');
      await deleteCannedReply(tx, replyId);
      await this.#operators.record(tx, operator, {
        action: 'chat_canned_delete',
        brandCode: before.brandCode,
        targetType: 'chat_canned_reply',
        targetId: id,
        details: { before: loggedCanned(before), after: null },
        ip: context.ip,
      });
    });
    return { id };
  }

  /** The brand of a canned reply, or null when there is none (the operator guard's rule). */
  cannedBrand(id: string): Promise<string | null> {
    return cannedReplyBrand(this.#db, BigInt(id));
  }

  async #canned(id: bigint): Promise<AdminChatCannedReply> {
    const row = await findCannedReply(this.#db, id);
    if (!row) throw appError(CHAT_ERRORS, 'chat_canned_not_found');
    return toCanned(row);
  }

  // -------------------------------------------------------------------------------------------
  // Transfer.

  /** The operators a conversation of the brand may be handed to. */
  async transferTargets(brandCode: string): Promise<{ id: string; username: string }[]> {
    const holders = await this.#operators.holders('chat.answer', brandCode);
    return holders.map((holder) => ({ id: String(holder.id), username: holder.username }));
  }

  /**
   * Hands the conversation to another operator who holds chat.answer in its brand; only the
   * operator serving it may. The visitor sees the new operator join.
   */
  async transfer(
    operator: OperatorIdentity,
    id: string,
    input: { operatorId: string; reason?: string | undefined },
    context: { ip: string },
  ): Promise<AdminChatConversation> {
    const conversationId = BigInt(id);
    const before = await this.#view(conversationId);
    const targetId = BigInt(input.operatorId);
    const target = (await this.#operators.holders('chat.answer', before.brandCode)).find(
      (holder) => holder.id === targetId,
    );
    if (!target || targetId === operator.operatorId) {
      throw appError(CHAT_ERRORS, 'chat_transfer_target');
    }
    const joined = await this.#db.transaction(async (tx) => {
      const locked = await lockConversation(tx, conversationId);
      if (!locked) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
      if (locked.status === 'closed') throw appError(CHAT_ERRORS, 'chat_conversation_closed');
      if (locked.status !== 'open' || locked.operatorId !== operator.operatorId) {
        throw appError(CHAT_ERRORS, 'chat_not_assigned');
      }
      await transferConversation(tx, conversationId, operator.operatorId, target.id);
      // Each hand-over is a message of its own (the client id names it), so the visitor sees
      // who joined even when a conversation comes back to an operator.
      const message = await insertMessage(tx, {
        conversationId,
        sender: 'system',
        operatorId: target.id,
        body: 'joined',
        clientMessageId: `joined-${target.id}-${randomBytes(6).toString('hex')}`,
      });
      await this.#operators.record(tx, operator, {
        action: 'chat_transfer',
        brandCode: before.brandCode,
        targetType: 'chat_conversation',
        targetId: id,
        ...(input.reason ? { reason: input.reason } : {}),
        details: {
          displayName: before.displayName,
          before: { operator: operator.username },
          after: { operator: target.username },
        },
        ip: context.ip,
      });
      return message;
    });
    const view = await this.#view(conversationId);
    const message = await findMessage(this.#db, joined.id);
    if (message) await this.#delivery.announceMessage(view, this.#delivery.message(message));
    return this.#delivery.adminWithLast(view);
  }

  // -------------------------------------------------------------------------------------------
  // Images.

  /** The assigned operator's image: judged by content, kept as a private upload, sent. */
  async sendImage(
    operator: OperatorIdentity,
    id: string,
    input: { clientMessageId: string; bytes: Buffer },
  ): Promise<ChatMessage> {
    const clientMessageId = checkedClientMessageId(input.clientMessageId);
    if (input.bytes.length > UPLOAD_IMAGE_LIMIT_BYTES) throw commonError('body_too_large');
    const contentType = await detectImageType(input.bytes);
    if (contentType === null) throw appError(UPLOAD_ERRORS, 'upload_type');
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
      const uploadId = randomBytes(16).toString('hex');
      await insertUpload(tx, {
        id: uploadId,
        brandCode: locked.brandCode,
        // The member's conversation: the image is theirs to see, as their own would be.
        memberId: locked.memberId,
        purpose: 'chat',
        contentType,
        byteSize: input.bytes.length,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        data: input.bytes,
      });
      const inserted = await insertMessage(tx, {
        conversationId,
        sender: 'operator',
        operatorId: operator.operatorId,
        body: '',
        uploadId,
        clientMessageId,
      });
      return { row: inserted, created: true };
    });
    return (await this.#delivery.afterWrite(row, created)).message;
  }

  // -------------------------------------------------------------------------------------------
  // The member's context.

  async memberContext(
    id: string,
    brandOf: (code: string) => Brand | undefined,
    language: Language,
  ): Promise<{ conversation: AdminChatConversation; member: MemberContext | null }> {
    const view = await this.#view(BigInt(id));
    const conversation = await this.#delivery.adminWithLast(view);
    const brand = brandOf(view.brandCode);
    if (view.memberId === null || !brand || !this.#readers) return { conversation, member: null };
    const readers = this.#readers;
    const memberId = view.memberId;
    const [profile, balance, deposits, withdrawals, openTickets] = await Promise.all([
      readers.profile(brand, memberId),
      readers.balance(brand, memberId),
      readers.deposits(brand, memberId, CHAT_CONTEXT_RECENT),
      readers.withdrawals(brand, memberId, CHAT_CONTEXT_RECENT, language),
      readers.openTickets(brand, memberId, CHAT_CONTEXT_RECENT, language),
    ]);
    return {
      conversation,
      member: { id: String(memberId), profile, balance, deposits, withdrawals, openTickets },
    };
  }

  async #view(id: bigint): Promise<ConversationView> {
    const found = await findConversation(this.#db, id);
    if (!found) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
    return found;
  }
}
