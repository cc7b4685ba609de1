import type { i18n as I18n } from 'i18next';
import { labelOf } from '../../lib/labels.ts';

/** A permission's name (`members.read` -> "Read members"); a new one shows as its code. */
export function permissionLabel(i18n: I18n, permission: string): string {
  return labelOf(i18n, `operators:permissionNames.${permission.replaceAll('.', '_')}`, permission);
}
