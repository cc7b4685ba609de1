import { useState } from 'react';
import { Alert, App, Button, DatePicker, Flex, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AGENT_STATEMENT_STATUSES,
  adminAgentStatementsEndpoint,
  adminApproveAgentStatementEndpoint,
  adminGenerateAgentStatementsEndpoint,
  adminRegenerateAgentStatementEndpoint,
  adminRejectAgentStatementEndpoint,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useApi, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney, isNegativeAmount } from '../../lib/money.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { AgentsTabs, percentOfBp, StatusTag, useDefaultBrand } from './agents-parts.tsx';

type Row = ResponseOf<typeof adminAgentStatementsEndpoint>['items'][number];
type FormValues = { brand?: string; month?: Dayjs | null; status?: string; username?: string };

const MONTH_FORMAT = 'YYYY-MM';

/**
 * A brand's monthly commission statements: generated for an ended month, recomputed while
 * pending, approved (paid once through the ledger) or rejected with a note.
 */
export default function AgentStatementsPage() {
  const { t } = useTranslation('agents');
  const [filters, setFilters] = useUrlFilters(adminAgentStatementsEndpoint.query);
  const brand = useDefaultBrand(filters.brand);
  const [generating, setGenerating] = useState(false);
  const list = useEndpointQuery(
    adminAgentStatementsEndpoint,
    { query: { ...filters, brand: brand ?? '' } },
    { enabled: brand !== undefined },
  );
  const amount = (value: string, currency: string) => (
    <span style={isNegativeAmount(value) ? { color: '#cf1322' } : undefined}>
      {formatMoney(value, currency)}
    </span>
  );
  return (
    <ListPage
      title={t('title')}
      tabs={<AgentsTabs brand={brand} />}
      extra={
        brand ? (
          <Button
            type="primary"
            data-testid="statements-generate"
            onClick={() => setGenerating(true)}
          >
            {t('generate')}
          </Button>
        ) : null
      }
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{
            brand,
            month: filters.month ? dayjs(`${filters.month}-01`) : null,
            status: filters.status,
            username: filters.username,
          }}
          onSearch={(values) =>
            setFilters({
              brand: values.brand,
              month: values.month ? values.month.format(MONTH_FORMAT) : undefined,
              status: values.status,
              username: values.username?.trim() || undefined,
            })
          }
          onReset={() => setFilters({ month: undefined, status: undefined, username: undefined })}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="month" label={t('month')}>
            <DatePicker picker="month" allowClear />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ width: 170 }}
              placeholder={t('common:all')}
              options={AGENT_STATEMENT_STATUSES.map((status) => ({
                value: status,
                label: t(`statementStatuses.${status}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="username" label={t('agent')}>
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
            { title: t('month'), dataIndex: 'month', key: 'month' },
            {
              title: t('agent'),
              key: 'agent',
              render: (_, row) => (
                <Link to={`/members/${row.agentMemberId}`}>{row.agentUsername}</Link>
              ),
            },
            {
              title: t('activeMembers'),
              dataIndex: 'activeMembers',
              key: 'activeMembers',
              align: 'right',
            },
            {
              title: t('bet'),
              key: 'bet',
              align: 'right',
              render: (_, row) => amount(row.bet, row.currency),
            },
            {
              title: t('validBet'),
              key: 'validBet',
              align: 'right',
              render: (_, row) => amount(row.validBet, row.currency),
            },
            {
              title: t('payout'),
              key: 'payout',
              align: 'right',
              render: (_, row) => amount(row.payout, row.currency),
            },
            {
              title: t('bonus'),
              key: 'bonus',
              align: 'right',
              render: (_, row) => amount(row.bonus, row.currency),
            },
            {
              title: t('netRevenue'),
              key: 'netRevenue',
              align: 'right',
              render: (_, row) => amount(row.netRevenue, row.currency),
            },
            {
              title: t('share'),
              key: 'share',
              align: 'right',
              render: (_, row) => percentOfBp(row.shareBp),
            },
            {
              title: t('commission'),
              key: 'commission',
              align: 'right',
              render: (_, row) => <strong>{amount(row.commission, row.currency)}</strong>,
            },
            {
              title: t('status'),
              key: 'status',
              render: (_, row) => <StatusTag group="statementStatuses" status={row.status} />,
            },
            {
              title: t('reviewedBy'),
              key: 'reviewedBy',
              render: (_, row) => row.reviewedBy ?? '-',
            },
            {
              title: t('decidedAt'),
              key: 'decidedAt',
              render: (_, row) => formatDateTime(row.decidedAt),
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
                  <Flex gap={8} data-testid={`statement-${row.id}`}>
                    <ReasonAction
                      endpoint={adminApproveAgentStatementEndpoint}
                      params={{ id: row.id }}
                      reason="optional"
                      reasonField="note"
                      label={t('approve')}
                      title={t('approveStatementTitle', {
                        username: row.agentUsername,
                        month: row.month,
                      })}
                      description={t('approveStatementDescription', {
                        amount: formatMoney(row.commission, row.currency),
                      })}
                      buttonProps={{ size: 'small', type: 'primary' }}
                    />
                    <ReasonAction
                      endpoint={adminRejectAgentStatementEndpoint}
                      params={{ id: row.id }}
                      reasonField="note"
                      label={t('reject')}
                      title={t('rejectStatementTitle', {
                        username: row.agentUsername,
                        month: row.month,
                      })}
                      description={t('rejectStatementDescription')}
                      danger
                      buttonProps={{ size: 'small' }}
                    />
                    <ReasonAction
                      endpoint={adminRegenerateAgentStatementEndpoint}
                      params={{ id: row.id }}
                      reason="none"
                      label={t('regenerate')}
                      title={t('regenerateTitle')}
                      description={t('regenerateDescription')}
                      buttonProps={{ size: 'small' }}
                    />
                  </Flex>
                ) : null,
            },
          ]}
        />
      )}
      {generating && brand ? (
        <GenerateModal
          brand={brand}
          onClose={() => setGenerating(false)}
          onGenerated={(month) => setFilters({ month })}
        />
      ) : null}
    </ListPage>
  );
}

/** Picks an ended month and writes its statements; says how many were written. */
function GenerateModal({
  brand,
  onClose,
  onGenerated,
}: {
  brand: string;
  onClose: () => void;
  onGenerated: (month: string) => void;
}) {
  const { t } = useTranslation('agents');
  const api = useApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [month, setMonth] = useState<Dayjs | null>(dayjs().subtract(1, 'month'));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function generate() {
    if (!month) {
      setFailure(t('generateMonthRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await api.call(adminGenerateAgentStatementsEndpoint, {
        body: { brand, month: month.format(MONTH_FORMAT) },
      });
      void message.success(t('generated', result));
      await queryClient.invalidateQueries();
      onGenerated(result.month);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('generateTitle')}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void generate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('generateDescription')}</p>
      <Form layout="vertical" name="generate">
        <Form.Item label={t('month')}>
          <DatePicker
            picker="month"
            value={month}
            onChange={setMonth}
            data-testid="generate-month"
            disabledDate={(value) => value.isAfter(dayjs(), 'month')}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
    </Modal>
  );
}
