import { and, asc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { signInDays } from './promo.schema.ts';

/** The days members signed in (or re-signed at a cost) for a sign_in promotion. */

export type SignDayRow = typeof signInDays.$inferSelect;

export async function listSignDays(
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
  fromDay: string,
): Promise<SignDayRow[]> {
  return executor
    .select()
    .from(signInDays)
    .where(
      and(
        eq(signInDays.promotionId, promotionId),
        eq(signInDays.memberId, memberId),
        gte(signInDays.day, fromDay),
      ),
    )
    .orderBy(asc(signInDays.day));
}

/** Records a signed day; false when the day was signed already (the unique key). */
export async function insertSignDay(
  executor: Executor,
  row: typeof signInDays.$inferInsert,
): Promise<boolean> {
  const rows = await executor
    .insert(signInDays)
    .values(row)
    .onConflictDoNothing({
      target: [signInDays.promotionId, signInDays.memberId, signInDays.day],
    })
    .returning({ day: signInDays.day });
  return rows.length > 0;
}
