import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';
import { uploads } from '../../identity/upload/upload.schema.ts';

/** The KYC module's table: its repository is the only code that reads or writes it. */

/**
 * A member's identity document sets (issue 15, point 7): the front and back of a document and a
 * selfie, private uploads of the member (purpose `kyc`), and the operator's decision. At most one
 * set waits per member (`kyc_submissions_one_pending`); an approved set makes the member level 2.
 * Rows are never deleted: the decisions are the member's verification history.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    idFrontUploadId: text('id_front_upload_id')
      .notNull()
      .references(() => uploads.id),
    idBackUploadId: text('id_back_upload_id')
      .notNull()
      .references(() => uploads.id),
    selfieUploadId: text('selfie_upload_id')
      .notNull()
      .references(() => uploads.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator reviewing it, while the claim lasts (KYC_CLAIM_MINUTES). */
    claimedBy: bigint('claimed_by', { mode: 'bigint' }).references(() => operators.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The operator's reason: required on a rejection, shown to the member. */
    reason: text('reason'),
  },
  (table) => [
    uniqueIndex('kyc_submissions_one_pending')
      .on(table.memberId)
      .where(sql`${table.status} = 'pending'`),
    index('kyc_submissions_member').on(table.memberId, table.id),
    index('kyc_submissions_queue').on(table.status, table.id),
    check(
      'kyc_submissions_decided',
      sql`(${table.status} = 'pending') = (${table.decidedAt} is null)`,
    ),
    check(
      'kyc_submissions_reject_reason',
      sql`${table.status} <> 'rejected' or ${table.reason} is not null`,
    ),
  ],
);
