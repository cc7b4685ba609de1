import type {
  AdminMessage,
  MemberMessage,
  MemberMessageSummary,
  MessageCategory,
} from '@lobby/contracts';
import { NodeMemo, type Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import type { Brand } from '../../platform/brand/index.ts';
import { findMemberByUsername } from '../../identity/member/index.ts';
import {
  changes,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import { MESSAGE_ERRORS } from './messages.errors.ts';
import {
  countUnreadMessages,
  findSentMessage,
  findVisibleMessages,
  insertMessage,
  listSentMessages,
  listVisibleMessages,
  markAllMessagesRead,
  markMessagesDeleted,
  markMessagesRead,
  messageBrand,
  type SentMessageRow,
  type Viewer,
  type ViewerMessageRow,
  withdrawMessage,
} from './messages.repository.ts';

const PREVIEW_LENGTH = 80;

/** The start of a body on one line, cut at a whole character. */
export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length <= PREVIEW_LENGTH
    ? line
    : `${characters.slice(0, PREVIEW_LENGTH - 1).join('')}…`;
}

function summaryView(row: ViewerMessageRow): MemberMessageSummary {
  return {
    id: String(row.id),
    category: row.category,
    title: row.title,
    preview: previewOf(row.body),
    broadcast: row.memberId === null,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

function adminView(row: SentMessageRow): AdminMessage {
  return {
    id: String(row.id),
    brand: row.brandCode,
    username: row.username,
    category: row.category,
    title: row.title,
    body: row.body,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    readCount: row.readCount,
  };
}

/**
 * The message centre. A member sees the brand's messages sent to them and the broadcasts sent
 * since they registered, minus withdrawn ones and the ones they deleted; read and deleted marks
 * are the member's own, so deleting a broadcast hides it from this member only. Anything a
 * member does not see answers message_not_found, whoever it belongs to, and changes nothing.
 */
export class MessagesService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  /**
   * Unread counts by brand and member, which every open page asks for every 30 s: kept by each
   * node until a message is sent, read, deleted or withdrawn (announced to every node).
   */
  readonly #unread: NodeMemo<number> | undefined;

  constructor(dependencies: { db: Database; operators: OperatorService; cache?: Cache }) {
    this.#db = dependencies.db;
    this.#operators = dependencies.operators;
    this.#unread = dependencies.cache
      ? new NodeMemo({
          cache: dependencies.cache,
          channel: 'member-messages-changed',
          maxEntries: 200_000,
          maxAgeMs: 5 * 60_000,
        })
      : undefined;
  }

  async start(): Promise<void> {
    await this.#unread?.start();
  }

  async stop(): Promise<void> {
    await this.#unread?.stop();
  }

  /** Every node counts the member's unread messages (or all the brand's members') again. */
  async #changed(brandCode: string, memberId?: bigint): Promise<void> {
    await this.#unread?.changed(brandCode, memberId === undefined ? undefined : String(memberId));
  }

  /** The brand of a message, or null when there is none: the operator guard's brand rule. */
  messageBrand(id: string): Promise<string | null> {
    return messageBrand(this.#db, BigInt(id));
  }

  async list(
    viewer: Viewer,
    filter: { category: MessageCategory | 'all'; page: number; pageSize: number },
  ) {
    const { rows, total } = await listVisibleMessages(this.#db, viewer, {
      category: filter.category === 'all' ? undefined : filter.category,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      items: rows.map(summaryView),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
      unread: await countUnreadMessages(this.#db, viewer),
    };
  }

  /** One message; opening it marks it read. */
  async detail(viewer: Viewer, id: bigint): Promise<MemberMessage> {
    const [row] = await findVisibleMessages(this.#db, viewer, [id]);
    if (!row) throw appError(MESSAGE_ERRORS, 'message_not_found');
    if (row.readAt === null) {
      await markMessagesRead(this.#db, viewer.memberId, [id]);
      await this.#changed(viewer.brandCode, viewer.memberId);
    }
    const { preview: _preview, ...summary } = summaryView(row);
    return { ...summary, read: true, body: row.body };
  }

  async unread(viewer: Viewer): Promise<{ unread: number }> {
    const load = () => countUnreadMessages(this.#db, viewer);
    const unread = this.#unread
      ? await this.#unread.get(viewer.brandCode, String(viewer.memberId), load)
      : await load();
    return { unread };
  }

  async markRead(viewer: Viewer, id: bigint | 'all'): Promise<{ unread: number }> {
    if (id === 'all') {
      await markAllMessagesRead(this.#db, viewer);
    } else {
      const [row] = await findVisibleMessages(this.#db, viewer, [id]);
      if (!row) throw appError(MESSAGE_ERRORS, 'message_not_found');
      await markMessagesRead(this.#db, viewer.memberId, [id]);
    }
    await this.#changed(viewer.brandCode, viewer.memberId);
    return this.unread(viewer);
  }

  /** Deletes all of these for the member, or none when any is not theirs. */
  async delete(viewer: Viewer, ids: bigint[]): Promise<{ deleted: number; unread: number }> {
    const unique = [...new Set(ids)];
    await this.#db.transaction(async (transaction) => {
      const found = await findVisibleMessages(transaction, viewer, unique);
      if (found.length !== unique.length) throw appError(MESSAGE_ERRORS, 'message_not_found');
      await markMessagesDeleted(transaction, viewer.memberId, unique);
    });
    await this.#changed(viewer.brandCode, viewer.memberId);
    return { deleted: unique.length, ...(await this.unread(viewer)) };
  }

  /** A personal message to a member of the brand, or a broadcast to its members. */
  async send(
    operator: OperatorIdentity,
    brand: Brand,
    input: {
      username?: string | undefined;
      category?: MessageCategory | undefined;
      title: string;
      body: string;
    },
    context: { ip: string },
  ): Promise<AdminMessage> {
    const brandCode = brand.config.code;
    let member: { id: bigint; username: string } | undefined;
    if (input.username !== undefined) {
      member = await findMemberByUsername(this.#db, brandCode, input.username.toLowerCase());
      if (!member) throw appError(MESSAGE_ERRORS, 'member_not_found');
    }
    const row = await this.#db.transaction(async (transaction) => {
      const inserted = await insertMessage(transaction, {
        brandCode,
        memberId: member?.id ?? null,
        category: input.category ?? (member ? 'personal' : 'notice'),
        title: input.title,
        body: input.body,
        createdBy: operator.username,
      });
      await this.#operators.record(transaction, operator, {
        action: member ? 'message_send' : 'message_broadcast',
        brandCode,
        targetType: member ? 'member' : 'brand',
        targetId: member ? member.username : brandCode,
        details: {
          messageId: String(inserted.id),
          category: inserted.category,
          title: inserted.title,
          before: null,
          after: {
            recipient: member ? member.username : null,
            category: inserted.category,
            title: inserted.title,
            body: inserted.body,
          },
        },
        ip: context.ip,
      });
      return inserted;
    });
    await this.#changed(brandCode, member?.id);
    return adminView({ ...row, username: member?.username ?? null, readCount: 0 });
  }

  async sent(
    brand: Brand,
    filter: { username?: string | undefined; page: number; pageSize: number },
  ) {
    const brandCode = brand.config.code;
    let memberId: bigint | undefined;
    if (filter.username !== undefined) {
      const member = await findMemberByUsername(this.#db, brandCode, filter.username.toLowerCase());
      if (!member) throw appError(MESSAGE_ERRORS, 'member_not_found');
      memberId = member.id;
    }
    const { rows, total } = await listSentMessages(this.#db, {
      brandCode,
      memberId,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { items: rows.map(adminView), total, page: filter.page, pageSize: filter.pageSize };
  }

  async withdraw(
    operator: OperatorIdentity,
    id: bigint,
    input: { reason?: string | undefined },
    context: { ip: string },
  ): Promise<AdminMessage> {
    const after = await this.#db.transaction(async (transaction) => {
      const before = await findSentMessage(transaction, id);
      if (!before) throw appError(MESSAGE_ERRORS, 'message_not_found');
      await withdrawMessage(transaction, id);
      const row = await findSentMessage(transaction, id);
      if (!row) throw new Error(`message ${id} vanished while being withdrawn`);
      await this.#operators.record(transaction, operator, {
        action: 'message_withdraw',
        brandCode: row.brandCode,
        targetType: 'message',
        targetId: String(id),
        ...(input.reason ? { reason: input.reason } : {}),
        details: {
          alreadyWithdrawn: before.withdrawnAt !== null,
          title: row.title,
          ...changes(
            { withdrawnAt: before.withdrawnAt?.toISOString() ?? null },
            { withdrawnAt: row.withdrawnAt?.toISOString() ?? null },
          ),
        },
        ip: context.ip,
      });
      return row;
    });
    await this.#changed(after.brandCode);
    return adminView(after);
  }
}
