import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/ui/amount.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useDateTime, useZonedHeading } from '../../components/ui/use-business-time.ts';
import { useDepositOrders } from './api/deposit-orders.ts';
import { DepositStatusTag } from './cashier-parts.tsx';

const PAGE_SIZE = 5;

/** The member's deposit orders with their status, newest first. */
export function RecentDeposits() {
  const { t } = useTranslation('web');
  const dateTime = useDateTime();
  const zoned = useZonedHeading();
  const [page, setPage] = useState(1);
  const orders = useDepositOrders(page, PAGE_SIZE);
  const rows = (orders.data?.items ?? []).map((order) => ({
    id: order.orderNo,
    time: dateTime(order.createdAt),
    orderNo: <span className="mono">{order.orderNo}</span>,
    channel: order.channelName,
    amount: <Amount value={order.amount} />,
    status: <DepositStatusTag status={order.status} />,
    action: (
      <Link
        className="text-link"
        to={`/finance/deposit?orderNo=${encodeURIComponent(order.orderNo)}`}
      >
        {t('finance.order.view')}
      </Link>
    ),
  }));
  return (
    <Panel title={t('finance.deposit.recent')} icon="record" className="recent-orders">
      <DataTable
        stack
        columns={[
          { key: 'time', label: zoned(t('finance.order.fields.createdAt')) },
          { key: 'orderNo', label: t('finance.order.fields.orderNo') },
          { key: 'channel', label: t('finance.order.fields.channel') },
          { key: 'amount', label: t('finance.order.fields.amount'), align: 'end' },
          { key: 'status', label: t('finance.order.fields.status'), align: 'center' },
          { key: 'action', label: t('finance.order.fields.action'), align: 'end' },
        ]}
        rows={rows}
        loading={orders.isPending}
        emptyIcon="deposit"
        emptyTitle={t('finance.deposit.noOrders')}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={orders.data?.total ?? 0} onChange={setPage} />
    </Panel>
  );
}
