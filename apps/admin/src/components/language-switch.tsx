import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADMIN_LANGUAGES, type AdminLanguage } from '../lib/messages.ts';

/** Each language named in itself, so an operator finds theirs whatever is on screen. */
const LANGUAGE_NAMES: Record<AdminLanguage, string> = { 'zh-CN': '简体中文', en: 'English' };

/**
 * Switches the interface language; src/app remembers the choice (localStorage) and antd's
 * locale follows it.
 */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation('app');
  return (
    <Select<AdminLanguage>
      aria-label={t('language')}
      value={i18n.language as AdminLanguage}
      onChange={(language) => void i18n.changeLanguage(language)}
      prefix={<GlobalOutlined />}
      variant="borderless"
      popupMatchSelectWidth={false}
      options={ADMIN_LANGUAGES.map((language) => ({
        value: language,
        label: LANGUAGE_NAMES[language],
      }))}
    />
  );
}
