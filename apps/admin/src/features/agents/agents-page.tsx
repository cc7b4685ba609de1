import { Alert, Form, Input, Select } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AGENT_STATUSES,
  adminAgentsEndpoint,
  adminResumeAgentEndpoint,
  adminSuspendAgentEndpoint,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { AgentsTabs, StatusTag, useDefaultBrand } from './agents-parts.tsx';

type Row = ResponseOf<typeof adminAgentsEndpoint>['items'][number];
type FormValues = { brand?: string; status?: string; username?: string };

/** A brand's agents with their downline counts; each may be suspended or resumed. */
export default function AgentsPage() {
  const { t } = useTranslation('agents');
  const [filters, setFilters] = useUrlFilters(adminAgentsEndpoint.query);
  const brand = useDefaultBrand(filters.brand);
  const list = useEndpointQuery(
    adminAgentsEndpoint,
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
              options={AGENT_STATUSES.map((status) => ({
                value: status,
                label: t(`agentStatuses.${status}`),
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
          rowKey="memberId"
          columns={[
            {
              title: t('username'),
              key: 'username',
              render: (_, row) => <Link to={`/members/${row.memberId}`}>{row.username}</Link>,
            },
            { title: t('inviteCode'), dataIndex: 'inviteCode', key: 'inviteCode' },
            {
              title: t('status'),
              key: 'status',
              render: (_, row) => <StatusTag group="agentStatuses" status={row.status} />,
            },
            { title: t('downline'), dataIndex: 'downline', key: 'downline', align: 'right' },
            {
              title: t('approvedBy'),
              key: 'approvedBy',
              render: (_, row) => row.approvedBy ?? '-',
            },
            {
              title: t('agentSince'),
              key: 'createdAt',
              render: (_, row) => formatDateTime(row.createdAt),
            },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, row) =>
                row.status === 'active' ? (
                  <ReasonAction
                    endpoint={adminSuspendAgentEndpoint}
                    params={{ memberId: row.memberId }}
                    reason="optional"
                    label={t('suspend')}
                    title={t('suspendTitle', { username: row.username })}
                    description={t('suspendDescription')}
                    danger
                    buttonProps={{ size: 'small' }}
                  />
                ) : (
                  <ReasonAction
                    endpoint={adminResumeAgentEndpoint}
                    params={{ memberId: row.memberId }}
                    reason="optional"
                    label={t('resume')}
                    title={t('resumeTitle', { username: row.username })}
                    description={t('resumeDescription')}
                    buttonProps={{ size: 'small' }}
                  />
                ),
            },
          ]}
        />
      )}
    </ListPage>
  );
}
