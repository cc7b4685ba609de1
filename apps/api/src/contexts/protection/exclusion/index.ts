/** The exclusion module's public surface: what other modules may use. */
export { EXCLUSION_ERRORS } from './exclusion.errors.ts';
export { exclusionModule } from './exclusion.plugin.ts';
export { isExcluded as memberExcluded, liveExclusionSql } from './exclusion.repository.ts';
export { memberExclusions } from './exclusion.schema.ts';
export { ExclusionService, type Recycle } from './exclusion.service.ts';
