import {
  KYC_DOCUMENT_LEVEL,
  type KycLevel,
  type KycRequirementReason,
  type KycThresholds,
  type MemberKyc,
} from '@lobby/contracts';
import { scaleOf, toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { findMemberUploadIds, type UploadUrlSigner } from '../../identity/upload/index.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { KYC_ERRORS } from './kyc.errors.ts';
import {
  kycLevelOf,
  kycRequirements,
  kycThresholdsMinor,
  type KycMovement,
  type KycThresholdsMinor,
} from './kyc-rules.ts';
import {
  findKycFacts,
  findLatestSubmission,
  insertPendingSubmission,
  type KycSubmissionView,
} from './kyc.repository.ts';

/** The member's confirmed deposits in all, in minor units of `currency` (money, from app.ts). */
export type ConfirmedDeposits = (
  brandCode: string,
  memberId: bigint,
  currency: string,
) => Promise<bigint>;

/**
 * The one KYC check the money paths call (deposit orders, withdrawal requests): the money context
 * receives it from protection and calls it before it moves anything.
 */
export type KycGate = Pick<KycService, 'assertMoneyAllowed'>;

/** The upload purpose of identity document images. */
export const KYC_UPLOAD_PURPOSE = 'kyc';

export type KycDependencies = {
  db: Database;
  /** Signs the short-lived addresses of the document images. */
  signer: UploadUrlSigner;
  confirmedDeposits: ConfirmedDeposits;
};

/** A member's standing: level, the brand's thresholds, what already applies. */
export type KycStanding = {
  level: KycLevel;
  contactVerified: boolean;
  thresholds: KycThresholdsMinor;
  requiredFor: KycRequirementReason[];
};

/** The brand's thresholds as the member and the console read them. */
export function thresholdsView(brand: Brand, thresholds: KycThresholdsMinor): KycThresholds {
  const currency = brandCurrency(brand);
  return {
    beforeFirstDeposit: thresholds.beforeFirstDeposit,
    withdrawalAbove:
      thresholds.withdrawalAboveMinor === null
        ? null
        : toDecimalString(thresholds.withdrawalAboveMinor, currency),
    cumulativeDeposits: toDecimalString(thresholds.cumulativeDepositsMinor, currency),
    currency,
    eurRate: brand.compliance.eurRate,
    eurRateRecordedOn: brand.compliance.eurRateRecordedOn,
  };
}

/** The signed, short-lived addresses of a submission's three images. */
export function imagesOf(signer: UploadUrlSigner, submission: KycSubmissionView) {
  const sign = (id: string) => signer.signDocument(id, submission.brandCode);
  return {
    idFront: sign(submission.idFrontUploadId),
    idBack: sign(submission.idBackUploadId),
    selfie: sign(submission.selfieUploadId),
  };
}

/**
 * Identity verification, the member's side and the check every money path asks: a member's level
 * (kyc-rules.ts), the document set they send, and `assertMoneyAllowed`, which the deposit and
 * withdrawal services call before they move anything.
 */
export class KycService {
  readonly #deps: KycDependencies;

  constructor(dependencies: KycDependencies) {
    this.#deps = dependencies;
  }

  /** The member's level, the brand's thresholds and what applies now. */
  async standing(brand: Brand, memberId: bigint): Promise<KycStanding> {
    const facts = await findKycFacts(this.#deps.db, brand.config.code, memberId);
    if (!facts) throw commonError('not_found');
    const level = kycLevelOf(facts);
    const thresholds = kycThresholdsMinor(brand.compliance, scaleOf(brandCurrency(brand)));
    const requiredFor =
      level >= KYC_DOCUMENT_LEVEL
        ? []
        : kycRequirements(
            thresholds,
            { level, confirmedDepositsMinor: await this.#deposits(brand, memberId) },
            { kind: 'standing' },
          );
    return { level, contactVerified: facts.contactVerified, thresholds, requiredFor };
  }

  /**
   * The KYC check of a money movement the member starts: `kyc_required` (with the level needed)
   * when the brand's profile asks for level 2 first. Deposits: before any deposit where the
   * profile says so, and once the confirmed deposits reached the cumulative threshold.
   * Withdrawals: above the amount threshold, and past the cumulative threshold.
   */
  async assertMoneyAllowed(
    brand: Brand,
    memberId: bigint,
    movement: Exclude<KycMovement, { kind: 'standing' }>,
  ): Promise<void> {
    const facts = await findKycFacts(this.#deps.db, brand.config.code, memberId);
    if (!facts) throw commonError('not_found');
    const level = kycLevelOf(facts);
    if (level >= KYC_DOCUMENT_LEVEL) return;
    const thresholds = kycThresholdsMinor(brand.compliance, scaleOf(brandCurrency(brand)));
    const reasons = kycRequirements(
      thresholds,
      { level, confirmedDepositsMinor: await this.#deposits(brand, memberId) },
      movement,
    );
    if (reasons.length > 0) {
      throw appError(KYC_ERRORS, 'kyc_required', { params: { level: KYC_DOCUMENT_LEVEL } });
    }
  }

  /** The member screen: level, thresholds, the latest submission with its images. */
  async memberView(brand: Brand, memberId: bigint): Promise<MemberKyc> {
    const standing = await this.standing(brand, memberId);
    const latest = await findLatestSubmission(this.#deps.db, memberId);
    return {
      level: standing.level,
      contactVerified: standing.contactVerified,
      thresholds: thresholdsView(brand, standing.thresholds),
      requiredFor: standing.requiredFor,
      submission: latest
        ? {
            id: String(latest.id),
            status: latest.status,
            submittedAt: latest.submittedAt.toISOString(),
            decidedAt: latest.decidedAt?.toISOString() ?? null,
            reason: latest.reason,
            images: imagesOf(this.#deps.signer, latest),
          }
        : null,
      canSubmit: standing.level < KYC_DOCUMENT_LEVEL && latest?.status !== 'pending',
    };
  }

  /**
   * A new document set: three different images the member uploaded for identity documents.
   * Refused at level 2 and while a set waits; two racing requests make one set.
   */
  async submit(
    brand: Brand,
    memberId: bigint,
    images: { idFront: string; idBack: string; selfie: string },
  ): Promise<MemberKyc> {
    const { db } = this.#deps;
    const brandCode = brand.config.code;
    const ids = [images.idFront, images.idBack, images.selfie];
    if (new Set(ids).size !== ids.length) throw appError(KYC_ERRORS, 'kyc_image_invalid');
    const facts = await findKycFacts(db, brandCode, memberId);
    if (!facts) throw commonError('not_found');
    if (kycLevelOf(facts) >= KYC_DOCUMENT_LEVEL) {
      throw appError(KYC_ERRORS, 'kyc_already_verified');
    }
    const owned = await findMemberUploadIds(db, {
      brandCode,
      memberId,
      purpose: KYC_UPLOAD_PURPOSE,
      ids,
    });
    if (owned.length !== ids.length) throw appError(KYC_ERRORS, 'kyc_image_invalid');
    const inserted = await insertPendingSubmission(db, {
      brandCode,
      memberId,
      idFrontUploadId: images.idFront,
      idBackUploadId: images.idBack,
      selfieUploadId: images.selfie,
    });
    if (!inserted) throw appError(KYC_ERRORS, 'kyc_pending');
    return this.memberView(brand, memberId);
  }

  #deposits(brand: Brand, memberId: bigint): Promise<bigint> {
    return this.#deps.confirmedDeposits(brand.config.code, memberId, brandCurrency(brand));
  }
}
