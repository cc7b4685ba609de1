import { createInstance, type TFunction } from 'i18next';
import type { Language } from '@lobby/contracts';

type Messages = { [key: string]: string | Messages };

/**
 * The `errors` texts of packages/i18n/locales, one chunk per language, loaded the first time
 * a failure in that language comes without the server's own message (the server sends one
 * with every failure it answers, so a first visit loads none of them).
 */
const ERROR_TEXTS = import.meta.glob<Messages>('../../../../packages/i18n/locales/*/errors.json', {
  import: 'default',
});

const translators = new Map<Language, Promise<TFunction>>();

function translatorOf(language: Language): Promise<TFunction> {
  let translator = translators.get(language);
  if (!translator) {
    const load = ERROR_TEXTS[`../../../../packages/i18n/locales/${language}/errors.json`];
    if (!load) return Promise.reject(new Error(`no error texts for ${language}`));
    translator = load().then((errors) => {
      const instance = createInstance();
      void instance.init({
        lng: language,
        fallbackLng: false,
        ns: ['errors'],
        defaultNS: 'errors',
        resources: { [language]: { errors } },
        initAsync: false,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
      return instance.getFixedT(language, 'errors');
    });
    translator.catch(() => translators.delete(language));
    translators.set(language, translator);
  }
  return translator;
}

/**
 * The text of an error code in a language (as @lobby/i18n's errorMessage gives it), its
 * placeholders filled from params; an unknown code reads as the generic failure.
 */
export async function loadErrorMessage(
  code: string,
  language: Language,
  params: Record<string, string | number> = {},
): Promise<string> {
  const translate = await translatorOf(language);
  const text = translate(code, { ...params, defaultValue: '' });
  return text === '' ? translate('internal') : text;
}
