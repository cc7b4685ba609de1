import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

export async function insertUpload(executor: Executor, upload: NewUploadRow): Promise<void> {
  await executor.insert(uploads).values(upload);
}

/** An upload of a brand; null when it does not exist or belongs to another brand. */
export async function findUpload(
  executor: Executor,
  brandCode: string,
  id: string,
): Promise<Pick<UploadRow, 'contentType' | 'data' | 'sha256'> | null> {
  const rows = await executor
    .select({ contentType: uploads.contentType, data: uploads.data, sha256: uploads.sha256 })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.brandCode, brandCode)));
  return rows[0] ?? null;
}

/** How many files a member uploaded. */
export async function countMemberUploads(executor: Executor, memberId: bigint): Promise<number> {
  const rows = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(uploads)
    .where(eq(uploads.memberId, memberId));
  return rows[0]?.count ?? 0;
}
