import {
  FEEDBACK_CONTENT_RULE,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_INTERVAL_SECONDS,
  feedbackContentLength,
  findFeedbackCategory,
  type AdminFeedback,
  type FeedbackStatus,
  type FeedbackTicket,
  type FeedbackTicketDetail,
  type Language,
} from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import {
  changes,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import { type UploadUrlSigner, findMemberUploadIds } from '../../identity/upload/index.ts';
import { FEEDBACK_ERRORS } from './feedback.errors.ts';
import {
  type AdminFeedbackRow,
  closeTicket,
  type FeedbackRow,
  findMemberTicket,
  findTicketForOperators,
  insertTicket,
  listMemberTickets,
  listTicketsForOperators,
  lockMember,
  markReplySeen,
  replyToTicket,
  secondsSinceLatestTicket,
  ticketBrand,
} from './feedback.repository.ts';

type Dependencies = { db: Database; signer: UploadUrlSigner; operators: OperatorService };

/**
 * Member feedback tickets and the operators' answers. A ticket is created only when every rule
 * holds (category, length, images, interval), so refused input leaves nothing behind; its
 * images are served only through addresses signed for the owner's and the operators' answers.
 */
export class FeedbackService {
  readonly #deps: Dependencies;

  constructor(deps: Dependencies) {
    this.#deps = deps;
  }

  /** The brand of a ticket, or null when there is none: the operator guard's brand rule. */
  ticketBrand(id: string): Promise<string | null> {
    return ticketBrand(this.#deps.db, BigInt(id));
  }

  async create(
    brandCode: string,
    memberId: bigint,
    input: { category: string; content: string; images?: string | undefined },
    language: Language,
  ): Promise<FeedbackTicketDetail> {
    if (!findFeedbackCategory(input.category)) throw appError(FEEDBACK_ERRORS, 'feedback_category');
    const content = input.content.trim();
    const length = feedbackContentLength(content);
    if (length < FEEDBACK_CONTENT_RULE.min || length > FEEDBACK_CONTENT_RULE.max) {
      throw appError(FEEDBACK_ERRORS, 'feedback_content_length', {
        params: { min: FEEDBACK_CONTENT_RULE.min, max: FEEDBACK_CONTENT_RULE.max },
      });
    }
    const imageIds = (input.images ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (imageIds.length > FEEDBACK_IMAGES_MAX) {
      throw appError(FEEDBACK_ERRORS, 'feedback_images_too_many', {
        params: { max: FEEDBACK_IMAGES_MAX },
      });
    }
    if (new Set(imageIds).size !== imageIds.length) {
      throw appError(FEEDBACK_ERRORS, 'feedback_image_invalid');
    }
    const row = await this.#deps.db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      const since = await secondsSinceLatestTicket(tx, memberId);
      if (since !== null && since < FEEDBACK_INTERVAL_SECONDS) {
        throw appError(FEEDBACK_ERRORS, 'feedback_too_frequent', {
          retryAfterSeconds: FEEDBACK_INTERVAL_SECONDS - since,
          params: { seconds: FEEDBACK_INTERVAL_SECONDS },
        });
      }
      const owned = await findMemberUploadIds(tx, {
        brandCode,
        memberId,
        purpose: 'feedback',
        ids: imageIds,
      });
      if (owned.length !== imageIds.length) {
        throw appError(FEEDBACK_ERRORS, 'feedback_image_invalid');
      }
      return insertTicket(tx, { brandCode, memberId, category: input.category, content, imageIds });
    });
    return this.#detail(row, language);
  }

  async memberTickets(
    brandCode: string,
    memberId: bigint,
    query: { page: number; pageSize: number },
    language: Language,
  ): Promise<{
    items: FeedbackTicket[];
    total: number;
    page: number;
    pageSize: number;
    unseenReplies: number;
  }> {
    const { rows, total, unseenReplies } = await listMemberTickets(
      this.#deps.db,
      brandCode,
      memberId,
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return {
      items: rows.map((row) => toTicket(row, language)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      unseenReplies,
    };
  }

  /** The member's ticket with its images; opening it marks its reply seen. */
  async memberTicket(
    brandCode: string,
    memberId: bigint,
    id: string,
    language: Language,
  ): Promise<FeedbackTicketDetail> {
    const found = await findMemberTicket(this.#deps.db, brandCode, memberId, BigInt(id));
    if (!found) throw appError(FEEDBACK_ERRORS, 'feedback_not_found');
    const seen =
      found.repliedAt && !found.replySeenAt
        ? await markReplySeen(this.#deps.db, found.id)
        : undefined;
    return this.#detail(seen ?? found, language);
  }

  async operatorList(
    operator: OperatorIdentity,
    filter: { brand: string; status: FeedbackStatus; limit: number },
    context: { ip: string; language: Language },
  ): Promise<Omit<AdminFeedback, 'images'>[]> {
    const brandCode = filter.brand.toLowerCase();
    const rows = await listTicketsForOperators(this.#deps.db, {
      brandCode,
      status: filter.status,
      limit: filter.limit,
    });
    // A read: its row is written on its own.
    await this.#deps.operators.record(this.#deps.db, operator, {
      action: 'feedback_list',
      brandCode,
      targetType: 'feedback',
      details: { status: filter.status, count: rows.length },
      ip: context.ip,
    });
    return rows.map((row) => toAdminSummary(row, context.language));
  }

  async operatorTicket(
    operator: OperatorIdentity,
    id: string,
    context: { ip: string; language: Language },
  ): Promise<AdminFeedback> {
    const row = await this.#operatorRow(this.#deps.db, id);
    await this.#record(this.#deps.db, operator, 'feedback_view', row, context.ip);
    return this.#adminDetail(row, context.language);
  }

  async reply(
    operator: OperatorIdentity,
    id: string,
    reply: string,
    context: { ip: string; language: Language },
  ): Promise<AdminFeedback> {
    const after = await this.#deps.db.transaction(async (transaction) => {
      const before = await this.#operatorRow(transaction, id);
      const replied = await replyToTicket(transaction, before.id, {
        text: reply,
        by: operator.username,
      });
      if (!replied) throw appError(FEEDBACK_ERRORS, 'feedback_closed');
      const row = await this.#operatorRow(transaction, id);
      await this.#record(transaction, operator, 'feedback_reply', row, context.ip, {
        reply,
        ...changes(
          { status: before.status, reply: before.reply, repliedBy: before.repliedBy },
          { status: row.status, reply: row.reply, repliedBy: row.repliedBy },
        ),
      });
      return row;
    });
    return this.#adminDetail(after, context.language);
  }

  async close(
    operator: OperatorIdentity,
    id: string,
    reason: string | undefined,
    context: { ip: string; language: Language },
  ): Promise<AdminFeedback> {
    const after = await this.#deps.db.transaction(async (transaction) => {
      const before = await this.#operatorRow(transaction, id);
      // Closing a closed ticket changes nothing, and nothing is recorded.
      if (!(await closeTicket(transaction, before.id))) return before;
      const row = await this.#operatorRow(transaction, id);
      const change = { before: { status: before.status }, after: { status: row.status } };
      await this.#record(transaction, operator, 'feedback_close', row, context.ip, change, reason);
      return row;
    });
    return this.#adminDetail(after, context.language);
  }

  async #operatorRow(executor: Executor, id: string): Promise<AdminFeedbackRow> {
    const row = await findTicketForOperators(executor, BigInt(id));
    if (!row) throw appError(FEEDBACK_ERRORS, 'feedback_not_found');
    return row;
  }

  async #record(
    executor: Executor,
    operator: OperatorIdentity,
    action: string,
    row: FeedbackRow,
    ip: string,
    details: Record<string, unknown> = {},
    reason?: string,
  ): Promise<void> {
    await this.#deps.operators.record(executor, operator, {
      action,
      brandCode: row.brandCode,
      targetType: 'feedback',
      targetId: String(row.id),
      ...(reason ? { reason } : {}),
      details: { status: row.status, ...details },
      ip,
    });
  }

  #detail(row: FeedbackRow, language: Language): FeedbackTicketDetail {
    return {
      ...toTicket(row, language),
      images: row.imageIds.map((id) => ({ id, url: this.#deps.signer.sign(id) })),
    };
  }

  #adminDetail(row: AdminFeedbackRow, language: Language): AdminFeedback {
    return {
      ...toAdminSummary(row, language),
      ...this.#detail(row, language),
      brand: row.brandCode,
    };
  }
}

function toTicket(row: FeedbackRow, language: Language): FeedbackTicket {
  return {
    id: String(row.id),
    category: row.category,
    categoryName: findFeedbackCategory(row.category)?.names[language] ?? row.category,
    content: row.content,
    imageCount: row.imageIds.length,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    replyUnseen: row.repliedAt !== null && row.replySeenAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminSummary(row: AdminFeedbackRow, language: Language): Omit<AdminFeedback, 'images'> {
  return {
    ...toTicket(row, language),
    brand: row.brandCode,
    username: row.username,
    repliedBy: row.repliedBy,
  };
}
