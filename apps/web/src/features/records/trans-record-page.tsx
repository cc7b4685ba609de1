import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset } from '@lobby/contracts';
import { DataTable } from '../../components/ui/data-table.tsx';
import { DatePresetFilter } from '../../components/ui/date-preset-filter.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';

const TYPES = ['all', 'deposit', 'withdraw', 'transfer', 'bonus', 'rebate'] as const;
type TransactionType = (typeof TYPES)[number];

/** /user/transRecord: wallet movements by date range and type. Rows come from the wallet issue. */
export function TransRecordPage() {
  const { t } = useTranslation('web');
  const [preset, setPreset] = useState<DatePreset>(DATE_PRESETS.today);
  const [type, setType] = useState<TransactionType>('all');
  return (
    <div className="page">
      <PageHeader
        icon="coin"
        title={t('records.trans.title')}
        subtitle={t('records.trans.subtitle')}
      />
      <Panel>
        <Tabs
          label={t('records.trans.type')}
          value={type}
          onChange={setType}
          items={TYPES.map((value) => ({ value, label: t(`records.trans.types.${value}`) }))}
        />
        <div className="filter-bar">
          <DatePresetFilter value={preset} onChange={setPreset} />
        </div>
        <DataTable
          columns={[
            { key: 'order', label: t('records.trans.columns.order') },
            { key: 'type', label: t('records.trans.columns.type') },
            { key: 'amount', label: t('records.trans.columns.amount'), align: 'end' },
            { key: 'status', label: t('records.trans.columns.status'), align: 'center' },
            { key: 'time', label: t('records.trans.columns.time') },
            { key: 'note', label: t('records.trans.columns.note') },
          ]}
          emptyIcon="coin"
          emptyTitle={t('records.trans.empty')}
          emptyHint={t('records.emptyHint')}
        />
      </Panel>
    </div>
  );
}
