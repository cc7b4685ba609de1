import { Alert, Button, Form, Select, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KYC_SUBMISSION_STATUSES, adminKycQueueEndpoint } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { KycStatusTag } from './kyc-parts.tsx';

type Row = ResponseOf<typeof adminKycQueueEndpoint>[number];
type FormValues = { brand?: string; status?: string };

/**
 * The KYC queue of the operator's brands: pending document sets oldest first (the first to
 * answer), decided ones newest first; each opens to its review page.
 */
export default function KycQueuePage() {
  const { t } = useTranslation('kyc');
  const [filters, setFilters] = useUrlFilters(adminKycQueueEndpoint.query);
  const query = { ...filters, limit: 100 };
  const list = useEndpointQuery(adminKycQueueEndpoint, { query });
  return (
    <ListPage
      title={t('title')}
      filters={
        <>
          <Alert type="info" showIcon message={t('intro')} style={{ marginBottom: 12 }} />
          <FilterBar<FormValues>
            key={JSON.stringify(filters)}
            initialValues={{ brand: filters.brand, status: filters.status }}
            onSearch={(values) => setFilters({ brand: values.brand, status: values.status })}
            onReset={() => setFilters({ brand: undefined, status: undefined })}
          >
            <Form.Item name="status" label={t('status')}>
              <Select
                style={{ width: 140 }}
                options={KYC_SUBMISSION_STATUSES.map((status) => ({
                  value: status,
                  label: t(`statuses.${status}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="brand" label={t('common:brand')}>
              <BrandField />
            </Form.Item>
          </FilterBar>
        </>
      }
    >
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<Row>
          data-testid="kyc-queue"
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          columns={[
            { title: t('id'), dataIndex: 'id' },
            { title: t('common:brand'), dataIndex: 'brand' },
            {
              title: t('member'),
              key: 'member',
              render: (_, row) => <Link to={`/members/${row.memberId}`}>{row.username}</Link>,
            },
            {
              title: t('submittedAt'),
              key: 'submittedAt',
              render: (_, row) => formatDateTime(row.submittedAt),
            },
            {
              title: t('status'),
              key: 'status',
              render: (_, row) => <KycStatusTag status={row.status} />,
            },
            { title: t('claimedBy'), key: 'claimedBy', render: (_, row) => row.claimedBy ?? '-' },
            { title: t('decidedBy'), key: 'decidedBy', render: (_, row) => row.decidedBy ?? '-' },
            { title: t('reason'), key: 'reason', render: (_, row) => row.reason ?? '-' },
            {
              title: '',
              key: 'open',
              render: (_, row) => (
                <Link to={`/kyc/${row.id}`}>
                  <Button size="small" type="primary" data-testid={`kyc-open-${row.id}`}>
                    {t('review')}
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
