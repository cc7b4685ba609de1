import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';
import { dateRangeForPreset } from '../../lib/date-presets.ts';

const PRESET_KEYS = Object.keys(DATE_PRESETS) as (keyof typeof DATE_PRESETS)[];

/** The record screens' date range presets (SPEC.md section 9), with the range they mean. */
export function DatePresetFilter({
  value,
  onChange,
  timeZone,
}: {
  value: DatePreset;
  onChange: (value: DatePreset) => void;
  /** The zone whose days the server counts (the runtime's when omitted). */
  timeZone?: string;
}) {
  const { t } = useTranslation('web');
  const range = dateRangeForPreset(value, new Date(), timeZone);
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
      <p className="date-filter__range">
        <span>{t('filters.dateRange')}</span>
        {range ? `${range.start} ~ ${range.end}` : t('filters.anyDate')}
      </p>
    </div>
  );
}
