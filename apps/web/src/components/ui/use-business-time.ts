import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand-context.tsx';
import { businessTime, type BusinessTime } from '../../lib/business-time.ts';
import { currentLanguage } from '../../lib/language.ts';

/** The brand's business time in the member's language: how every screen writes times and days. */
export function useBusinessTime(): BusinessTime {
  const { i18n } = useTranslation('web');
  const language = currentLanguage(i18n);
  const timeZone = useBrand().settings.timeZone;
  return useMemo(() => businessTime(timeZone, language), [timeZone, language]);
}

/** A time column's heading with the zone its times are in: "时间（UTC+8）". */
export function useZonedHeading(): (label: string) => string {
  const { t } = useTranslation('web');
  const { zoneLabel } = useBusinessTime();
  return (label) => t('time.heading', { label, zone: zoneLabel });
}

/**
 * A date and time of the API (ISO 8601) in the brand's time zone and the member's language,
 * Chinese style in Chinese; -- when there is none.
 */
export function useDateTime(): (value: string | null | undefined) => string {
  const time = useBusinessTime();
  return (value) => (value ? time.dateTime(value) || value : '--');
}
