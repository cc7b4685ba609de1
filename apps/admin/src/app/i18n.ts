import { createInstance, type i18n as I18n } from 'i18next';
import { commonMessages } from '../components/i18n.ts';
import {
  ADMIN_LANGUAGES,
  DEFAULT_ADMIN_LANGUAGE,
  isAdminLanguage,
  type AdminLanguage,
  type FeatureMessages,
  type Messages,
} from '../lib/messages.ts';
import { authMessages } from '../features/auth/i18n.ts';
import { FEATURES } from './features.ts';
import { appMessages } from './messages.ts';

/**
 * The console's texts: one namespace per part, each from its own file so several people add
 * screens without editing one big file. `app` (layout), `common` (shared words, components),
 * `auth` (login), and one per feature of src/app/features.ts, named by its key.
 */
export function allNamespaces(): Record<string, FeatureMessages> {
  const namespaces: Record<string, FeatureMessages> = {
    app: appMessages,
    common: commonMessages,
    auth: authMessages,
  };
  for (const feature of FEATURES) {
    if (namespaces[feature.key]) throw new Error(`two namespaces named ${feature.key}`);
    namespaces[feature.key] = feature.messages;
  }
  return namespaces;
}

/** localStorage key of the operator's interface language. */
export const LANGUAGE_STORAGE_KEY = 'lobby-admin-lang';

export function storedLanguage(): AdminLanguage {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isAdminLanguage(stored) ? stored : DEFAULT_ADMIN_LANGUAGE;
  } catch {
    return DEFAULT_ADMIN_LANGUAGE;
  }
}

export function rememberLanguage(language: AdminLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered: the choice holds for this page.
  }
}

/**
 * An i18next instance with every text loaded. A missing key is a bug: it is reported on the
 * console (the browser tests fail on console errors) and shown as nothing rather than as a key.
 */
export function createAdminI18n(language: AdminLanguage): I18n {
  const namespaces = allNamespaces();
  const resources: Record<string, Record<string, Messages>> = {};
  for (const lang of ADMIN_LANGUAGES) {
    resources[lang] = Object.fromEntries(
      Object.entries(namespaces).map(([name, messages]) => [name, messages[lang] as Messages]),
    );
  }
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...ADMIN_LANGUAGES],
    ns: Object.keys(namespaces),
    defaultNS: 'app',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      console.error(`missing text ${namespace}:${key} (${languages.join(',')})`);
    },
    parseMissingKeyHandler: () => '',
  });
  document.documentElement.lang = language;
  instance.on('languageChanged', (next: string) => {
    document.documentElement.lang = next;
  });
  return instance;
}
