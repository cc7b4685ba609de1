import { Flex, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminWithdrawalsEndpoint,
  WITHDRAWAL_STATUSES,
  type AdminWithdrawalQueueRow,
} from '@lobby/contracts';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { queueQuery, WITHDRAWAL_OPEN_STATUSES } from './cashier-logic.ts';
import {
  AwaitingApprovalTag,
  ClaimCell,
  RiskFlags,
  useQueuePage,
  WithdrawalStatusTag,
} from './cashier-parts.tsx';
import { QueuePage } from './queue-page.tsx';

/**
 * The withdrawal queue: every filter of GET /admin/api/withdrawals in the URL (pending by
 * default), paged and sorted on the server; who holds each order, its hold, its risk flags and
 * the second approval it waits for; claim and release in the row.
 */
export default function WithdrawalsPage() {
  const { t, i18n } = useTranslation('cashier');
  const [filters, setFilters] = useUrlFilters(adminWithdrawalsEndpoint.query);
  const result = useQueuePage<AdminWithdrawalQueueRow>(
    adminWithdrawalsEndpoint,
    queueQuery(filters),
  );
  const isOpen = (status: string) =>
    (WITHDRAWAL_OPEN_STATUSES as readonly string[]).includes(status);
  // Decided orders have no claim to show: who decided them and when instead.
  const decidedView = !isOpen(filters.status);

  return (
    <QueuePage<AdminWithdrawalQueueRow>
      kind="withdrawal"
      title={t('withdrawalsTitle')}
      listPath={adminWithdrawalsEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      result={result}
      brandOf={(row) => row.brand}
      isOpen={isOpen}
      ownFields={
        <Form.Item name="status" label={t('status')}>
          <Select
            style={{ width: 120 }}
            options={WITHDRAWAL_STATUSES.map((value) => ({
              value,
              label: labelOf(i18n, `cashier:withdrawalStatuses.${value}`, value),
            }))}
          />
        </Form.Item>
      }
      columns={[
        {
          title: t('status'),
          key: 'status',
          render: (_, row) => (
            <Flex gap={4} vertical align="flex-start">
              <WithdrawalStatusTag status={row.status} />
              {row.approvalRequest ? (
                <AwaitingApprovalTag requestedBy={row.approvalRequest.requestedBy} />
              ) : null}
            </Flex>
          ),
        },
        ...(decidedView
          ? [
              {
                title: t('decidedBy'),
                key: 'decidedBy',
                render: (_: unknown, row: AdminWithdrawalQueueRow) => (
                  <Flex vertical>
                    <span>{row.decidedBy ?? '-'}</span>
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12, whiteSpace: 'nowrap' }}
                    >
                      {formatDateTime(row.decidedAt)}
                    </Typography.Text>
                  </Flex>
                ),
              },
            ]
          : [
              {
                title: t('claim'),
                key: 'claim',
                render: (_: unknown, row: AdminWithdrawalQueueRow) =>
                  isOpen(row.status) ? <ClaimCell row={row} /> : null,
              },
            ]),
        {
          title: t('risk'),
          key: 'risk',
          width: 200,
          render: (_, row) => <RiskFlags flags={row.riskFlags} />,
        },
        {
          title: t('account'),
          key: 'account',
          render: (_, row) => (
            <Flex vertical>
              <span style={{ whiteSpace: 'nowrap' }}>
                {row.account.institutionName ||
                  labelOf(i18n, `cashier:accountTypes.${row.account.type}`, row.account.type)}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {row.account.holderName}
              </Typography.Text>
            </Flex>
          ),
        },
      ]}
    />
  );
}
