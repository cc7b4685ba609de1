/** The registry module's public surface: what other modules may use. */
export { REGISTRY_ERRORS } from './registry.errors.ts';
export {
  REGISTRY_KEY_LABEL,
  rekeyRegistry,
  type RegistryRekeyReport,
  type UnmatchedEntry,
} from './registry-rekey.service.ts';
export { identifiersOf, type Identifier } from './registry.rules.ts';
export { exclusionRegistry } from './registry.schema.ts';
export { ExclusionRegistry, type RegistryMatch } from './registry.service.ts';
