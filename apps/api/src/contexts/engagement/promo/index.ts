/** The promo module's public surface: what other modules may use. */
export { promoModule } from './promo.plugin.ts';
export {
  giftExchanges,
  promotionClaims,
  promotionGifts,
  promotions,
  signInDays,
} from './promo.schema.ts';
export { seedPromotions } from './promo.seed.ts';
export { PromoService } from './promo.service.ts';
