import type { ReactNode } from 'react';
import { DatePicker, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { OPERATOR_HISTORY_MONTHS } from '@lobby/contracts';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { FilterBar } from '../../../components/list-page.tsx';
import { fillPath } from '../../../lib/api-client.ts';
import { NS, TabFrame, useEnumLabel, type PlatformOption } from '../parts.tsx';
import {
  boundsToDayRange,
  clearedFilters,
  dayRangeToBounds,
  type DayRange,
  type MemberTab,
} from '../tab-url.ts';

/** The URL filters of a history tab: its own fields and the `from`/`to` period bounds. */
type TabFilters = { from?: string; to?: string } & Record<string, unknown>;

/**
 * A history tab of the member page: a filter bar over the tab's own `fields` with the period
 * picker last, the tab's CSV export at the right, a summary, and the list. The filter bar reads
 * and writes the tab's URL filters; Reset clears every one of them.
 */
export function HistoryTab({
  tab,
  memberId,
  listPath,
  filters,
  setFilters,
  fields,
  exportFilters = filters,
  summary,
  children,
}: {
  tab: MemberTab;
  memberId: string;
  /** The tab endpoint's path (`/admin/api/members/:id/deposits`); the export is its `/export`. */
  listPath: string;
  filters: TabFilters;
  // The endpoints' patch types differ; each tab's setter takes its own fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  setFilters: (patch: any) => void;
  /** The filter fields before the period, as `<EnumField>`/`<PlatformField>`s in `children`. */
  fields: readonly { name: string; item: ReactNode }[];
  exportFilters?: Record<string, unknown>;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <TabFrame
      filters={
        <FilterBar<Record<string, unknown> & { period?: DayRange }>
          key={JSON.stringify(filters)}
          initialValues={{
            ...Object.fromEntries(fields.map(({ name }) => [name, filters[name]])),
            period: boundsToDayRange(filters.from, filters.to),
          }}
          onSearch={(values) =>
            setFilters({
              ...Object.fromEntries(fields.map(({ name }) => [name, values[name]])),
              ...dayRangeToBounds(values.period),
            })
          }
          onReset={() => setFilters(clearedFilters(filters))}
        >
          {fields.map(({ item }) => item)}
          <Form.Item name="period" label={t('filters.period')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              // The back office reads twelve months of a member's history.
              disabledDate={(day) =>
                day.isBefore(dayjs().subtract(OPERATOR_HISTORY_MONTHS, 'month').startOf('day'))
              }
            />
          </Form.Item>
        </FilterBar>
      }
      extra={
        <TabExport tab={tab} memberId={memberId} listPath={listPath} filters={exportFilters} />
      }
      summary={summary}
    >
      {children}
    </TabFrame>
  );
}

/** The CSV export of a member tab: `<tab path>/export` with the tab's filters. */
export function TabExport({
  tab,
  memberId,
  listPath,
  filters,
}: {
  tab: MemberTab;
  memberId: string;
  listPath: string;
  filters: Record<string, unknown>;
}) {
  return (
    <ExportCsvButton
      listPath={fillPath(listPath, { id: memberId })}
      filters={filters}
      filename={`member-${memberId}-${tab}`}
    />
  );
}

/** A filter field choosing one value of a server enum, labelled from `group` (all by default). */
export function enumField(
  name: string,
  group: string,
  values: readonly (string | number)[],
  width: number,
  extra: { popupMatchSelectWidth?: boolean; showSearch?: boolean } = {},
): { name: string; item: ReactNode } {
  return { name, item: <EnumField key={name} {...{ name, group, values, width, ...extra }} /> };
}

function EnumField({
  name,
  group,
  values,
  width,
  popupMatchSelectWidth,
  showSearch,
}: {
  name: string;
  group: string;
  values: readonly (string | number)[];
  width: number;
  popupMatchSelectWidth?: boolean;
  showSearch?: boolean;
}) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  return (
    <Form.Item name={name} label={t(`filters.${name}`)}>
      <Select
        allowClear
        {...(showSearch ? { showSearch: { optionFilterProp: 'label' } } : {})}
        placeholder={t('common:all')}
        style={{ width }}
        {...(popupMatchSelectWidth === false ? { popupMatchSelectWidth: false } : {})}
        options={values.map((value) => ({ value, label: label(group, value) }))}
      />
    </Form.Item>
  );
}

/** The platform filter field (options from `usePlatformOptions`). */
export function platformField(
  options: PlatformOption[],
  width: number,
): { name: string; item: ReactNode } {
  return { name: 'platform', item: <PlatformField key="platform" {...{ options, width }} /> };
}

function PlatformField({ options, width }: { options: PlatformOption[]; width: number }) {
  const { t } = useTranslation(NS);
  return (
    <Form.Item name="platform" label={t('filters.platform')}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('common:all')}
        style={{ width }}
        options={options}
      />
    </Form.Item>
  );
}
