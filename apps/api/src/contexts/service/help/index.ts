/** The help module's public surface: what other modules may use. */
export { helpModule } from './help.plugin.ts';
export { seedHelpPages } from './help.seed.ts';
export { HelpService } from './help.service.ts';
