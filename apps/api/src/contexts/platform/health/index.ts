/** The health module's public surface: what other modules may use. */
export { healthModule } from './health.plugin.ts';
