import { describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { currentLanguage, isLanguage } from './language.ts';

describe('the interface language', () => {
  it('knows the three languages of the site', () => {
    expect(['zh-CN', 'zh-TW', 'en'].every(isLanguage)).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('reads the instance language, zh-CN for one the site does not have', () => {
    expect(currentLanguage({ language: 'en' } as I18n)).toBe('en');
    expect(currentLanguage({ language: 'cimode' } as I18n)).toBe('zh-CN');
  });
});
