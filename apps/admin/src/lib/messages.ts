/**
 * Texts of one part of the console: the same keys in every interface language (a unit test
 * checks it, and TypeScript makes `en` repeat the shape of `zh-CN`). Each feature's `i18n.ts`
 * exports one of these; src/app/i18n.ts makes it the namespace of the feature's key.
 */
export type Messages = { [key: string]: string | Messages };

export const ADMIN_LANGUAGES = ['zh-CN', 'en'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguage = 'zh-CN';

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === 'string' && (ADMIN_LANGUAGES as readonly string[]).includes(value);
}

/** Shape of `T` with every text a string: what `en` must repeat. */
export type SameKeys<T> = { [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export type FeatureMessages<T extends Messages = Messages> = {
  'zh-CN': T;
  en: SameKeys<T>;
};

/** `defineMessages({ 'zh-CN': {...}, en: {...} })`: the English texts must have every key. */
export function defineMessages<T extends Messages>(messages: {
  'zh-CN': T;
  en: SameKeys<T>;
}): FeatureMessages<T> {
  return messages;
}
