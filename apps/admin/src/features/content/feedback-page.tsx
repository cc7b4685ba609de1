import { useCallback } from 'react';
import { Button, Form, Select, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATUSES, adminFeedbackListEndpoint } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { PickBrand, useDefaultBrand } from './brand-picker.tsx';
import { FeedbackStatusTag } from './feedback-parts.tsx';

type Row = ResponseOf<typeof adminFeedbackListEndpoint>[number];
type FormValues = { brand?: string; status?: string };

/**
 * Members' feedback tickets of a brand: open ones oldest first (the next to answer), replied and
 * closed ones newest first; each opens to its thread.
 */
export default function FeedbackPage() {
  const { t } = useTranslation('content');
  const [filters, setFilters] = useUrlFilters(adminFeedbackListEndpoint.query);
  const brand = filters.brand as string | undefined;
  const choose = useCallback(
    (code: string) => setFilters({ brand: code }, { replace: true }),
    [setFilters],
  );
  useDefaultBrand(brand, choose);
  const list = useEndpointQuery(
    adminFeedbackListEndpoint,
    { query: filters },
    { enabled: !!brand },
  );
  return (
    <ListPage
      title={t('feedback.title')}
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, status: filters.status }}
          onSearch={(values) => setFilters({ brand: values.brand, status: values.status })}
          onReset={() => setFilters({ status: undefined })}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="status" label={t('feedback.status')}>
            <Select
              style={{ width: 140 }}
              options={FEEDBACK_STATUSES.map((status) => ({
                value: status,
                label: t(`feedback.statuses.${status}`),
              }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      {!brand ? (
        <PickBrand />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<Row>
          data-testid="feedback-queue"
          rowKey="id"
          size="middle"
          bordered
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('feedback.empty') }}
          columns={[
            { title: t('id'), dataIndex: 'id' },
            { title: t('feedback.member'), dataIndex: 'username' },
            { title: t('feedback.category'), dataIndex: 'categoryName' },
            {
              title: t('feedback.content'),
              key: 'content',
              render: (_, row) => (
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: row.content }}
                  style={{ margin: 0, maxWidth: 420 }}
                >
                  {row.content}
                </Typography.Paragraph>
              ),
            },
            { title: t('feedback.images'), dataIndex: 'imageCount' },
            {
              title: t('feedback.status'),
              key: 'status',
              render: (_, row) => <FeedbackStatusTag status={row.status} />,
            },
            {
              title: t('feedback.createdAt'),
              key: 'createdAt',
              render: (_, row) => formatDateTime(row.createdAt),
            },
            {
              title: t('feedback.repliedBy'),
              key: 'repliedBy',
              render: (_, row) => row.repliedBy ?? '-',
            },
            {
              title: '',
              key: 'open',
              render: (_, row) => (
                <Link to={`/feedback/${row.id}`}>
                  <Button size="small" type="primary" data-testid={`feedback-open-${row.id}`}>
                    {t('feedback.open')}
                  </Button>
                </Link>
              ),
            },
          ]}
        />
      )}
    </ListPage>
  );
}
