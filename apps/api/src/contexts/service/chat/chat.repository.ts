import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';
import { operators } from '../../identity/operator/index.ts';
import { chatCannedReplies, chatConversations, chatMessages } from './chat.schema.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type CannedReplyRow = typeof chatCannedReplies.$inferSelect;

/** Who a visitor is: a member of a brand, or a guest by the hash of their chat token. */
export type VisitorKey =
  | { brandCode: string; memberId: bigint; guestKey?: undefined }
  | { brandCode: string; guestKey: string; memberId?: undefined };

/** A conversation with its operator's name and each side's unread count. */
export type ConversationView = ConversationRow & {
  operatorName: string | null;
  visitorUnread: number;
  operatorUnread: number;
};

export type MessageView = MessageRow & { operatorName: string | null };

const conversationColumns = {
  conversation: chatConversations,
  operatorName: operators.username,
  visitorUnread: sql<number>`(select count(*)::int from ${chatMessages} m
    where m.conversation_id = ${chatConversations.id} and m.sender <> 'visitor'
    and m.id > ${chatConversations.visitorReadId})`,
  operatorUnread: sql<number>`(select count(*)::int from ${chatMessages} m
    where m.conversation_id = ${chatConversations.id} and m.sender = 'visitor'
    and m.id > ${chatConversations.operatorReadId})`,
};

function toView(row: {
  conversation: ConversationRow;
  operatorName: string | null;
  visitorUnread: number;
  operatorUnread: number;
}): ConversationView {
  return {
    ...row.conversation,
    operatorName: row.operatorName,
    visitorUnread: Number(row.visitorUnread),
    operatorUnread: Number(row.operatorUnread),
  };
}

async function selectConversations(
  executor: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<ConversationView[]> {
  const rows = await executor
    .select(conversationColumns)
    .from(chatConversations)
    .leftJoin(operators, eq(operators.id, chatConversations.operatorId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map(toView);
}

function ownedBy(visitor: VisitorKey): SQL | undefined {
  return and(
    eq(chatConversations.brandCode, visitor.brandCode),
    visitor.memberId !== undefined
      ? eq(chatConversations.memberId, visitor.memberId)
      : eq(chatConversations.guestKey, visitor.guestKey),
  );
}

/** The visitor's conversation that is not closed, else their latest one; undefined if none. */
export async function findCurrentConversation(
  executor: Executor,
  visitor: VisitorKey,
): Promise<ConversationView | undefined> {
  const rows = await selectConversations(
    executor,
    ownedBy(visitor),
    // Not closed first (at most one), then the newest.
    [sql`(${chatConversations.status} = 'closed')`, desc(chatConversations.id)],
    1,
  );
  return rows[0];
}

/** One conversation of this visitor; undefined when it is not theirs. */
export async function findVisitorConversation(
  executor: Executor,
  visitor: VisitorKey,
  id: bigint,
): Promise<ConversationView | undefined> {
  const rows = await selectConversations(
    executor,
    and(ownedBy(visitor), eq(chatConversations.id, id)),
    [],
    1,
  );
  return rows[0];
}

export async function findConversation(
  executor: Executor,
  id: bigint,
): Promise<ConversationView | undefined> {
  const rows = await selectConversations(executor, eq(chatConversations.id, id), [], 1);
  return rows[0];
}

/**
 * The visitor's live conversation, opened when there is none. Two first messages at once both
 * insert; the partial unique index keeps one and the other reads it.
 */
export async function openLiveConversation(
  executor: Executor,
  visitor: VisitorKey,
  displayName: string,
): Promise<ConversationRow> {
  const live = and(ownedBy(visitor), sql`${chatConversations.status} <> 'closed'`);
  const existing = await executor.select().from(chatConversations).where(live).limit(1);
  if (existing[0]) return existing[0];
  await executor
    .insert(chatConversations)
    .values({
      brandCode: visitor.brandCode,
      memberId: visitor.memberId ?? null,
      guestKey: visitor.guestKey ?? null,
      displayName,
    })
    .onConflictDoNothing();
  const rows = await executor.select().from(chatConversations).where(live).limit(1);
  if (!rows[0]) throw new Error('live chat conversation missing after insert');
  return rows[0];
}

/** Locks the conversation row until the transaction ends, so its messages are written in turn. */
export async function lockConversation(
  executor: Executor,
  id: bigint,
): Promise<ConversationRow | undefined> {
  const rows = await executor
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.id, id))
    .for('update');
  return rows[0];
}

export async function findMessageByClientId(
  executor: Executor,
  conversationId: bigint,
  sender: MessageRow['sender'],
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  const rows = await executor
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.sender, sender),
        eq(chatMessages.clientMessageId, clientMessageId),
      ),
    );
  return rows[0];
}

/**
 * Stores a message and moves the conversation's last-message time; the sender has read their own
 * message. Call with the conversation locked and after findMessageByClientId found nothing.
 */
export async function insertMessage(
  executor: Executor,
  row: typeof chatMessages.$inferInsert,
): Promise<MessageRow> {
  const rows = await executor.insert(chatMessages).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into chat_messages returned no row');
  const readColumn =
    row.sender === 'visitor'
      ? { visitorReadId: inserted.id }
      : row.sender === 'operator'
        ? { operatorReadId: inserted.id }
        : {};
  await executor
    .update(chatConversations)
    .set({ lastMessageAt: inserted.createdAt, ...readColumn })
    .where(eq(chatConversations.id, row.conversationId));
  return inserted;
}

/** A page of messages with the writing operator's name, oldest first. */
export async function listMessages(
  executor: Executor,
  conversationId: bigint,
  page: { before?: bigint; after?: bigint; limit: number },
): Promise<{ messages: MessageView[]; hasMore: boolean }> {
  const conditions = [eq(chatMessages.conversationId, conversationId)];
  if (page.before !== undefined) conditions.push(lt(chatMessages.id, page.before));
  if (page.after !== undefined) conditions.push(gt(chatMessages.id, page.after));
  // Reading forward from `after` goes oldest first; otherwise the newest page is read backwards.
  const forward = page.after !== undefined && page.before === undefined;
  const rows = await executor
    .select({ message: chatMessages, operatorName: operators.username })
    .from(chatMessages)
    .leftJoin(operators, eq(operators.id, chatMessages.operatorId))
    .where(and(...conditions))
    .orderBy(forward ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const kept = rows.slice(0, page.limit).map((row) => ({
    ...row.message,
    operatorName: row.operatorName,
  }));
  return { messages: forward ? kept : kept.reverse(), hasMore };
}

export async function findMessage(
  executor: Executor,
  id: bigint,
): Promise<MessageView | undefined> {
  const rows = await executor
    .select({ message: chatMessages, operatorName: operators.username })
    .from(chatMessages)
    .leftJoin(operators, eq(operators.id, chatMessages.operatorId))
    .where(eq(chatMessages.id, id));
  const row = rows[0];
  return row ? { ...row.message, operatorName: row.operatorName } : undefined;
}

/**
 * Moves one side's read mark forward to `lastId`, capped at the conversation's last message, so
 * a mark never goes back nor past what exists. Answers the mark as it is afterwards.
 */
export async function markRead(
  executor: Executor,
  id: bigint,
  side: 'visitor' | 'operator',
  lastId: bigint,
): Promise<bigint> {
  const column =
    side === 'visitor' ? chatConversations.visitorReadId : chatConversations.operatorReadId;
  const target = sql`least(${lastId}::bigint, coalesce((select max(m.id) from ${chatMessages} m
    where m.conversation_id = ${id}), 0))`;
  const rows = await executor
    .update(chatConversations)
    .set(
      side === 'visitor'
        ? { visitorReadId: sql`greatest(${column}, ${target})` }
        : { operatorReadId: sql`greatest(${column}, ${target})` },
    )
    .where(eq(chatConversations.id, id))
    .returning({ mark: column });
  return rows[0]?.mark ?? 0n;
}

/** Assigns a waiting conversation to the operator; false when it was not waiting any more. */
export async function takeConversation(
  executor: Executor,
  id: bigint,
  operatorId: bigint,
): Promise<boolean> {
  const rows = await executor
    .update(chatConversations)
    .set({ status: 'open', operatorId })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.status, 'waiting')))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

/**
 * Closes the conversation; false when it was closed already, or, with `idleBefore`, when a
 * message arrived since that time (a visitor writing as the idle sweep looks keeps it open).
 */
export async function closeConversation(
  executor: Executor,
  id: bigint,
  idleBefore?: Date,
): Promise<boolean> {
  const rows = await executor
    .update(chatConversations)
    .set({ status: 'closed', closedAt: sql`now()` })
    .where(
      and(
        eq(chatConversations.id, id),
        sql`${chatConversations.status} <> 'closed'`,
        idleBefore === undefined ? undefined : lt(chatConversations.lastMessageAt, idleBefore),
      ),
    )
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

/** Conversations not closed whose last message is older than `before`, oldest first. */
export async function findIdleConversations(
  executor: Executor,
  before: Date,
  limit: number,
): Promise<bigint[]> {
  const rows = await executor
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      and(
        sql`${chatConversations.status} <> 'closed'`,
        lt(chatConversations.lastMessageAt, before),
      ),
    )
    .orderBy(asc(chatConversations.lastMessageAt), asc(chatConversations.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The operators' queue of a brand: waiting conversations oldest first (first come, first
 * served), open ones with the most recent activity first.
 */
export async function listQueue(
  executor: Executor,
  brandCode: string,
  limit: number,
): Promise<{ waiting: ConversationView[]; open: ConversationView[] }> {
  const waiting = await selectConversations(
    executor,
    and(eq(chatConversations.brandCode, brandCode), eq(chatConversations.status, 'waiting')),
    [asc(chatConversations.createdAt), asc(chatConversations.id)],
    limit,
  );
  const open = await selectConversations(
    executor,
    and(eq(chatConversations.brandCode, brandCode), eq(chatConversations.status, 'open')),
    [desc(chatConversations.lastMessageAt), desc(chatConversations.id)],
    limit,
  );
  return { waiting, open };
}

/** The last message of each of these conversations. */
export async function lastMessagesOf(
  executor: Executor,
  conversationIds: readonly bigint[],
): Promise<Map<bigint, MessageView>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([chatMessages.conversationId], {
      message: chatMessages,
      operatorName: operators.username,
    })
    .from(chatMessages)
    .leftJoin(operators, eq(operators.id, chatMessages.operatorId))
    .where(inArray(chatMessages.conversationId, [...conversationIds]))
    .orderBy(chatMessages.conversationId, desc(chatMessages.id));
  return new Map(
    rows.map((row) => [
      row.message.conversationId,
      { ...row.message, operatorName: row.operatorName },
    ]),
  );
}

/** A member's username, for the operators' view of their conversation. */
export async function memberUsername(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
): Promise<string | undefined> {
  const rows = await executor
    .select({ username: members.username })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.brandCode, brandCode)));
  return rows[0]?.username;
}

/**
 * Hands an open conversation from one operator to another; false when it is not open with
 * `fromOperatorId` any more (closed, or moved on meanwhile).
 */
export async function transferConversation(
  executor: Executor,
  id: bigint,
  fromOperatorId: bigint,
  toOperatorId: bigint,
): Promise<boolean> {
  const rows = await executor
    .update(chatConversations)
    .set({ operatorId: toOperatorId })
    .where(
      and(
        eq(chatConversations.id, id),
        eq(chatConversations.status, 'open'),
        eq(chatConversations.operatorId, fromOperatorId),
      ),
    )
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

export type CannedReplyView = CannedReplyRow & { updatedByName: string | null };

const cannedColumns = { reply: chatCannedReplies, updatedByName: operators.username };

/** A brand's canned replies (of one language, or all), by language, sort, title. */
export async function listCannedReplies(
  executor: Executor,
  brandCode: string,
  language: string | undefined,
): Promise<CannedReplyView[]> {
  const rows = await executor
    .select(cannedColumns)
    .from(chatCannedReplies)
    .leftJoin(operators, eq(operators.id, chatCannedReplies.updatedBy))
    .where(
      and(
        eq(chatCannedReplies.brandCode, brandCode),
        language === undefined ? undefined : eq(chatCannedReplies.language, language),
      ),
    )
    .orderBy(
      asc(chatCannedReplies.language),
      asc(chatCannedReplies.sort),
      asc(chatCannedReplies.title),
      asc(chatCannedReplies.id),
    );
  return rows.map((row) => ({ ...row.reply, updatedByName: row.updatedByName }));
}

export async function findCannedReply(
  executor: Executor,
  id: bigint,
): Promise<CannedReplyView | undefined> {
  const rows = await executor
    .select(cannedColumns)
    .from(chatCannedReplies)
    .leftJoin(operators, eq(operators.id, chatCannedReplies.updatedBy))
    .where(eq(chatCannedReplies.id, id));
  const row = rows[0];
  return row ? { ...row.reply, updatedByName: row.updatedByName } : undefined;
}

/** Locks a canned reply until the transaction ends; undefined when there is none. */
export async function lockCannedReply(
  executor: Executor,
  id: bigint,
): Promise<CannedReplyRow | undefined> {
  const rows = await executor
    .select()
    .from(chatCannedReplies)
    .where(eq(chatCannedReplies.id, id))
    .for('update');
  return rows[0];
}

export async function countCannedReplies(
  executor: Executor,
  brandCode: string,
  language: string,
): Promise<number> {
  const rows = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(chatCannedReplies)
    .where(
      and(eq(chatCannedReplies.brandCode, brandCode), eq(chatCannedReplies.language, language)),
    );
  return Number(rows[0]?.count ?? 0);
}

export async function insertCannedReply(
  executor: Executor,
  row: typeof chatCannedReplies.$inferInsert,
): Promise<CannedReplyRow> {
  const rows = await executor.insert(chatCannedReplies).values(row).returning();
  if (!rows[0]) throw new Error('insert into chat_canned_replies returned no row');
  return rows[0];
}

export async function updateCannedReply(
  executor: Executor,
  id: bigint,
  changes: { title?: string; body?: string; sort?: number; updatedBy: bigint },
): Promise<void> {
  await executor
    .update(chatCannedReplies)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(chatCannedReplies.id, id));
}

export async function deleteCannedReply(executor: Executor, id: bigint): Promise<void> {
  await executor.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id));
}

/** The brand of a canned reply, or null when there is none (the operator guard's rule). */
export async function cannedReplyBrand(executor: Executor, id: bigint): Promise<string | null> {
  const rows = await executor
    .select({ brandCode: chatCannedReplies.brandCode })
    .from(chatCannedReplies)
    .where(eq(chatCannedReplies.id, id));
  return rows[0]?.brandCode ?? null;
}
