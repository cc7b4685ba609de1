import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminConfirmDepositEndpoint,
  adminDepositDetailEndpoint,
  adminRejectDepositEndpoint,
  type AdminDepositDetail,
} from '@lobby/contracts';
import { ReasonAction } from '../../components/reason-action.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { formatMoney } from '../../lib/money.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { decisionBlock, DEPOSIT_OPEN_STATUSES } from './cashier-logic.ts';
import { DepositStatusTag, HoldTag, testId } from './cashier-parts.tsx';
import {
  DecisionCardFrame,
  DetailColumns,
  DetailFrame,
  MemberCard,
  NotesCard,
  OrderCardFrame,
  ReviewCard,
  useOrderDetail,
} from './detail-parts.tsx';

type Order = AdminDepositDetail['order'];

/** What the order is: channel, amount, and what the member sent (notice, chain transfer). */
function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('cashier');
  return (
    <OrderCardFrame order={order} brand={order.brandCode}>
      <Descriptions.Item label={t('channel')}>
        {labelOf(i18n, `cashier:channelTypes.${order.channelType}`, order.channelType)} ·{' '}
        {order.channelName}
      </Descriptions.Item>
      <Descriptions.Item label={t('createdAt')}>
        {formatDateTime(order.createdAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('decidedAt')}>
        {order.decidedAt ? `${formatDateTime(order.decidedAt)} · ${order.decidedBy ?? ''}` : '-'}
      </Descriptions.Item>
      {order.card ? (
        <Descriptions.Item label={t('payTo')} span="filled">
          {order.card.bankName} · {order.card.accountName} · {order.card.cardNumber}
          {order.card.branch ? ` · ${order.card.branch}` : ''}
        </Descriptions.Item>
      ) : null}
      {order.notice ? (
        <Descriptions.Item label={t('notice')} span="filled">
          <Flex vertical>
            <span data-testid="deposit-notice">
              {t('noticeValue', {
                payer: order.notice.payerName,
                time: formatDateTime(order.notice.transferredAt),
              })}
            </span>
            {order.notice.note ? (
              <Typography.Text type="secondary">
                {t('noticeNote')}: {order.notice.note}
              </Typography.Text>
            ) : null}
          </Flex>
        </Descriptions.Item>
      ) : null}
      {order.coin ? (
        <>
          <Descriptions.Item label={t('coin')} span="filled">
            {t('coinValue', {
              amount: order.coin.amount,
              protocol: order.coin.protocolName,
              rate: order.coin.rate,
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('coinAddress')} span="filled">
            <Typography.Text copyable>{order.coin.address}</Typography.Text>
          </Descriptions.Item>
          {order.coin.txHash ? (
            <Descriptions.Item label={t('txHash')} span="filled">
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {order.coin.txHash}
              </Typography.Text>
            </Descriptions.Item>
          ) : null}
        </>
      ) : null}
      {order.reason ? (
        <Descriptions.Item label={t('decisionReason')} span="filled">
          {order.reason}
        </Descriptions.Item>
      ) : null}
      {order.ledgerEntryId ? (
        <Descriptions.Item label={t('ledgerEntry')} span="filled">
          {order.ledgerEntryId}
        </Descriptions.Item>
      ) : null}
    </OrderCardFrame>
  );
}

/** Confirm (credit the member) or reject; off while someone else holds the order. */
function DecisionCard({ detail }: { detail: AdminDepositDetail }) {
  const { t, i18n } = useTranslation('cashier');
  const operator = useOperator();
  const { order } = detail;
  const block = decisionBlock(order, operator.username, DEPOSIT_OPEN_STATUSES);
  const disabled = block !== null;
  const params = { orderNo: order.orderNo };
  return (
    <DecisionCardFrame
      block={block}
      holder={order.claimedBy}
      statusLabel={labelOf(i18n, `cashier:depositStatuses.${order.status}`, order.status)}
    >
      <ReasonAction
        endpoint={adminConfirmDepositEndpoint}
        params={params}
        reason="optional"
        label={t('confirmDeposit')}
        title={t('confirmDepositTitle', { orderNo: order.orderNo })}
        description={t('confirmDepositBody', {
          username: order.username,
          amount: formatMoney(order.amount, order.currency),
        })}
        buttonProps={{ type: 'primary', disabled, ...testId('confirm-deposit') }}
        successMessage={t('confirmedDeposit')}
      />
      <ReasonAction
        endpoint={adminRejectDepositEndpoint}
        params={params}
        danger
        label={t('rejectDeposit')}
        title={t('rejectDepositTitle', { orderNo: order.orderNo })}
        description={t('rejectDepositBody')}
        buttonProps={{ disabled, ...testId('reject-deposit') }}
        successMessage={t('rejected')}
      />
    </DecisionCardFrame>
  );
}

/** One deposit order: the order, its member, its review (claim, hold, notes) and decision. */
export default function DepositDetailPage() {
  const { t } = useTranslation('cashier');
  const { orderNo, result, detail, open } = useOrderDetail(
    adminDepositDetailEndpoint,
    DEPOSIT_OPEN_STATUSES,
  );
  return (
    <DetailFrame
      back="/deposits"
      backLabel={t('backToDeposits')}
      title={t('depositTitle', { orderNo })}
      tags={
        detail ? (
          <>
            <DepositStatusTag status={detail.order.status} />
            {open ? <HoldTag row={detail.order} /> : null}
          </>
        ) : null
      }
      state={result}
    >
      {() =>
        detail ? (
          <DetailColumns
            main={[
              <OrderCard key="order" order={detail.order} />,
              <DecisionCard key="decision" detail={detail} />,
              <NotesCard
                key="notes"
                kind="deposit"
                orderNo={detail.order.orderNo}
                notes={detail.notes}
              />,
            ]}
            side={[
              <ReviewCard key="review" kind="deposit" order={detail.order} open={open} />,
              <MemberCard key="member" member={detail.member} />,
            ]}
          />
        ) : null
      }
    </DetailFrame>
  );
}
