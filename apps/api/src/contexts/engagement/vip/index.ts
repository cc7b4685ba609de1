/** The vip module's public surface: what other modules may use. */
export { vipModule } from './vip.plugin.ts';
export { vipLevelOf } from './vip.repository.ts';
export { memberVips, vipRewards } from './vip.schema.ts';
export { VipService } from './vip.service.ts';
