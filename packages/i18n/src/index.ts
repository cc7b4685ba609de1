import { createInstance, type i18n, type TFunction } from 'i18next';
import zhCNCommon from '../locales/zh-CN/common.json' with { type: 'json' };
import zhCNErrors from '../locales/zh-CN/errors.json' with { type: 'json' };
import zhCNWeb from '../locales/zh-CN/web.json' with { type: 'json' };
import zhCNClient from '../locales/zh-CN/client.json' with { type: 'json' };
import zhTWCommon from '../locales/zh-TW/common.json' with { type: 'json' };
import zhTWErrors from '../locales/zh-TW/errors.json' with { type: 'json' };
import zhTWWeb from '../locales/zh-TW/web.json' with { type: 'json' };
import zhTWClient from '../locales/zh-TW/client.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enWeb from '../locales/en/web.json' with { type: 'json' };
import enClient from '../locales/en/client.json' with { type: 'json' };

export type Language = 'zh-CN' | 'zh-TW' | 'en';

/**
 * Namespaces: `common` (shared words), `errors` (one text per error code), `web` (member
 * site screens) and `client` (the browser's transport and helper texts).
 */
export const NAMESPACES = ['common', 'errors', 'web', 'client'] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Messages = { [key: string]: string | Messages };

export const resources: Record<Language, Record<Namespace, Messages>> = {
  'zh-CN': { common: zhCNCommon, errors: zhCNErrors, web: zhCNWeb, client: zhCNClient },
  'zh-TW': { common: zhTWCommon, errors: zhTWErrors, web: zhTWWeb, client: zhTWClient },
  en: { common: enCommon, errors: enErrors, web: enWeb, client: enClient },
};

export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/** A fresh i18next instance with every resource loaded, ready at once (no async init). */
export function createI18n(
  language: Language,
  namespaces: readonly Namespace[] = NAMESPACES,
): i18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [...namespaces],
    defaultNS: namespaces[0] ?? 'common',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const errorTranslators = new Map<Language, TFunction>();

/**
 * The text of an error code in a language, placeholders (`{{minutes}}`) filled from params; an
 * unknown code reads as the generic failure.
 */
export function errorMessage(
  code: string,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  let translate = errorTranslators.get(language);
  if (!translate) {
    translate = createI18n(language, ['errors']).getFixedT(language, 'errors');
    errorTranslators.set(language, translate);
  }
  const text = translate(code, { ...params, defaultValue: '' });
  return text === '' ? translate('internal') : text;
}

/** Flattens a namespace to dotted keys, for completeness checks. */
export function flattenKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : flattenKeys(value, `${prefix}${key}.`),
  );
}
