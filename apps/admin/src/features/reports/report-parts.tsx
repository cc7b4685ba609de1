import type { ReactNode } from 'react';
import { DatePicker, Flex, Form, Select, Table, Typography, type TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { BrandField } from '../../components/brand-field.tsx';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { FilterBar } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { formatMoney, groupDecimal, isNegativeAmount } from '../../lib/money.ts';
import { PERIODS, periodPatch, type Period, type PeriodFilters } from '../../lib/report-period.ts';

/** The period fields of a report's filter form. */
export type PeriodFormValues = {
  brand?: string;
  period?: Period;
  range?: [Dayjs | null, Dayjs | null] | null;
};

export type ReportFilters = PeriodFilters & { brand?: string };

/** The form's starting values from the URL's filters. */
export function periodFormValues(filters: ReportFilters): PeriodFormValues {
  return {
    brand: filters.brand || undefined,
    period: filters.period ?? 'today',
    range: filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null,
  };
}

/** The URL change of a submitted form's period fields. */
export function periodFromForm(values: PeriodFormValues, filters: ReportFilters) {
  const [first, last] = values.range ?? [];
  const days: [string, string] | null =
    first && last ? [first.format(DATE_FORMAT), last.format(DATE_FORMAT)] : null;
  return { brand: values.brand, ...periodPatch(values.period ?? 'today', filters, days) };
}

/** Brand, period and (for a range) its days, as fields of a FilterBar. */
export function PeriodFormItems() {
  const { t } = useTranslation('reports');
  return (
    <>
      <Form.Item name="brand" label={t('columns.brand')}>
        <BrandField />
      </Form.Item>
      <Form.Item name="period" label={t('period')}>
        <Select<Period>
          style={{ minWidth: 120 }}
          options={PERIODS.map((period) => ({ value: period, label: t(`periods.${period}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.period !== after.period}>
        {({ getFieldValue }) =>
          getFieldValue('period') === 'range' ? (
            <Form.Item
              name="range"
              label={t('range')}
              rules={[{ required: true, message: t('pickRange') }]}
            >
              <DatePicker.RangePicker />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}

/** The filter bar of a report: the period fields and the report's own. */
export function ReportFilterBar<Values extends PeriodFormValues>({
  filters,
  initialValues,
  onSearch,
  onReset,
  children,
}: {
  filters: object;
  initialValues: Values;
  onSearch: (values: Values) => void;
  onReset: () => void;
  children?: ReactNode;
}) {
  return (
    <FilterBar<Values>
      key={JSON.stringify(filters)}
      initialValues={initialValues}
      onSearch={onSearch}
      onReset={onReset}
    >
      <PeriodFormItems />
      {children}
    </FilterBar>
  );
}

/** What every report answer says of its period. */
type PeriodAnswer = { from: string; to: string; asOf: string | null };

/** The days the answer covers, its freshness, and the CSV export of what the filters select. */
export function ReportHeader({
  answer,
  listPath,
  filters,
  filename,
}: {
  answer: PeriodAnswer | undefined;
  listPath: string;
  filters: Record<string, unknown>;
  filename: string;
}) {
  const { t } = useTranslation('reports');
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Text type="secondary" data-testid="report-span">
        {answer
          ? `${t('span', { from: answer.from, to: answer.to })} · ${t('asOf', {
              time: answer.asOf ? formatDateTime(answer.asOf) : '—',
            })}`
          : ''}
      </Typography.Text>
      <ExportCsvButton listPath={listPath} filters={filters} filename={filename} />
    </Flex>
  );
}

/** An amount cell: grouped, with its currency, red when below zero. */
export function Money({ amount, currency }: { amount: string; currency: string }) {
  return (
    <Typography.Text type={isNegativeAmount(amount) ? 'danger' : undefined}>
      {formatMoney(amount, currency)}
    </Typography.Text>
  );
}

/** A count cell, grouped. */
export function count(value: number | null): string {
  return value === null ? '—' : groupDecimal(String(value));
}

/** A report's table: every row of the answer (reports are bounded), loading and failure shown. */
export function ReportTable<Row extends object>({
  result,
  rows,
  columns,
  rowKey,
  pagination = false,
}: {
  result: UseQueryResult<unknown, Error>;
  rows: Row[] | undefined;
  columns: NonNullable<TableProps<Row>['columns']>;
  rowKey: TableProps<Row>['rowKey'];
  pagination?: TableProps<Row>['pagination'];
}) {
  const { t } = useTranslation('common');
  if (result.isError) {
    return <QueryError error={result.error} onRetry={() => void result.refetch()} />;
  }
  return (
    <Table<Row>
      size="middle"
      bordered
      rowKey={rowKey}
      columns={columns}
      dataSource={rows ?? []}
      loading={result.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('empty') }}
      pagination={pagination}
    />
  );
}
