import { Flex, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminDepositsEndpoint,
  DEPOSIT_CHANNEL_TYPES,
  DEPOSIT_ORDER_STATUSES,
  type AdminDepositQueueRow,
} from '@lobby/contracts';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { DEPOSIT_OPEN_STATUSES, queueQuery } from './cashier-logic.ts';
import { ClaimCell, DepositStatusTag, useQueuePage } from './cashier-parts.tsx';
import { QueuePage } from './queue-page.tsx';

/**
 * The deposit queue: every filter of GET /admin/api/deposits in the URL, paged and sorted on
 * the server, who holds each order and its hold, claim and release in the row.
 */
export default function DepositsPage() {
  const { t, i18n } = useTranslation('cashier');
  const [filters, setFilters] = useUrlFilters(adminDepositsEndpoint.query);
  const result = useQueuePage<AdminDepositQueueRow>(adminDepositsEndpoint, queueQuery(filters));
  const isOpen = (status: string) => (DEPOSIT_OPEN_STATUSES as readonly string[]).includes(status);

  return (
    <QueuePage<AdminDepositQueueRow>
      kind="deposit"
      title={t('depositsTitle')}
      listPath={adminDepositsEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      result={result}
      brandOf={(row) => row.brandCode}
      isOpen={isOpen}
      ownFields={
        <>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 130 }}
              options={DEPOSIT_ORDER_STATUSES.map((value) => ({
                value,
                label: labelOf(i18n, `cashier:depositStatuses.${value}`, value),
              }))}
            />
          </Form.Item>
          <Form.Item name="channelType" label={t('channel')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 130 }}
              options={DEPOSIT_CHANNEL_TYPES.map((value) => ({
                value,
                label: labelOf(i18n, `cashier:channelTypes.${value}`, value),
              }))}
            />
          </Form.Item>
        </>
      }
      columns={[
        {
          title: t('channel'),
          key: 'channel',
          render: (_, row) => (
            <Flex vertical>
              <span style={{ whiteSpace: 'nowrap' }}>
                {labelOf(i18n, `cashier:channelTypes.${row.channelType}`, row.channelType)}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.channelName}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t('status'),
          key: 'status',
          render: (_, row) => <DepositStatusTag status={row.status} />,
        },
        {
          title: t('claim'),
          key: 'claim',
          render: (_, row) =>
            isOpen(row.status) ? (
              <ClaimCell row={row} />
            ) : (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {row.decidedAt
                  ? t('decidedAtValue', { time: formatDateTime(row.decidedAt) })
                  : null}
              </Typography.Text>
            ),
        },
      ]}
    />
  );
}
