import { Alert, DatePicker, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_EVENT_KINDS, adminAuditEventsEndpoint } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { FilterBar, ListPage } from '../../components/list-page.tsx';
import { KeysetList } from '../../components/keyset-list.tsx';
import type { ApiError, ResponseOf } from '../../lib/api-client.ts';
import { endpointKey, useApi } from '../../lib/api-context.tsx';
import { formatDateTime, fromApiDateTime, toApiDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';

type Row = ResponseOf<typeof adminAuditEventsEndpoint>[number];
type FormValues = {
  brand?: string;
  kind?: string;
  memberId?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
};

const PAGE_SIZE = 100;

/**
 * The significant-event log of a period (the last 7 days until the operator picks one), oldest
 * first, a page at a time; each row opens to its details and full hashes. The export is the CSV
 * an examiner checks outside Lobby.
 */
export default function AuditEventsPage() {
  const { t, i18n } = useTranslation('audit-events');
  const api = useApi();
  const [filters, setFilters] = useUrlFilters(adminAuditEventsEndpoint.query);
  const { afterId: _afterId, limit: _limit, ...chosen } = filters;
  // The period is required by the API: a week up to the next minute unless the URL names one.
  const defaultTo = dayjs().add(1, 'minute').startOf('minute');
  const selection = {
    ...chosen,
    from: chosen.from ?? (toApiDateTime(defaultTo.subtract(7, 'day')) as string),
    to: chosen.to ?? (toApiDateTime(defaultTo) as string),
  };
  const query = { ...selection, limit: PAGE_SIZE };
  const pages = useInfiniteQuery<Row[], ApiError>({
    queryKey: [...endpointKey(adminAuditEventsEndpoint, { query }), 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(adminAuditEventsEndpoint, {
        query: { ...query, afterId: pageParam as string | undefined },
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
          listPath={adminAuditEventsEndpoint.path}
          filters={selection}
          filename="audit-events"
        />
      }
      filters={
        <>
          <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 12 }} />
          <FilterBar<FormValues>
            key={JSON.stringify(selection)}
            initialValues={{
              brand: selection.brand,
              kind: selection.kind,
              memberId: selection.memberId,
              period: [fromApiDateTime(selection.from), fromApiDateTime(selection.to)],
            }}
            onSearch={(values) =>
              setFilters({
                brand: values.brand,
                kind: values.kind,
                memberId: values.memberId?.trim(),
                from: toApiDateTime(values.period?.[0]),
                to: toApiDateTime(values.period?.[1]),
              })
            }
            onReset={() =>
              setFilters(Object.fromEntries(Object.keys(filters).map((key) => [key, undefined])))
            }
          >
            <Form.Item name="period" label={t('period')}>
              <DatePicker.RangePicker showTime />
            </Form.Item>
            <Form.Item name="brand" label={t('common:brand')}>
              <BrandField />
            </Form.Item>
            <Form.Item name="kind" label={t('kind')}>
              <Select
                allowClear
                style={{ width: 200 }}
                options={AUDIT_EVENT_KINDS.map((kind) => ({
                  value: kind,
                  label: t(`kinds.${kind}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="memberId" label={t('member')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
          </FilterBar>
        </>
      }
    >
      <KeysetList<Row>
        pages={pages}
        rows={rows}
        shown={t('shown', { rows: rows.length })}
        rowKey="id"
        expandable={{
          expandedRowRender: (row) => (
            <Typography.Paragraph style={{ margin: 0 }}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {JSON.stringify(row.details, null, 2)}
              </pre>
              <Typography.Text type="secondary" copyable>
                {row.prevHash}
              </Typography.Text>
              {' → '}
              <Typography.Text copyable>{row.hash}</Typography.Text>
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: t('id'), dataIndex: 'id' },
          { title: t('time'), key: 'time', render: (_, row) => formatDateTime(row.occurredAt) },
          {
            title: t('kind'),
            key: 'kind',
            render: (_, row) => labelOf(i18n, `audit-events:kinds.${row.kind}`, row.kind),
          },
          {
            title: t('common:brand'),
            key: 'brand',
            render: (_, row) => row.brand ?? t('platform'),
          },
          { title: t('seq'), dataIndex: 'seq' },
          { title: t('member'), dataIndex: 'memberId' },
          {
            title: t('actor'),
            key: 'actor',
            render: (_, row) =>
              `${labelOf(i18n, `audit-events:actorType.${row.actorType}`, row.actorType)}${row.actorId ? ` ${row.actorId}` : ''}`,
          },
          {
            title: t('hash'),
            key: 'hash',
            render: (_, row) => (
              <Typography.Text code title={row.hash}>
                {row.hash.slice(0, 12)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
