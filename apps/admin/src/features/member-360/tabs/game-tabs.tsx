import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminMemberBetsEndpoint,
  adminMemberTransfersEndpoint,
  GAME_CATEGORIES,
  TRANSFER_STATUSES,
  type AdminMemberBet,
  type AdminMemberRecord,
  type AdminMemberTransfer,
} from '@lobby/contracts';
import { ListTable } from '../../../components/list-page.tsx';
import { useEndpointQuery } from '../../../lib/api-context.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { Money, NS, useEnumLabel, usePlatformOptions } from '../parts.tsx';
import { useTabFilters } from '../tab-url.ts';
import { amountColumn, idColumn, timeColumn } from './tab-columns.tsx';
import { enumField, HistoryTab, platformField } from './tab-scaffold.tsx';

const TRANSFER_STATUS_COLOURS: Record<string, string> = {
  in_transit: 'orange',
  success: 'green',
  failed: 'red',
};

/** The status queries of a transfer: how many, and the last one on hover and below. */
function TransferQueries({ row }: { row: AdminMemberTransfer }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const last = row.lastQuery;
  const answer = last
    ? last.answer === 'status' && last.status
      ? label('platformStatuses', last.status)
      : `${label('queryAnswers', last.answer)}${last.detail ? ` (${last.detail})` : ''}`
    : null;
  return (
    <Flex vertical>
      <span>{t('transfers.queryCount', { n: row.queries })}</span>
      {last ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('transfers.lastQuery', {
            at: formatDateTime(last.askedAt),
            source: last.operator
              ? `${label('querySources', last.source)} ${last.operator}`
              : label('querySources', last.source),
            answer,
          })}
        </Typography.Text>
      ) : null}
      {row.status === 'in_transit' && row.nextCheckAt ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('transfers.nextCheck', { at: formatDateTime(row.nextCheckAt) })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/**
 * The member's transfers with game platforms. One still in transit opens on the transfer
 * exceptions page (`/transfers/:id`), where it can be asked about again or resolved.
 */
export function TransfersTab({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const memberId = record.member.id;
  const [filters, setFilters] = useTabFilters('transfers', adminMemberTransfersEndpoint.query);
  const result = useEndpointQuery(adminMemberTransfersEndpoint, {
    params: { id: memberId },
    query: filters,
  });
  const platforms = usePlatformOptions(
    record.member.brand,
    [...record.balances.platforms, ...(result.data?.items ?? [])],
    filters.platform,
  );
  return (
    <HistoryTab
      tab="transfers"
      memberId={memberId}
      listPath={adminMemberTransfersEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      fields={[
        enumField('status', 'transferStatuses', TRANSFER_STATUSES, 120),
        enumField('direction', 'directions', ['in', 'out'], 130),
        platformField(platforms, 160),
      ]}
    >
      <ListTable<AdminMemberTransfer>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        columns={[
          idColumn(t('transfers.orderNo'), 'orderNo', (row) => row.orderNo),
          timeColumn(t('transfers.createdAt'), 'createdAt', (row) => row.createdAt),
          { title: t('transfers.platform'), dataIndex: 'platformName' },
          {
            title: t('transfers.direction'),
            key: 'direction',
            render: (_, row) => (
              <span>
                {label('directions', row.direction)}
                {row.recycleBatch ? (
                  <Tooltip title={row.recycleBatch}>
                    <Tag style={{ marginInlineStart: 8 }}>{t('transfers.recycle')}</Tag>
                  </Tooltip>
                ) : null}
              </span>
            ),
          },
          amountColumn(t('transfers.amount')),
          {
            title: t('transfers.status'),
            key: 'status',
            render: (_, row) => (
              <Flex gap={8} align="center" wrap={false}>
                <Tag color={TRANSFER_STATUS_COLOURS[row.status]}>
                  {label('transferStatuses', row.status)}
                </Tag>
                {row.status === 'in_transit' ? (
                  <Link to={`/transfers/${row.id}`} data-testid="transfer-open">
                    <Button size="small" type="link">
                      {t('transfers.open')}
                    </Button>
                  </Link>
                ) : null}
              </Flex>
            ),
          },
          {
            title: t('transfers.queries'),
            key: 'queries',
            render: (_, row) => <TransferQueries row={row} />,
          },
          {
            title: t('transfers.reason'),
            key: 'reason',
            render: (_, row) =>
              row.reason || row.lastError ? (
                <Typography.Text code>{row.reason ?? row.lastError}</Typography.Text>
              ) : null,
          },
          timeColumn(t('transfers.finishedAt'), 'finishedAt', (row) => row.finishedAt),
        ]}
      />
    </HistoryTab>
  );
}

/** The member's settled rounds: platform, category and period in the URL, with their totals. */
export function BetsTab({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const memberId = record.member.id;
  const [filters, setFilters] = useTabFilters('bets', adminMemberBetsEndpoint.query);
  const result = useEndpointQuery(adminMemberBetsEndpoint, {
    params: { id: memberId },
    query: filters,
  });
  const platforms = usePlatformOptions(
    record.member.brand,
    [...record.balances.platforms, ...(result.data?.items ?? [])],
    filters.platform,
  );
  const data = result.data;
  return (
    <HistoryTab
      tab="bets"
      memberId={memberId}
      listPath={adminMemberBetsEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      fields={[
        platformField(platforms, 160),
        enumField('category', 'categories', Object.values(GAME_CATEGORIES), 120),
      ]}
      summary={
        data ? (
          <Flex gap={24} wrap data-testid="bets-totals">
            <Typography.Text strong>{t('bets.totals')}</Typography.Text>
            {(['bet', 'validBet', 'payout', 'winLoss'] as const).map((key) => (
              <span key={key}>
                <Typography.Text type="secondary">{t(`bets.${key}`)} </Typography.Text>
                <Money
                  amount={data.totals[key]}
                  currency={data.currency}
                  signed={key === 'winLoss'}
                />
              </span>
            ))}
          </Flex>
        ) : null
      }
    >
      <ListTable<AdminMemberBet>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey={(row) => `${row.platformId}:${row.roundId}`}
        columns={[
          idColumn(t('bets.roundId'), 'roundId', (row) => row.roundId),
          timeColumn(t('bets.settledAt'), 'settledAt', (row) => row.settledAt),
          { title: t('bets.platform'), dataIndex: 'platformName' },
          {
            title: t('bets.game'),
            key: 'game',
            render: (_, row) => (
              <div>
                <div>{row.gameName}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.gameCode}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('bets.category'),
            key: 'category',
            render: (_, row) => label('categories', row.category),
          },
          ...(['bet', 'validBet', 'payout', 'winLoss'] as const).map((key) => ({
            title: t(`bets.${key}`),
            key,
            align: 'right' as const,
            render: (_: unknown, row: AdminMemberBet) => (
              <Money amount={row[key]} currency={row.currency} signed={key === 'winLoss'} />
            ),
          })),
          timeColumn(t('bets.placedAt'), 'placedAt', (row) => row.placedAt),
        ]}
      />
    </HistoryTab>
  );
}
