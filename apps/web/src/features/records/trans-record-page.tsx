import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_PRESETS,
  TRANSACTION_TYPES,
  type DatePreset,
  type TransactionType,
} from '@lobby/contracts';
import { Amount } from '../../components/ui/amount.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { DatePresetFilter } from '../../components/ui/date-preset-filter.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useBusinessTime, useZonedHeading } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useTransactionRecords } from './api/transaction-records.ts';

const TYPES = ['all', ...TRANSACTION_TYPES.filter((type) => type !== 'other')] as const;
type TypeFilter = TransactionType | 'all';
const PAGE_SIZE = 20;

/**
 * /user/transRecord: the member's money movements from the ledger, by type and date preset
 * (none, today, yesterday, 7 days, 30 days, 3 months: the member's whole self-serve history) in
 * the brand's days, paged, with the net deposits of the range (deposits less paid withdrawals);
 * amounts signed with the currency, times in the brand's time zone (named) and the Chinese style.
 */
export function TransRecordPage() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const zoned = useZonedHeading();
  const errorText = useErrorText();
  const [preset, setPreset] = useState<DatePreset>(DATE_PRESETS.today);
  const [type, setType] = useState<TypeFilter>('all');
  const [page, setPage] = useState(1);
  const records = useTransactionRecords({ type, datePreset: preset, page, pageSize: PAGE_SIZE });
  const summary = records.data?.summary;
  const flows = [
    { key: 'deposits', value: <Amount value={summary?.deposits} /> },
    { key: 'withdrawals', value: <Amount value={summary?.withdrawals} /> },
    {
      key: 'netDeposits',
      value: <Amount value={summary?.netDeposits} signed={summary !== undefined} />,
    },
  ];
  const rows = (records.data?.items ?? []).map((record) => ({
    id: record.id,
    time: time.dateTime(record.time) || record.time,
    type: (
      <span className={`tx-type tx-type--${record.type}`}>
        {t(`records.trans.types.${record.type}`)}
      </span>
    ),
    account: t(`records.trans.accounts.${record.account}`),
    amount: <Amount value={record.amount} signed />,
    id_: <span className="mono muted">{record.id}</span>,
  }));
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
          onChange={(next) => {
            setType(next);
            setPage(1);
          }}
          items={TYPES.map((value) => ({ value, label: t(`records.trans.types.${value}`) }))}
        />
        <div className="filter-bar">
          <DatePresetFilter
            value={preset}
            onChange={(next) => {
              setPreset(next);
              setPage(1);
            }}
          />
        </div>
        <div className="summary-row trans-summary" data-testid="trans-summary">
          {flows.map((item) => (
            <div key={item.key} className="summary-row__item" data-summary={item.key}>
              <span>{t(`records.trans.summary.${item.key}`)}</span>
              <strong>{item.value}</strong>
            </div>
          ))}
        </div>
        <p className="muted history-note">{t('records.historyNote')}</p>
        {records.error ? <FormAlert>{errorText(records.error)}</FormAlert> : null}
        <DataTable
          stack
          columns={[
            { key: 'time', label: zoned(t('records.trans.columns.time')) },
            { key: 'type', label: t('records.trans.columns.type') },
            { key: 'account', label: t('records.trans.columns.account') },
            { key: 'amount', label: t('records.trans.columns.amount'), align: 'end' },
            { key: 'id_', label: t('records.trans.columns.entry') },
          ]}
          rows={rows}
          loading={records.isPending}
          emptyIcon="coin"
          emptyTitle={t('records.trans.empty')}
          emptyHint={t('records.emptyHint')}
        />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={records.data?.total ?? 0}
          onChange={setPage}
        />
      </Panel>
    </div>
  );
}
