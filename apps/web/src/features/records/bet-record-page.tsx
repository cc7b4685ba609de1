import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';
import { VENUE_CATEGORIES } from '../../app/venue-categories.ts';
import { DataTable } from '../../components/ui/data-table.tsx';
import { DatePresetFilter } from '../../components/ui/date-preset-filter.tsx';
import { SelectInput } from '../../components/ui/form.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';

const SUMMARY = ['count', 'stake', 'validStake', 'result'] as const;

/** /user/betRecord: bets by date range, category and platform. Rows come from the games issue. */
export function BetRecordPage() {
  const { t } = useTranslation('web');
  const [preset, setPreset] = useState<DatePreset>(DATE_PRESETS.today);
  const [category, setCategory] = useState('all');
  return (
    <div className="page">
      <PageHeader
        icon="record"
        title={t('records.bet.title')}
        subtitle={t('records.bet.subtitle')}
      />
      <Panel>
        <div className="filter-bar">
          <DatePresetFilter value={preset} onChange={setPreset} />
          <div className="filter-bar__selects">
            <SelectInput
              value={category}
              onChange={setCategory}
              options={[
                { value: 'all', label: t('records.allCategories') },
                ...VENUE_CATEGORIES.map((venue) => ({
                  value: String(venue.code),
                  label: t(`venue.${venue.category}.title`),
                })),
              ]}
            />
            <SelectInput
              value="all"
              disabled
              options={[{ value: 'all', label: t('records.allPlatforms') }]}
            />
          </div>
        </div>
        <div className="summary-row">
          {SUMMARY.map((item) => (
            <div key={item} className="summary-row__item">
              <span>{t(`records.bet.summary.${item}`)}</span>
              <strong>--</strong>
            </div>
          ))}
        </div>
        <DataTable
          columns={[
            { key: 'order', label: t('records.bet.columns.order') },
            { key: 'platform', label: t('records.bet.columns.platform') },
            { key: 'game', label: t('records.bet.columns.game') },
            { key: 'stake', label: t('records.bet.columns.stake'), align: 'end' },
            { key: 'validStake', label: t('records.bet.columns.validStake'), align: 'end' },
            { key: 'result', label: t('records.bet.columns.result'), align: 'end' },
            { key: 'time', label: t('records.bet.columns.time') },
          ]}
          emptyIcon="record"
          emptyTitle={t('records.bet.empty')}
          emptyHint={t('records.emptyHint')}
        />
      </Panel>
    </div>
  );
}
