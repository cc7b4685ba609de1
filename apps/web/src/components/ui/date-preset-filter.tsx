import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';
import { useBusinessTime } from './use-business-time.ts';

const PRESET_KEYS = Object.keys(DATE_PRESETS) as (keyof typeof DATE_PRESETS)[];

/**
 * The record screens' date range presets (SPEC.md section 9), with the range they mean: days of
 * the brand's time zone, as the server counts them, and that zone named.
 */
export function DatePresetFilter({
  value,
  onChange,
}: {
  value: DatePreset;
  onChange: (value: DatePreset) => void;
}) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const range = time.presetRange(value);
  return (
    <div className="date-filter">
      <div className="chip-group" role="group" aria-label={t('filters.dateRange')}>
        {PRESET_KEYS.map((key) => {
          const preset = DATE_PRESETS[key];
          return (
            <button
              key={key}
              type="button"
              className={preset === value ? 'chip is-active' : 'chip'}
              aria-pressed={preset === value}
              onClick={() => onChange(preset)}
            >
              {t(`datePresets.${key}`)}
            </button>
          );
        })}
      </div>
      <p className="date-filter__range" data-testid="date-range">
        <span>{t('filters.dateRange')}</span>
        {range ? `${range.start} ~ ${range.end}` : t('filters.anyDate')}
        <span className="date-filter__zone" data-time-zone={time.timeZone}>
          {t('time.zone', { zone: time.zoneLabel })}
        </span>
      </p>
    </div>
  );
}
