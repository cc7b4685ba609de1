import type {
  AdminKycSubmission,
  AdminKycSubmissionRow,
  AdminMemberKyc,
  KycSubmissionStatus,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { findMemberById, memberBrandOf } from '../../identity/member/index.ts';
import type { ActionRecorder, OperatorIdentity } from '../../identity/operator/index.ts';
import type { UploadUrlSigner } from '../../identity/upload/index.ts';
import type { AuditLog } from '../../platform/audit/index.ts';
import type { BrandRegistry } from '../../platform/brand/index.ts';
import { KYC_ERRORS } from './kyc.errors.ts';
import {
  findSubmission,
  listMemberSubmissions,
  listSubmissions,
  lockSubmission,
  submissionBrand,
  updateSubmission,
  type KycSubmissionRow,
  type KycSubmissionView,
} from './kyc.repository.ts';
import { imagesOf, thresholdsView, type KycService } from './kyc.service.ts';

/** How long a claim holds a submission for its operator. */
export const KYC_CLAIM_MINUTES = 30;
const CLAIM_MS = KYC_CLAIM_MINUTES * 60_000;
const HISTORY_LIMIT = 20;

export type KycReviewDependencies = {
  db: Database;
  brands: BrandRegistry;
  kyc: KycService;
  operators: ActionRecorder;
  audit: AuditLog;
  signer: UploadUrlSigner;
};

function claimLive(row: Pick<KycSubmissionRow, 'claimedBy' | 'claimedAt'>, now: Date): boolean {
  return (
    row.claimedBy !== null &&
    row.claimedAt !== null &&
    row.claimedAt.getTime() + CLAIM_MS > now.getTime()
  );
}

export function toAdminRow(view: KycSubmissionView, now = new Date()): AdminKycSubmissionRow {
  const live = view.status === 'pending' && claimLive(view, now);
  return {
    id: String(view.id),
    brand: view.brandCode,
    memberId: String(view.memberId),
    username: view.username,
    status: view.status,
    submittedAt: view.submittedAt.toISOString(),
    claimedBy: live ? view.claimedByName : null,
    claimedUntil:
      live && view.claimedAt ? new Date(view.claimedAt.getTime() + CLAIM_MS).toISOString() : null,
    decidedBy: view.decidedByName,
    decidedAt: view.decidedAt?.toISOString() ?? null,
    reason: view.reason,
  };
}

/**
 * The operators' KYC queue (`kyc.review`): pending document sets of the operator's brands oldest
 * first, an optional claim, the three images on short-lived signed addresses, and the decision.
 * A decision writes its action-log row and a `kyc_decision` significant event in the transaction
 * that changes the submission, so the three commit together or not at all.
 */
export class KycReview {
  readonly #deps: KycReviewDependencies;

  constructor(dependencies: KycReviewDependencies) {
    this.#deps = dependencies;
  }

  /** The brand of a submission, or null: the operator guard's brand rule. */
  submissionBrand(id: string): Promise<string | null> {
    return submissionBrand(this.#deps.db, BigInt(id));
  }

  /** The brand of a member, or null: the member 360 panel's brand rule. */
  memberBrand(memberId: string): Promise<string | null> {
    return memberBrandOf(this.#deps.db, BigInt(memberId));
  }

  async queue(filter: {
    brands: readonly string[] | null;
    status: KycSubmissionStatus;
    afterId?: string;
    limit: number;
  }): Promise<AdminKycSubmissionRow[]> {
    const rows = await listSubmissions(this.#deps.db, {
      brands: filter.brands,
      status: filter.status,
      limit: filter.limit,
      ...(filter.afterId === undefined ? {} : { afterId: BigInt(filter.afterId) }),
    });
    const now = new Date();
    return rows.map((row) => toAdminRow(row, now));
  }

  async detail(id: string): Promise<AdminKycSubmission> {
    const { db, signer } = this.#deps;
    const view = await this.#view(BigInt(id));
    const member = await findMemberById(db, view.brandCode, view.memberId);
    const standing = await this.#deps.kyc.standing(this.#brand(view.brandCode), view.memberId);
    const history = await listMemberSubmissions(db, view.memberId, HISTORY_LIMIT);
    return {
      ...toAdminRow(view),
      level: standing.level,
      realName: member?.realName ?? null,
      dateOfBirth: member?.dateOfBirth ?? null,
      images: imagesOf(signer, view),
      history: history.filter((row) => row.id !== view.id).map((row) => toAdminRow(row)),
    };
  }

  /** Takes the submission for review; another operator's live claim is refused. */
  async claim(operator: OperatorIdentity, id: string, ip: string): Promise<AdminKycSubmissionRow> {
    return this.#change(operator, BigInt(id), ip, 'kyc_claim', (row, now) => {
      if (row.claimedBy === operator.operatorId && claimLive(row, now)) return null;
      return { claimedBy: operator.operatorId, claimedAt: now };
    });
  }

  /** Gives the submission back to the queue. */
  async release(
    operator: OperatorIdentity,
    id: string,
    ip: string,
  ): Promise<AdminKycSubmissionRow> {
    return this.#change(operator, BigInt(id), ip, 'kyc_release', (row) =>
      row.claimedBy === null ? null : { claimedBy: null, claimedAt: null },
    );
  }

  /** Approves (the member becomes level 2) or rejects (with the reason the member reads). */
  async decide(
    operator: OperatorIdentity,
    id: string,
    decision: 'approved' | 'rejected',
    input: { reason: string | null; ip: string },
  ): Promise<AdminKycSubmissionRow> {
    const reason = input.reason === null || input.reason === '' ? null : input.reason;
    return this.#change(
      operator,
      BigInt(id),
      input.ip,
      decision === 'approved' ? 'kyc_approve' : 'kyc_reject',
      (_row, now) => ({
        status: decision,
        decidedBy: operator.operatorId,
        decidedAt: now,
        reason,
        claimedBy: null,
        claimedAt: null,
      }),
      reason,
    );
  }

  /** The member 360's panel: level, thresholds, what applies, the latest submission. */
  async memberKyc(memberId: string): Promise<AdminMemberKyc> {
    const { db } = this.#deps;
    const id = BigInt(memberId);
    const brandCode = await memberBrandOf(db, id);
    if (!brandCode) throw appError(KYC_ERRORS, 'member_not_found');
    const brand = this.#brand(brandCode);
    const standing = await this.#deps.kyc.standing(brand, id);
    const [latest] = await listMemberSubmissions(db, id, 1);
    return {
      level: standing.level,
      contactVerified: standing.contactVerified,
      thresholds: thresholdsView(brand, standing.thresholds),
      requiredFor: standing.requiredFor,
      latest: latest ? toAdminRow(latest) : null,
    };
  }

  /**
   * A change of a pending submission under its row lock: refused once decided, and while another
   * operator's claim is live. `change` answers the new values, or null for nothing to do (a claim
   * already held). Action logged; a decision is also a significant event.
   */
  async #change(
    operator: OperatorIdentity,
    id: bigint,
    ip: string,
    action: 'kyc_claim' | 'kyc_release' | 'kyc_approve' | 'kyc_reject',
    change: (row: KycSubmissionRow, now: Date) => Parameters<typeof updateSubmission>[2] | null,
    reason: string | null = null,
  ): Promise<AdminKycSubmissionRow> {
    const { db, operators, audit } = this.#deps;
    await db.transaction(async (transaction) => {
      const row = await lockSubmission(transaction, id);
      if (!row) throw appError(KYC_ERRORS, 'kyc_submission_not_found');
      if (row.status !== 'pending') throw appError(KYC_ERRORS, 'kyc_already_decided');
      const now = new Date();
      if (claimLive(row, now) && row.claimedBy !== operator.operatorId) {
        throw appError(KYC_ERRORS, 'kyc_claimed');
      }
      const values = change(row, now);
      if (values === null) return;
      await updateSubmission(transaction, id, values);
      const decided = values.status === 'approved' || values.status === 'rejected';
      await operators.record(transaction, operator, {
        action,
        brandCode: row.brandCode,
        targetType: 'member',
        targetId: String(row.memberId),
        ...(reason === null ? {} : { reason }),
        details: {
          submissionId: String(row.id),
          before: { status: row.status, claimedBy: row.claimedBy?.toString() ?? null },
          after: {
            status: values.status ?? row.status,
            claimedBy:
              values.claimedBy === undefined
                ? (row.claimedBy?.toString() ?? null)
                : (values.claimedBy?.toString() ?? null),
          },
        },
        ip,
      });
      if (decided) {
        await audit.record(transaction, {
          kind: 'kyc_decision',
          brandCode: row.brandCode,
          memberId: row.memberId,
          actor: { type: 'operator', id: String(operator.operatorId) },
          details: {
            submissionId: String(row.id),
            decision: values.status,
            operator: operator.username,
            reason,
            level: values.status === 'approved' ? 2 : null,
          },
        });
      }
    });
    return toAdminRow(await this.#view(id));
  }

  async #view(id: bigint): Promise<KycSubmissionView> {
    const view = await findSubmission(this.#deps.db, id);
    if (!view) throw appError(KYC_ERRORS, 'kyc_submission_not_found');
    return view;
  }

  #brand(code: string) {
    const brand = this.#deps.brands.get(code);
    if (!brand) throw new Error(`kyc: brand ${code} is not served`);
    return brand;
  }
}
