import { Descriptions, Flex, Form, Select, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminApprovalsEndpoint,
  adminApproveRequestEndpoint,
  adminRejectRequestEndpoint,
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  type AdminApproval,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { formatMoney } from '../../lib/money.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { useUrlFilters } from '../../lib/url-filters.ts';

type FormValues = { status?: string; brand?: string; kind?: string };

const STATUS_COLOURS: Record<string, string> = {
  pending: 'orange',
  approving: 'processing',
  approved: 'green',
  rejected: 'red',
};

/** The decision buttons of a pending request; the requester's own are not theirs to decide. */
function Decision({ row }: { row: AdminApproval }) {
  const { t, i18n } = useTranslation('approvals');
  const operator = useOperator();
  if (row.status !== 'pending') return null;
  const kind = labelOf(i18n, `approvals:kinds.${row.kind}`, row.kind);
  const amount = formatMoney(row.amount, row.currency);
  const buttons = (
    <Flex gap={8}>
      <ReasonAction
        endpoint={adminApproveRequestEndpoint}
        params={{ id: row.id }}
        reason="optional"
        reasonField="note"
        label={t('approve')}
        title={t('approveTitle', { id: row.id })}
        description={t('approveBody', { kind, target: row.target, amount })}
        buttonProps={{
          type: 'primary',
          size: 'small',
          disabled: row.requestedBy === operator.username,
        }}
        successMessage={t('approved')}
      />
      <ReasonAction
        endpoint={adminRejectRequestEndpoint}
        params={{ id: row.id }}
        reasonField="note"
        danger
        label={t('reject')}
        title={t('rejectTitle', { id: row.id })}
        description={t('rejectBody')}
        buttonProps={{ size: 'small', disabled: row.requestedBy === operator.username }}
        successMessage={t('rejected')}
      />
    </Flex>
  );
  return row.requestedBy === operator.username ? (
    <Tooltip title={t('ownRequest')}>{buttons}</Tooltip>
  ) : (
    buttons
  );
}

function ApprovalDetails({ row }: { row: AdminApproval }) {
  const { t } = useTranslation('approvals');
  return (
    <Descriptions size="small" column={{ xs: 1, lg: 2 }} bordered>
      <Descriptions.Item label={t('reason')}>{row.reason}</Descriptions.Item>
      <Descriptions.Item label={t('details')}>
        <Typography.Text code>{JSON.stringify(row.details ?? {})}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('decidedBy')}>{row.decidedBy}</Descriptions.Item>
      <Descriptions.Item label={t('decidedAt')}>{formatDateTime(row.decidedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('decisionNote')} span={2}>
        {row.decisionNote}
      </Descriptions.Item>
      <Descriptions.Item label={t('result')} span={2}>
        {row.result ? (
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            {JSON.stringify(row.result, null, 2)}
          </pre>
        ) : null}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Maker-checker: requests above a brand's thresholds wait here for a second operator. Status,
 * brand and kind filters in the URL; approve (note optional) or reject (note required).
 */
export default function ApprovalsPage() {
  const { t, i18n } = useTranslation('approvals');
  const [filters, setFilters] = useUrlFilters(adminApprovalsEndpoint.query);
  const result = useEndpointQuery(adminApprovalsEndpoint, { query: filters });

  return (
    <ListPage
      title={t('title')}
      extra={
        <ExportCsvButton
          listPath={adminApprovalsEndpoint.path}
          filters={filters}
          filename="approvals"
        />
      }
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ status: filters.status, brand: filters.brand, kind: filters.kind }}
          onSearch={(values) =>
            setFilters({ status: values.status, brand: values.brand, kind: values.kind })
          }
          onReset={() => setFilters({ status: undefined, brand: undefined, kind: undefined })}
        >
          <Form.Item name="status" label={t('status')}>
            <Select
              style={{ width: 130 }}
              options={APPROVAL_STATUSES.map((status) => ({
                value: status,
                label: labelOf(i18n, `approvals:statuses.${status}`, status),
              }))}
            />
          </Form.Item>
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="kind" label={t('kind')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 170 }}
              options={APPROVAL_KINDS.map((kind) => ({
                value: kind,
                label: labelOf(i18n, `approvals:kinds.${kind}`, kind),
              }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      <ListTable<AdminApproval>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        expandable={{ expandedRowRender: (row) => <ApprovalDetails row={row} /> }}
        columns={[
          { title: t('id'), dataIndex: 'id' },
          { title: t('common:brand'), dataIndex: 'brand' },
          {
            title: t('kind'),
            key: 'kind',
            render: (_, row) => labelOf(i18n, `approvals:kinds.${row.kind}`, row.kind),
          },
          {
            title: t('target'),
            key: 'target',
            render: (_, row) =>
              row.kind === 'balance_adjustment' || row.kind === 'turnover_waiver' ? (
                <Link to={`/members?q=${encodeURIComponent(row.target)}&brand=${row.brand}`}>
                  {row.target}
                </Link>
              ) : (
                row.target
              ),
          },
          {
            title: t('amount'),
            key: 'amount',
            align: 'right',
            render: (_, row) => formatMoney(row.amount, row.currency),
          },
          { title: t('requestedBy'), dataIndex: 'requestedBy' },
          {
            title: t('requestedAt'),
            key: 'requestedAt',
            render: (_, row) => formatDateTime(row.requestedAt),
          },
          {
            title: t('status'),
            key: 'status',
            render: (_, row) => (
              <Tag color={STATUS_COLOURS[row.status]}>
                {labelOf(i18n, `approvals:statuses.${row.status}`, row.status)}
              </Tag>
            ),
          },
          { title: t('decidedBy'), dataIndex: 'decidedBy' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => <Decision row={row} />,
          },
        ]}
      />
    </ListPage>
  );
}
