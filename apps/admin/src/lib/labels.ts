import type { i18n as I18n } from 'i18next';

/**
 * The text of a value that may have one (a built-in role, a status), else the value itself:
 * custom roles and codes the console does not know yet are shown as they are, never as a key.
 */
export function labelOf(i18n: I18n, key: string, value: string): string {
  return i18n.exists(key) ? i18n.t(key) : value;
}

/** A role's name: the built-in ones translated (`common:roles.*`), custom ones by their key. */
export function roleLabel(i18n: I18n, role: string): string {
  return labelOf(i18n, `common:roles.${role}`, role);
}
