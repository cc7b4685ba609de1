import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from '../../identity/member/index.ts';

/** A member's username, or undefined when there is no such member in the brand. */
export async function findUsername(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
): Promise<string | undefined> {
  const rows = await executor
    .select({ username: members.username })
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.id, memberId)));
  return rows[0]?.username;
}
