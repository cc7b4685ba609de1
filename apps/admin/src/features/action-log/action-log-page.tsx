import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminActionsEndpoint } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { JsonDiff } from '../../components/json-diff.tsx';
import { FilterBar, ListPage } from '../../components/list-page.tsx';
import { KeysetList } from '../../components/keyset-list.tsx';
import type { ApiError, ResponseOf } from '../../lib/api-client.ts';
import { endpointKey, useApi } from '../../lib/api-context.tsx';
import { formatDateTime, fromApiDateTime, toApiDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';

type Row = ResponseOf<typeof adminActionsEndpoint>[number];
type FormValues = {
  operator?: string;
  action?: string;
  brand?: string;
  targetType?: string;
  targetId?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
};

const PAGE_SIZE = 50;

/**
 * Who did what: the action log within the operator's brands, newest first, filtered in the URL,
 * a page at a time with "load more" (keyset: the rows before the last id shown). Each row opens
 * to its values before and after.
 */
export default function ActionLogPage() {
  const { t } = useTranslation('action-log');
  const api = useApi();
  const [filters, setFilters] = useUrlFilters(adminActionsEndpoint.query);
  // The URL holds the filters; the pages are this screen's own.
  const { beforeId: _beforeId, limit: _limit, ...selection } = filters;
  const query = { ...selection, limit: PAGE_SIZE };
  const pages = useInfiniteQuery<Row[], ApiError>({
    queryKey: [...endpointKey(adminActionsEndpoint, { query }), 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(adminActionsEndpoint, {
        query: { ...query, beforeId: pageParam as string | undefined },
        signal,
      }),
    getNextPageParam: (last) => (last.length < PAGE_SIZE ? undefined : last.at(-1)?.id),
  });
  const rows = pages.data?.pages.flat() ?? [];

  return (
    <ListPage
      title={t('title')}
      extra={
        <ExportCsvButton
          listPath={adminActionsEndpoint.path}
          filters={selection}
          filename="actions"
        />
      }
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(selection)}
          initialValues={{
            operator: selection.operator,
            action: selection.action,
            brand: selection.brand,
            targetType: selection.targetType,
            targetId: selection.targetId,
            period:
              selection.from || selection.to
                ? [fromApiDateTime(selection.from), fromApiDateTime(selection.to)]
                : null,
          }}
          onSearch={(values) =>
            setFilters({
              operator: values.operator?.trim(),
              action: values.action?.trim(),
              brand: values.brand,
              targetType: values.targetType?.trim(),
              targetId: values.targetId?.trim(),
              from: toApiDateTime(values.period?.[0]),
              to: toApiDateTime(values.period?.[1]),
            })
          }
          onReset={() =>
            setFilters(Object.fromEntries(Object.keys(filters).map((key) => [key, undefined])))
          }
        >
          <Form.Item name="operator" label={t('operator')}>
            <Input allowClear style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="action" label={t('action')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="targetType" label={t('targetType')}>
            <Input allowClear style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="targetId" label={t('targetId')}>
            <Input allowClear style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="period" label={t('period')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
        </FilterBar>
      }
    >
      <KeysetList<Row>
        pages={pages}
        rows={rows}
        shown={t('shown', { rows: rows.length })}
        rowKey="id"
        expandable={{
          expandedRowRender: (row) => (
            <JsonDiff before={row.before} after={row.after} details={row.details} />
          ),
        }}
        columns={[
          { title: t('id'), dataIndex: 'id' },
          { title: t('time'), key: 'time', render: (_, row) => formatDateTime(row.createdAt) },
          { title: t('operator'), dataIndex: 'operator' },
          { title: t('action'), dataIndex: 'action' },
          { title: t('common:brand'), dataIndex: 'brandCode' },
          { title: t('targetType'), dataIndex: 'targetType' },
          { title: t('targetId'), dataIndex: 'targetId' },
          {
            title: t('reason'),
            dataIndex: 'reason',
            render: (reason: string | null) => (
              <Typography.Paragraph
                ellipsis={{ rows: 2, tooltip: reason }}
                style={{ margin: 0, maxWidth: 280 }}
              >
                {reason}
              </Typography.Paragraph>
            ),
          },
          { title: t('ip'), dataIndex: 'ip' },
        ]}
      />
    </ListPage>
  );
}
