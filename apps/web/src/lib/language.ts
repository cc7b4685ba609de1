import type { i18n as I18n } from 'i18next';
import { LANGUAGES, type Language } from '@lobby/contracts';

/** One of the site's interface languages (zh-CN, zh-TW, en). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language an i18next instance shows now; zh-CN when it is not one of the site's. */
export function currentLanguage(instance: I18n): Language {
  return isLanguage(instance.language) ? instance.language : 'zh-CN';
}
