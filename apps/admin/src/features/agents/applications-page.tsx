import { Alert, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AGENT_APPLICATION_STATUSES,
  adminAgentApplicationsEndpoint,
  adminApproveAgentApplicationEndpoint,
  adminRejectAgentApplicationEndpoint,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { AgentsTabs, StatusTag, useDefaultBrand } from './agents-parts.tsx';

type Row = ResponseOf<typeof adminAgentApplicationsEndpoint>['items'][number];
type FormValues = { brand?: string; status?: string; username?: string };

/** A brand's agent applications, newest first; pending ones are approved or rejected here. */
export default function AgentApplicationsPage() {
  const { t } = useTranslation('agents');
  const [filters, setFilters] = useUrlFilters(adminAgentApplicationsEndpoint.query);
  const brand = useDefaultBrand(filters.brand);
  const list = useEndpointQuery(
    adminAgentApplicationsEndpoint,
    { query: { ...filters, brand: brand ?? '' } },
    { enabled: brand !== undefined },
  );
  return (
    <ListPage
      title={t('title')}
      tabs={<AgentsTabs brand={brand} />}
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, status: filters.status, username: filters.username }}
          onSearch={(values) =>
            setFilters({
              brand: values.brand,
              status: values.status,
              username: values.username?.trim() || undefined,
            })
          }
          onReset={() => setFilters({ status: undefined, username: undefined })}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('common:all')}
              options={AGENT_APPLICATION_STATUSES.map((status) => ({
                value: status,
                label: t(`applicationStatuses.${status}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="username" label={t('username')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      {brand === undefined ? (
        <Alert type="info" showIcon title={t('pickBrand')} />
      ) : (
        <ListTable<Row>
          result={list}
          filters={filters}
          onChange={setFilters}
          rowKey="id"
          columns={[
            { title: t('id'), dataIndex: 'id', key: 'id' },
            { title: t('username'), dataIndex: 'username', key: 'username' },
            { title: t('contact'), dataIndex: 'contact', key: 'contact' },
            {
              title: t('message'),
              key: 'message',
              render: (_, row) => (
                <Typography.Paragraph
                  style={{ margin: 0, maxWidth: 280, whiteSpace: 'pre-wrap' }}
                  ellipsis={{ rows: 3, expandable: true }}
                >
                  {row.message || '-'}
                </Typography.Paragraph>
              ),
            },
            {
              title: t('status'),
              key: 'status',
              render: (_, row) => <StatusTag group="applicationStatuses" status={row.status} />,
            },
            {
              title: t('appliedAt'),
              key: 'createdAt',
              render: (_, row) => formatDateTime(row.createdAt),
            },
            {
              title: t('decidedAt'),
              key: 'decidedAt',
              render: (_, row) => formatDateTime(row.decidedAt),
            },
            {
              title: t('reviewedBy'),
              key: 'reviewedBy',
              render: (_, row) => row.reviewedBy ?? '-',
            },
            {
              title: t('reviewNote'),
              key: 'reviewNote',
              render: (_, row) => row.reviewNote ?? '-',
            },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, row) =>
                row.status === 'pending' ? (
                  <Flex gap={8} data-testid={`application-${row.username}`}>
                    <ReasonAction
                      endpoint={adminApproveAgentApplicationEndpoint}
                      params={{ id: row.id }}
                      reason="optional"
                      reasonField="note"
                      label={t('approve')}
                      title={t('approveTitle', { username: row.username })}
                      description={t('approveDescription')}
                      successMessage={t('approved')}
                      buttonProps={{ size: 'small', type: 'primary' }}
                    />
                    <ReasonAction
                      endpoint={adminRejectAgentApplicationEndpoint}
                      params={{ id: row.id }}
                      reasonField="note"
                      label={t('reject')}
                      title={t('rejectTitle', { username: row.username })}
                      description={t('rejectDescription')}
                      successMessage={t('rejected')}
                      danger
                      buttonProps={{ size: 'small' }}
                    />
                  </Flex>
                ) : null,
            },
          ]}
        />
      )}
    </ListPage>
  );
}
