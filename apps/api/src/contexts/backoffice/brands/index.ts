/** The brands module's public surface: what other modules may use. */
export { BrandAdminService } from './brand-admin.service.ts';
export { brandsAdminModule } from './brands.plugin.ts';
