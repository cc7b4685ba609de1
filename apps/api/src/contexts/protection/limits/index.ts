/** The limits module's public surface: what other modules may use. */
export { LIMIT_ERRORS } from './limits.errors.ts';
export { limitsModule } from './limits.plugin.ts';
export { stakeLimitsSql } from './limits.repository.ts';
export { memberLimits, memberPlaySettings, memberPlayTime } from './limits.schema.ts';
export { LimitsService, type LimitUsage } from './limits.service.ts';
export { PlayService } from './play.service.ts';
