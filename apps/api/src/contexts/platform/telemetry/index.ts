/** The telemetry module's public surface: what other modules may use. */
export { telemetryModule } from './telemetry.plugin.ts';
