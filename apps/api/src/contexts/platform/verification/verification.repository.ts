import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { outboxMessages } from './verification.schema.ts';

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessageRow = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(
  executor: Executor,
  message: NewOutboxMessageRow,
): Promise<void> {
  await executor.insert(outboxMessages).values(message);
}

/** A recipient's latest messages in a brand, newest first. */
export async function listOutboxMessages(
  executor: Executor,
  filter: { brandCode: string; recipient: string; limit: number },
): Promise<OutboxMessageRow[]> {
  return executor
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, filter.recipient),
        eq(outboxMessages.brandCode, filter.brandCode),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(filter.limit);
}
