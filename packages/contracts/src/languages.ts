import { z } from 'zod';

/** Interface languages, Chinese first. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const languageSchema = z.enum(LANGUAGES);

/**
 * Reads a `lang` header or an Accept-Language value leniently: `zh_CN`, `zh-cn`, `zh-Hans`,
 * `zh-HK`, `en-US` and friends all map to one of the three languages. Unknown values give
 * undefined so the caller can fall back to the brand's language.
 */
export function normalizeLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const first = value.split(',')[0]?.split(';')[0]?.trim().toLowerCase().replace('_', '-');
  if (!first) return undefined;
  if (first === 'en' || first.startsWith('en-')) return 'en';
  if (first === 'zh-tw' || first === 'zh-hk' || first === 'zh-mo' || first.startsWith('zh-hant')) {
    return 'zh-TW';
  }
  if (first === 'zh' || first.startsWith('zh-')) return 'zh-CN';
  return undefined;
}
