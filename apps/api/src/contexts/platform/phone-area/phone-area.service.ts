import type { Language, PhoneArea } from '@lobby/contracts';

type AreaEntry = { areaCode: string; country: string; names: Record<Language, string> };

/** The phone area codes members may register with, mainland China first. */
export const PHONE_AREAS: readonly AreaEntry[] = [
  {
    areaCode: '86',
    country: 'CN',
    names: { 'zh-CN': '中国大陆', 'zh-TW': '中國大陸', en: 'Mainland China' },
  },
  {
    areaCode: '852',
    country: 'HK',
    names: { 'zh-CN': '中国香港', 'zh-TW': '香港', en: 'Hong Kong' },
  },
  { areaCode: '853', country: 'MO', names: { 'zh-CN': '中国澳门', 'zh-TW': '澳門', en: 'Macau' } },
  { areaCode: '886', country: 'TW', names: { 'zh-CN': '中国台湾', 'zh-TW': '台灣', en: 'Taiwan' } },
  {
    areaCode: '60',
    country: 'MY',
    names: { 'zh-CN': '马来西亚', 'zh-TW': '馬來西亞', en: 'Malaysia' },
  },
  {
    areaCode: '65',
    country: 'SG',
    names: { 'zh-CN': '新加坡', 'zh-TW': '新加坡', en: 'Singapore' },
  },
  {
    areaCode: '63',
    country: 'PH',
    names: { 'zh-CN': '菲律宾', 'zh-TW': '菲律賓', en: 'Philippines' },
  },
  { areaCode: '66', country: 'TH', names: { 'zh-CN': '泰国', 'zh-TW': '泰國', en: 'Thailand' } },
  { areaCode: '84', country: 'VN', names: { 'zh-CN': '越南', 'zh-TW': '越南', en: 'Vietnam' } },
  {
    areaCode: '62',
    country: 'ID',
    names: { 'zh-CN': '印度尼西亚', 'zh-TW': '印尼', en: 'Indonesia' },
  },
  {
    areaCode: '855',
    country: 'KH',
    names: { 'zh-CN': '柬埔寨', 'zh-TW': '柬埔寨', en: 'Cambodia' },
  },
  { areaCode: '95', country: 'MM', names: { 'zh-CN': '缅甸', 'zh-TW': '緬甸', en: 'Myanmar' } },
  { areaCode: '81', country: 'JP', names: { 'zh-CN': '日本', 'zh-TW': '日本', en: 'Japan' } },
  { areaCode: '82', country: 'KR', names: { 'zh-CN': '韩国', 'zh-TW': '韓國', en: 'South Korea' } },
  {
    areaCode: '1',
    country: 'US',
    names: { 'zh-CN': '美国/加拿大', 'zh-TW': '美國/加拿大', en: 'United States / Canada' },
  },
  {
    areaCode: '44',
    country: 'GB',
    names: { 'zh-CN': '英国', 'zh-TW': '英國', en: 'United Kingdom' },
  },
];

/** The area codes with their names in a language, in the order the picker shows them. */
export function phoneAreas(language: Language): PhoneArea[] {
  return PHONE_AREAS.map((area) => ({
    areaCode: area.areaCode,
    country: area.country,
    name: area.names[language],
  }));
}

/** Whether members may use an area code. */
export function isKnownAreaCode(areaCode: string): boolean {
  return PHONE_AREAS.some((area) => area.areaCode === areaCode);
}
