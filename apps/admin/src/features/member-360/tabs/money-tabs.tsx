import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminMemberDepositsEndpoint,
  adminMemberNetDepositsEndpoint,
  OPERATOR_HISTORY_MONTHS,
  adminMemberWithdrawalsEndpoint,
  DEPOSIT_CHANNEL_TYPES,
  DEPOSIT_ORDER_STATUSES,
  WITHDRAWAL_STATUSES,
  type AdminMemberDeposit,
  type AdminMemberWithdrawal,
} from '@lobby/contracts';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { ListTable } from '../../../components/list-page.tsx';
import { fillPath } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/api-context.tsx';
import { Money, NS, useEnumLabel } from '../parts.tsx';
import { useTabFilters } from '../tab-url.ts';
import { amountColumn, decisionColumns, idColumn, timeColumn } from './tab-columns.tsx';
import { enumField, HistoryTab } from './tab-scaffold.tsx';

export const DEPOSIT_STATUS_COLOURS: Record<string, string> = {
  pending: 'default',
  submitted: 'processing',
  confirmed: 'green',
  rejected: 'red',
  expired: 'default',
};

export const WITHDRAWAL_STATUS_COLOURS: Record<string, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};

/**
 * The member's net deposits (deposits less paid withdrawals, from the ledger) over the tab's
 * period, within the twelve months the back office reads.
 */
function NetDeposits({
  memberId,
  filters,
}: {
  memberId: string;
  filters: { from?: string | undefined; to?: string | undefined };
}) {
  const { t } = useTranslation(NS);
  const result = useEndpointQuery(adminMemberNetDepositsEndpoint, {
    params: { id: memberId },
    query: {
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
    },
  });
  if (!result.data) return null;
  return (
    <Flex gap={12} align="center" wrap>
      <Typography.Text data-testid="net-deposits">
        {t('netDeposits.label')}
        <Money amount={result.data.netDeposits} currency={result.data.currency} strong signed />
      </Typography.Text>
      <ExportCsvButton
        listPath={fillPath(adminMemberNetDepositsEndpoint.path, { id: memberId })}
        filters={{ from: filters.from, to: filters.to }}
        filename={`member-${memberId}-net-deposits`}
        label={t('netDeposits.export')}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('netDeposits.bound', { months: OPERATOR_HISTORY_MONTHS })}
      </Typography.Text>
    </Flex>
  );
}

/** The channel's own fields of a deposit (payer, notice, reference), as `key: value` lines. */
function DepositDetails({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  if (entries.length === 0) return null;
  const text = entries
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
  return (
    <Typography.Paragraph
      type="secondary"
      ellipsis={{ rows: 2, tooltip: text }}
      style={{ margin: 0, fontSize: 12, maxWidth: 280 }}
    >
      {text}
    </Typography.Paragraph>
  );
}

/** The member's deposit orders: status, channel and period in the URL, the confirmed total. */
export function DepositsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const [filters, setFilters] = useTabFilters('deposits', adminMemberDepositsEndpoint.query);
  const result = useEndpointQuery(adminMemberDepositsEndpoint, {
    params: { id: memberId },
    query: filters,
  });
  const data = result.data;
  return (
    <HistoryTab
      tab="deposits"
      memberId={memberId}
      listPath={adminMemberDepositsEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      fields={[
        enumField('status', 'depositStatuses', DEPOSIT_ORDER_STATUSES, 130),
        enumField('channel', 'channelTypes', DEPOSIT_CHANNEL_TYPES, 140),
      ]}
      summary={
        data ? (
          <Flex gap={24} wrap>
            <Typography.Text data-testid="deposits-total">
              {t('deposits.total')}
              <Money amount={data.confirmedTotal} currency={data.currency} strong />
            </Typography.Text>
            <NetDeposits memberId={memberId} filters={filters} />
          </Flex>
        ) : null
      }
    >
      <ListTable<AdminMemberDeposit>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="orderNo"
        columns={[
          idColumn(t('deposits.orderNo'), 'orderNo', (row) => row.orderNo),
          timeColumn(t('deposits.createdAt'), 'createdAt', (row) => row.createdAt),
          {
            title: t('deposits.channel'),
            key: 'channel',
            render: (_, row) => (
              <div style={{ whiteSpace: 'nowrap' }}>
                <div>{row.channelName}</div>
                {row.channelName !== label('channelTypes', row.channelType) ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {label('channelTypes', row.channelType)}
                  </Typography.Text>
                ) : null}
              </div>
            ),
          },
          amountColumn(t('deposits.amount')),
          // USDT orders only: the column shows when the page has one.
          ...(data?.items.some((row) => row.coinAmount !== null)
            ? [
                {
                  title: t('deposits.coin'),
                  key: 'coin',
                  align: 'right' as const,
                  render: (_: unknown, row: AdminMemberDeposit) =>
                    row.coinAmount ? (
                      <span style={{ whiteSpace: 'nowrap' }}>
                        {row.coinAmount} USDT{row.rate ? ` @ ${row.rate}` : ''}
                      </span>
                    ) : null,
                },
              ]
            : []),
          {
            title: t('deposits.status'),
            key: 'status',
            render: (_, row) => (
              <Tag color={DEPOSIT_STATUS_COLOURS[row.status]}>
                {label('depositStatuses', row.status)}
              </Tag>
            ),
          },
          {
            title: t('deposits.details'),
            key: 'details',
            render: (_, row) => <DepositDetails details={row.details} />,
          },
          ...decisionColumns<AdminMemberDeposit>({
            reason: t('deposits.reason'),
            reviewer: t('deposits.reviewer'),
            decidedAt: t('deposits.decidedAt'),
          }),
        ]}
      />
    </HistoryTab>
  );
}

/** The member's withdrawal orders: status and period in the URL, the paid total. */
export function WithdrawalsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const [filters, setFilters] = useTabFilters('withdrawals', adminMemberWithdrawalsEndpoint.query);
  const result = useEndpointQuery(adminMemberWithdrawalsEndpoint, {
    params: { id: memberId },
    query: filters,
  });
  const data = result.data;
  return (
    <HistoryTab
      tab="withdrawals"
      memberId={memberId}
      listPath={adminMemberWithdrawalsEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      fields={[enumField('status', 'withdrawalStatuses', WITHDRAWAL_STATUSES, 130)]}
      summary={
        data ? (
          <Flex gap={24} wrap>
            <Typography.Text data-testid="withdrawals-total">
              {t('withdrawals.total')}
              <Money amount={data.paidTotal} currency={data.currency} strong />
            </Typography.Text>
            <NetDeposits memberId={memberId} filters={filters} />
          </Flex>
        ) : null
      }
    >
      <ListTable<AdminMemberWithdrawal>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="orderNo"
        columns={[
          idColumn(t('withdrawals.orderNo'), 'orderNo', (row) => row.orderNo),
          timeColumn(t('withdrawals.createdAt'), 'createdAt', (row) => row.createdAt),
          amountColumn(t('withdrawals.amount')),
          {
            title: t('withdrawals.status'),
            key: 'status',
            render: (_, row) => (
              <Tag color={WITHDRAWAL_STATUS_COLOURS[row.status]}>
                {label('withdrawalStatuses', row.status)}
              </Tag>
            ),
          },
          {
            title: t('withdrawals.account'),
            key: 'account',
            render: (_, row) => (
              <div>
                <div>
                  {label('accountTypes', row.account.type)}
                  {row.account.institutionName ? ` · ${row.account.institutionName}` : ''}
                  {row.account.deleted ? (
                    <Tag style={{ marginInlineStart: 8 }}>{t('withdrawals.deleted')}</Tag>
                  ) : null}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.account.holderName} {row.account.accountNumber}
                </Typography.Text>
              </div>
            ),
          },
          ...decisionColumns<AdminMemberWithdrawal>({
            reason: t('withdrawals.reason'),
            reviewer: t('withdrawals.reviewer'),
            decidedAt: t('withdrawals.decidedAt'),
          }),
        ]}
      />
    </HistoryTab>
  );
}
