/** The seamless module's public surface: what other modules may use. */
export { seamlessModule } from './seamless.plugin.ts';
export { SeamlessService } from './seamless.service.ts';
export { seamlessPlaySince } from './seamless.repository.ts';
