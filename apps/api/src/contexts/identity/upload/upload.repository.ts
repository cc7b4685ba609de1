import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { uploads } from './upload.schema.ts';

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
): Promise<Pick<UploadRow, 'contentType' | 'data' | 'sha256' | 'purpose' | 'memberId'> | null> {
  const rows = await executor
    .select({
      contentType: uploads.contentType,
      data: uploads.data,
      sha256: uploads.sha256,
      purpose: uploads.purpose,
      memberId: uploads.memberId,
    })
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

/** The ids among `ids` that are uploads of this member, brand and purpose. */
export async function findMemberUploadIds(
  executor: Executor,
  filter: { brandCode: string; memberId: bigint; purpose: string; ids: readonly string[] },
): Promise<string[]> {
  if (filter.ids.length === 0) return [];
  const rows = await executor
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, [...filter.ids]),
        eq(uploads.brandCode, filter.brandCode),
        eq(uploads.memberId, filter.memberId),
        eq(uploads.purpose, filter.purpose),
      ),
    );
  return rows.map((row) => row.id);
}
