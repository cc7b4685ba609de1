import { Alert, App, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  adminWithdrawalDetailEndpoint,
  type AdminApproval,
  type AdminWithdrawalDetail,
} from '@lobby/contracts';
import { ReasonAction } from '../../components/reason-action.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { formatMoney } from '../../lib/money.ts';
import { useCan, useOperator } from '../../lib/operator-context.tsx';
import { decisionBlock, WITHDRAWAL_OPEN_STATUSES } from './cashier-logic.ts';
import {
  AwaitingApprovalTag,
  HoldTag,
  RiskFlags,
  testId,
  WithdrawalStatusTag,
} from './cashier-parts.tsx';
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
import { RiskPanel } from './risk-panel.tsx';

type Order = AdminWithdrawalDetail['order'];

/** The order and where to pay it (unmasked: the cashier pays it). */
function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('cashier');
  return (
    <OrderCardFrame order={order} brand={order.brand}>
      <Descriptions.Item label={t('createdAt')}>
        {formatDateTime(order.createdAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('accountType')}>
        {labelOf(i18n, `cashier:accountTypes.${order.account.type}`, order.account.type)}
      </Descriptions.Item>
      <Descriptions.Item label={t('institution')}>
        {order.account.institutionName || order.account.institution || '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('holderName')}>
        <Typography.Text copyable>{order.account.holderName}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('accountNumber')}>
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {order.account.accountNumber}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('risk')} span="filled">
        <RiskFlags flags={order.riskFlags} max={7} />
      </Descriptions.Item>
      <Descriptions.Item label={t('decidedAt')}>
        {order.decidedAt ? formatDateTime(order.decidedAt) : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('decidedBy')}>{order.decidedBy ?? '-'}</Descriptions.Item>
      {order.reason ? (
        <Descriptions.Item label={t('decisionReason')} span="filled">
          {order.reason}
        </Descriptions.Item>
      ) : null}
    </OrderCardFrame>
  );
}

/** The open second-approval request: who asked, when, and the way to the approvals queue. */
function ApprovalCard({ request }: { request: AdminApproval }) {
  const { t } = useTranslation('cashier');
  const canDecide = useCan('approvals.decide');
  return (
    <Card
      size="small"
      title={t('approvalSection')}
      data-testid="approval-card"
      extra={
        canDecide ? (
          <Link
            to={`/approvals?kind=withdrawal_approval&brand=${encodeURIComponent(request.brand)}`}
            data-testid="open-approvals"
          >
            {t('openApprovals')}
          </Link>
        ) : null
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text data-testid="approval-summary">
          {t('approvalValue', {
            id: request.id,
            name: request.requestedBy,
            time: formatDateTime(request.requestedAt),
          })}
        </Typography.Text>
        {request.reason ? (
          <Typography.Text type="secondary">
            {t('approvalNote')}: {request.reason}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}

/** Approve (pay, or ask for the second approval) or reject; off while someone else holds it. */
function DecisionCard({ detail }: { detail: AdminWithdrawalDetail }) {
  const { t, i18n } = useTranslation('cashier');
  const { message } = App.useApp();
  const operator = useOperator();
  const { order } = detail;
  const block = decisionBlock(order, operator.username, WITHDRAWAL_OPEN_STATUSES);
  const waiting = detail.approvalRequest !== null;
  const params = { orderNo: order.orderNo };
  return (
    <DecisionCardFrame
      block={block}
      holder={order.claimedBy}
      statusLabel={labelOf(i18n, `cashier:withdrawalStatuses.${order.status}`, order.status)}
      notice={
        block === null && waiting ? (
          <Alert type="info" showIcon title={t('awaitingDecision')} />
        ) : null
      }
    >
      <ReasonAction
        endpoint={adminApproveWithdrawalEndpoint}
        params={params}
        reason="optional"
        reasonField="note"
        label={t('approveWithdrawal')}
        title={t('approveWithdrawalTitle', { orderNo: order.orderNo })}
        description={t('approveWithdrawalBody', {
          amount: formatMoney(order.amount, order.currency),
          holder: order.account.holderName,
          account: order.account.accountNumber,
        })}
        buttonProps={{
          type: 'primary',
          disabled: block !== null || waiting,
          ...testId('approve-withdrawal'),
        }}
        onDone={(result) => {
          if ('approvalRequest' in result) void message.info(t('approvalRequested'));
        }}
      />
      <ReasonAction
        endpoint={adminRejectWithdrawalEndpoint}
        params={params}
        danger
        label={t('rejectWithdrawal')}
        title={t('rejectWithdrawalTitle', { orderNo: order.orderNo })}
        description={t('rejectWithdrawalBody')}
        buttonProps={{ disabled: block !== null, ...testId('reject-withdrawal') }}
        successMessage={t('rejected')}
      />
    </DecisionCardFrame>
  );
}

/**
 * One withdrawal: the order and where to pay it, its member, its review (claim, hold, notes),
 * the second approval it waits for, its risk signals explained, and the decision.
 */
export default function WithdrawalDetailPage() {
  const { t } = useTranslation('cashier');
  const { orderNo, result, detail, open } = useOrderDetail(
    adminWithdrawalDetailEndpoint,
    WITHDRAWAL_OPEN_STATUSES,
  );
  return (
    <DetailFrame
      back="/withdrawals"
      backLabel={t('backToWithdrawals')}
      title={t('withdrawalTitle', { orderNo })}
      tags={
        detail ? (
          <>
            <WithdrawalStatusTag status={detail.order.status} />
            {open ? <HoldTag row={detail.order} /> : null}
            {detail.approvalRequest ? (
              <AwaitingApprovalTag requestedBy={detail.approvalRequest.requestedBy} />
            ) : null}
            {detail.order.riskFlags.length > 0 ? (
              <Tag color="red">
                {t('risk')}: {detail.order.riskFlags.length}
              </Tag>
            ) : null}
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
              detail.approvalRequest ? (
                <ApprovalCard key="approval" request={detail.approvalRequest} />
              ) : null,
              <DecisionCard key="decision" detail={detail} />,
              <RiskPanel key="risk" risk={detail.risk} currency={detail.order.currency} />,
              <NotesCard
                key="notes"
                kind="withdrawal"
                orderNo={detail.order.orderNo}
                notes={detail.notes}
              />,
            ]}
            side={[
              <ReviewCard key="review" kind="withdrawal" order={detail.order} open={open} />,
              <MemberCard key="member" member={detail.member} />,
            ]}
          />
        ) : null
      }
    </DetailFrame>
  );
}
