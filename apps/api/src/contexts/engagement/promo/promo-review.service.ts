import {
  PROMOTION_RULE_SCHEMAS,
  type AdminClaim,
  type AdminExchange,
  type ApplyRules,
} from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { type Brand, type BrandRegistry, brandCurrency } from '../../platform/brand/index.ts';
import { operatorActor } from '../../money/ledger/index.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import { amountOf, operatorBrand, type ActionContext } from './promo-admin.service.ts';
import type { PromoClaimService } from './promo-claims.service.ts';
import {
  changeClaim,
  findClaim,
  findClaimWithNames,
  listClaimsForOperator,
  type ClaimRow,
} from './promo-claims.repository.ts';
import {
  changeExchange,
  findExchange,
  findExchangeWithNames,
  listExchangesForOperator,
  restoreGiftStock,
  type ExchangeRow,
} from './promo-gifts.repository.ts';
import { PROMO_ERRORS } from './promo.errors.ts';
import { findPromotion } from './promo.repository.ts';
import { adminClaimView, adminExchangeView } from './promo.views.ts';

/**
 * The operators' review: claims of deposit bonuses and apply promotions (approved and paid, or
 * rejected), and item exchanges (delivered, or rejected with the stock and turnover given back).
 */
export class PromoReviewService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #brands: BrandRegistry;
  readonly #claims: PromoClaimService;
  readonly #now: () => Date;

  constructor(options: {
    db: Database;
    operators: OperatorService;
    brands: BrandRegistry;
    claims: PromoClaimService;
    now: () => Date;
  }) {
    this.#db = options.db;
    this.#operators = options.operators;
    this.#brands = options.brands;
    this.#claims = options.claims;
    this.#now = options.now;
  }

  #brand(code: string): Brand {
    return operatorBrand(this.#brands, code);
  }

  async operatorClaims(filter: {
    brand: string;
    status?: ClaimRow['status'] | undefined;
    page: number;
    pageSize: number;
  }) {
    const brand = this.#brand(filter.brand);
    const { rows, total } = await listClaimsForOperator(
      this.#db,
      { brandCode: filter.brand, status: filter.status },
      { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize },
    );
    return {
      items: rows.map((row) => adminClaimView(row, brand)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  /** Approves a pending claim and pays it (apply: the amount given or the rules' default). */
  async approveClaim(
    operator: OperatorIdentity,
    id: string,
    input: { amount?: string | undefined; note?: string | undefined },
    context: ActionContext,
  ): Promise<AdminClaim> {
    const claim = await findClaim(this.#db, BigInt(id));
    if (!claim) throw appError(PROMO_ERRORS, 'claim_not_found');
    if (claim.status !== 'pending') throw appError(PROMO_ERRORS, 'claim_not_pending');
    const promotion = await findPromotion(this.#db, claim.promotionId);
    if (!promotion) throw appError(PROMO_ERRORS, 'promotion_not_found');
    const brand = this.#brand(promotion.brandCode);
    const currency = brandCurrency(brand);
    let reward = claim.rewardMinor;
    if (promotion.kind === 'apply') {
      const rules: ApplyRules = PROMOTION_RULE_SCHEMAS.apply.parse(promotion.rules);
      reward =
        input.amount !== undefined
          ? amountOf(input.amount, currency)
          : BigInt(rules.defaultRewardMinor);
    }
    if (reward <= 0n) throw appError(PROMO_ERRORS, 'claim_amount_required');
    await this.#claims.payClaim(
      brand,
      promotion,
      claim,
      reward,
      {
        actor: operatorActor(operator),
        reviewedBy: operator.username,
        alongside: (transaction) =>
          this.#operators.record(transaction, operator, {
            action: 'promotion_claim_approve',
            brandCode: promotion.brandCode,
            targetType: 'promotion_claim',
            targetId: claim.id.toString(),
            details: {
              reward: toDecimalString(reward, currency),
              promotionId: promotion.id.toString(),
              before: { status: 'pending' },
              after: { status: 'paid', reward: toDecimalString(reward, currency) },
            },
            ip: context.ip,
          }),
      },
      input.note,
    );
    return this.#adminClaim(claim.id, brand);
  }

  async rejectClaim(
    operator: OperatorIdentity,
    id: string,
    note: string,
    context: ActionContext,
  ): Promise<AdminClaim> {
    const claim = await findClaim(this.#db, BigInt(id));
    if (!claim) throw appError(PROMO_ERRORS, 'claim_not_found');
    await this.#db.transaction(async (transaction) => {
      const changed = await changeClaim(transaction, claim.id, ['pending'], {
        status: 'rejected',
        reviewedBy: operator.username,
        reviewNote: note,
        decidedAt: this.#now(),
      });
      if (!changed) throw appError(PROMO_ERRORS, 'claim_not_pending');
      await this.#operators.record(transaction, operator, {
        action: 'promotion_claim_reject',
        brandCode: claim.brandCode,
        targetType: 'promotion_claim',
        targetId: claim.id.toString(),
        reason: note,
        details: { before: { status: 'pending' }, after: { status: 'rejected' } },
        ip: context.ip,
      });
    });
    return this.#adminClaim(claim.id, this.#brand(claim.brandCode));
  }

  async #adminClaim(id: bigint, brand: Brand): Promise<AdminClaim> {
    const row = await findClaimWithNames(this.#db, id);
    if (!row) throw appError(PROMO_ERRORS, 'claim_not_found');
    return adminClaimView(row, brand);
  }

  async operatorExchanges(filter: {
    brand: string;
    status?: ExchangeRow['status'] | undefined;
    page: number;
    pageSize: number;
  }) {
    const brand = this.#brand(filter.brand);
    const { rows, total } = await listExchangesForOperator(
      this.#db,
      { brandCode: filter.brand, status: filter.status },
      { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize },
    );
    return {
      items: rows.map((row) => adminExchangeView(row, brand)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  /**
   * Delivers an item exchange, or rejects it: the stock and the member's turnover come back
   * (a rejected exchange no longer counts as used). Cash exchanges are paid and final.
   */
  async handleExchange(
    operator: OperatorIdentity,
    id: string,
    action: 'deliver' | 'reject',
    context: ActionContext,
  ): Promise<AdminExchange> {
    const exchange = await findExchange(this.#db, BigInt(id));
    if (!exchange) throw appError(PROMO_ERRORS, 'exchange_not_found');
    await this.#db.transaction(async (transaction) => {
      const changed = await changeExchange(transaction, exchange.id, 'pending_delivery', {
        status: action === 'deliver' ? 'delivered' : 'rejected',
        handledBy: operator.username,
      });
      if (!changed) throw appError(PROMO_ERRORS, 'exchange_not_pending');
      if (action === 'reject') await restoreGiftStock(transaction, exchange.giftId);
      await this.#operators.record(transaction, operator, {
        action: action === 'deliver' ? 'gift_exchange_deliver' : 'gift_exchange_reject',
        brandCode: exchange.brandCode,
        targetType: 'gift_exchange',
        targetId: exchange.id.toString(),
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          before: { status: 'pending_delivery' },
          after: {
            status: action === 'deliver' ? 'delivered' : 'rejected',
            ...(action === 'reject' ? { stockRestored: true } : {}),
          },
        },
        ip: context.ip,
      });
    });
    const row = await findExchangeWithNames(this.#db, exchange.id);
    if (!row) throw appError(PROMO_ERRORS, 'exchange_not_found');
    return adminExchangeView(row, this.#brand(row.brandCode));
  }
}
