/** The brand module's public surface: what other modules may use. */
export { BRAND_ERRORS } from './brand.errors.ts';
export { brandModule } from './brand.plugin.ts';
export {
  brandSnapshot,
  findBrand,
  findBrandCompliance,
  findBrandContacts,
  findBrandPlatforms,
  findBrandVersion,
  insertBrand,
  insertBrandIfAbsent,
  listBrandVersions,
  listBrandsWithHosts,
  lockBrand,
  snapshotPatch,
  updateBrand,
  updateBrandCompliance,
  updateBrandContacts,
  updateBrandPlatforms,
} from './brand.repository.ts';
export type {
  BrandPlatformsRow,
  BrandChange,
  BrandComplianceRow,
  BrandContactsRow,
  BrandPatch,
  BrandRow,
  BrandVersionRow,
  BrandWithHosts,
} from './brand.repository.ts';
export { DEMO_BRANDS } from './brand.seed.ts';
export { brandCurrency, BrandRegistry, brandConfigOf, seedDemoBrands } from './brand.service.ts';
export type { Brand } from './brand.service.ts';
