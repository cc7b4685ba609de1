import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { createInstance, type i18n as I18n } from 'i18next';
import type { Language } from '@lobby/contracts';
import { currentLanguage, isLanguage } from '../lib/language.ts';

/** localStorage key of the member's chosen interface language. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** The namespaces of packages/i18n the site's screens read. */
export const APP_NAMESPACES = ['web', 'common', 'client'] as const;

type Messages = { [key: string]: string | Messages };
type LanguagePack = Record<(typeof APP_NAMESPACES)[number], Messages>;

/**
 * The texts of packages/i18n/locales, one chunk per language (app/locales/): the page loads
 * the member's language only, and another one when the member switches to it. The API serves
 * the brand's pack with the page (a modulepreload, plugins/web.ts finds it in the build's
 * manifest by this path), so the first render does not wait for it. The error texts of the
 * API client are loaded apart, on a failure that needs them (lib/error-texts.ts).
 */
const LANGUAGE_PACKS: Record<Language, () => Promise<{ default: LanguagePack }>> = {
  'zh-CN': () => import('./locales/zh-CN.ts'),
  'zh-TW': () => import('./locales/zh-TW.ts'),
  en: () => import('./locales/en.ts'),
};

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

function addPack(instance: I18n, language: Language, pack: LanguagePack): void {
  for (const namespace of APP_NAMESPACES) {
    instance.addResourceBundle(language, namespace, pack[namespace], true, true);
  }
}

/** Adds a language's texts to the instance unless they are there already. */
export async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  if (APP_NAMESPACES.every((namespace) => instance.hasResourceBundle(language, namespace))) return;
  addPack(instance, language, (await LANGUAGE_PACKS[language]()).default);
}

/** An i18next instance in the given language with its texts loaded. */
export async function createAppI18n(language: Language): Promise<I18n> {
  // The pack is on its way while i18next sets up.
  const pack = LANGUAGE_PACKS[language]();
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
  addPack(instance, language, (await pack).default);
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
