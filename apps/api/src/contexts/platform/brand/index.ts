/** The brand module's public surface: what other modules may use. */
export { BRAND_ERRORS } from './brand.errors.ts';
export { brandModule } from './brand.plugin.ts';
export {
  findBrandCompliance,
  findBrandContacts,
  findBrandPlatforms,
  insertBrandIfAbsent,
  listBrandsWithHosts,
  updateBrandCompliance,
  updateBrandContacts,
  updateBrandPlatforms,
} from './brand.repository.ts';
export type { BrandComplianceRow, BrandContactsRow } from './brand.repository.ts';
export type { BrandPlatformsRow } from './brand.repository.ts';
export { DEMO_BRANDS } from './brand.seed.ts';
export { brandCurrency, BrandRegistry, seedDemoBrands } from './brand.service.ts';
export type { Brand } from './brand.service.ts';
