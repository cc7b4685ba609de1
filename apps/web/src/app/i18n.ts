import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { createInstance, type i18n as I18n } from 'i18next';
import type { Language } from '@lobby/contracts';
import { currentLanguage, isLanguage } from '../lib/language.ts';

/** localStorage key of the member's chosen interface language. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** The namespaces of packages/i18n the site's screens read. */
export const APP_NAMESPACES = ['web', 'common'] as const;

type Messages = { [key: string]: string | Messages };

/**
 * The texts of packages/i18n/locales, one chunk per language and namespace: the page loads
 * the member's language only, and another one when the member switches to it. (The API
 * client keeps using @lobby/i18n's errorMessage for error texts.)
 */
const LOCALE_FILES = import.meta.glob<Messages>(
  [
    '../../../../packages/i18n/locales/*/web.json',
    '../../../../packages/i18n/locales/*/common.json',
  ],
  { import: 'default' },
);

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The member's stored choice wins over the brand's language. */
export function initialLanguage(brandLanguage: Language, stored: string | null): Language {
  return isLanguage(stored) ? stored : brandLanguage;
}

/** Adds a language's texts to the instance unless they are there already. */
export async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  await Promise.all(
    APP_NAMESPACES.map(async (namespace) => {
      if (instance.hasResourceBundle(language, namespace)) return;
      const load = LOCALE_FILES[`../../../../packages/i18n/locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`no ${namespace} texts for ${language}`);
      instance.addResourceBundle(language, namespace, await load(), true, true);
    }),
  );
}

/** An i18next instance in the given language with its texts loaded. */
export async function createAppI18n(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    lng: language,
    // Every language has every key (packages/i18n checks it), so no fallback is loaded.
    fallbackLng: false,
    ns: [...APP_NAMESPACES],
    defaultNS: 'web',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(instance, language);
  document.documentElement.lang = language;
  instance.on('languageChanged', (next: string) => {
    document.documentElement.lang = next;
  });
  return instance;
}

/** Current language and a setter that switches every text at once and remembers the choice. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const change = useCallback(
    (language: Language) => {
      try {
        window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      loadLanguage(i18n, language)
        .then(() => i18n.changeLanguage(language))
        .catch((error: unknown) => console.warn('language could not be loaded', error));
    },
    [i18n],
  );
  return [currentLanguage(i18n), change];
}
