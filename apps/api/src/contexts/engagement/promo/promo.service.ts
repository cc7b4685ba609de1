import type { Database } from '../../../db/client.ts';
import type { BrandRegistry } from '../../platform/brand/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import type { OperatorService } from '../../identity/operator/index.ts';
import { PromoAdminService } from './promo-admin.service.ts';
import { PromoChecks } from './promo-checks.ts';
import { PromoClaimService } from './promo-claims.service.ts';
import { GiftExchangeService } from './promo-gifts.service.ts';
import { PromoReadService } from './promo-reads.service.ts';
import { PromoReviewService } from './promo-review.service.ts';
import { SignInService } from './promo-sign-in.service.ts';
import {
  bannerBrand,
  claimBrand,
  exchangeBrand,
  giftBrand,
  promotionBrand,
} from './promo.repository.ts';

/**
 * Promotions: members read live ones, sign in daily, exchange gifts against their valid-bet
 * turnover and claim deposit bonuses or apply; operators configure them and review claims.
 * Every reward moves through the ledger with a key derived from what it pays for (day, claim
 * id, exchange key), in the same transaction as the budget charge and the turnover it adds.
 *
 * One service per part, built here over the same database, ledger and clock; the routes call
 * the part they serve (`promo.signIn.sign(viewer)`).
 */
export class PromoService {
  readonly reads: PromoReadService;
  readonly signIn: SignInService;
  readonly gifts: GiftExchangeService;
  readonly claims: PromoClaimService;
  readonly admin: PromoAdminService;
  readonly review: PromoReviewService;
  /** The brands of the records operators address by id: the operator guard's brand rule. */
  readonly brandOf: {
    promotion: (id: string) => Promise<string | null>;
    gift: (id: string) => Promise<string | null>;
    banner: (id: string) => Promise<string | null>;
    claim: (id: string) => Promise<string | null>;
    exchange: (id: string) => Promise<string | null>;
  };

  constructor(options: {
    db: Database;
    ledger: LedgerService;
    operators: OperatorService;
    brands: BrandRegistry;
    now?: () => Date;
  }) {
    const { db, ledger, operators, brands } = options;
    const now = options.now ?? (() => new Date());
    const checks = new PromoChecks({ db, now });
    this.reads = new PromoReadService({ db, now, checks });
    this.signIn = new SignInService({ db, ledger, now, checks });
    this.gifts = new GiftExchangeService({ db, ledger, checks });
    this.claims = new PromoClaimService({ db, ledger, now, checks });
    this.admin = new PromoAdminService({ db, operators, brands });
    this.review = new PromoReviewService({ db, operators, brands, claims: this.claims, now });
    this.brandOf = {
      promotion: (id) => promotionBrand(db, BigInt(id)),
      gift: (id) => giftBrand(db, BigInt(id)),
      banner: (id) => bannerBrand(db, BigInt(id)),
      claim: (id) => claimBrand(db, BigInt(id)),
      exchange: (id) => exchangeBrand(db, BigInt(id)),
    };
  }
}
