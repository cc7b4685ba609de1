import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@lobby/contracts';
import { Icon } from '../../components/ui/icon.tsx';
import { useLanguage } from '../i18n.ts';

/** Each language named in itself, so a member can always find their own. */
const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
};
const LANGUAGE_SHORT: Record<Language, string> = { 'zh-CN': '简', 'zh-TW': '繁', en: 'EN' };

export function LanguageSwitch({ variant = 'compact' }: { variant?: 'compact' | 'full' }) {
  const { t } = useTranslation('web');
  const [language, setLanguage] = useLanguage();
  return (
    <div
      className={`language-switch language-switch--${variant}`}
      role="group"
      aria-label={t('nav.language')}
    >
      <Icon name="globe" size={16} className="language-switch__icon" />
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={
            option === language ? 'language-switch__option is-active' : 'language-switch__option'
          }
          aria-pressed={option === language}
          title={LANGUAGE_NAMES[option]}
          onClick={() => setLanguage(option)}
        >
          {variant === 'full' ? LANGUAGE_NAMES[option] : LANGUAGE_SHORT[option]}
        </button>
      ))}
    </div>
  );
}
