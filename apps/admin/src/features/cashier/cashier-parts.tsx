import {
  App,
  Button,
  type ButtonProps,
  DatePicker,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { MessageOutlined, PauseCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminClaimDepositEndpoint,
  adminClaimWithdrawalEndpoint,
  adminHoldDepositEndpoint,
  adminHoldWithdrawalEndpoint,
  adminReleaseDepositEndpoint,
  adminReleaseWithdrawalEndpoint,
  CASHIER_CLAIM_FILTERS,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import type { ApiError, Endpoint } from '../../lib/api-client.ts';
import { endpointKey, useApi, useEndpointMutation } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { useCan, useOperator } from '../../lib/operator-context.tsx';
import {
  AMOUNT_FILTER_PATTERN,
  claimActions,
  claimStateOf,
  elapsedSince,
  RISK_COLOURS,
  RISK_LEVELS,
  summarizeRiskFlags,
  toQueuePage,
  type QueuePage,
} from './cashier-logic.ts';
import type { WithdrawalRiskFlag } from '@lobby/contracts';

/** A test id for a button made through props (ReasonAction's buttonProps). */
export function testId(id: string): ButtonProps {
  return { 'data-testid': id } as ButtonProps;
}

/** Both queues' order kinds: the endpoints of their claims, by kind. */
export type OrderKind = 'deposit' | 'withdrawal';

const REVIEW_ENDPOINTS = {
  deposit: {
    claim: adminClaimDepositEndpoint,
    release: adminReleaseDepositEndpoint,
    hold: adminHoldDepositEndpoint,
  },
  withdrawal: {
    claim: adminClaimWithdrawalEndpoint,
    release: adminReleaseWithdrawalEndpoint,
    hold: adminHoldWithdrawalEndpoint,
  },
} as const;

/** The review fields of a queue row or a detail's order (contracts: cashierReviewFields). */
export type ReviewRow = {
  orderNo: string;
  status: string;
  claimedBy: string | null;
  claimedAt: string | null;
  claimActiveAt: string | null;
  claimStale: boolean;
  onHold: boolean;
  holdReason: string | null;
  heldAt: string | null;
};

/**
 * A queue as pages: the queues answer a page only when asked for one, and the query always
 * asks (cashier-logic's queueQuery), so an array answer is read as a single page.
 */
export function useQueuePage<Row>(
  endpoint: Endpoint,
  query: Record<string, unknown>,
): UseQueryResult<QueuePage<Row>, ApiError> {
  const api = useApi();
  return useQuery<QueuePage<Row>, ApiError>({
    queryKey: [...endpointKey(endpoint, { query }), 'page'],
    queryFn: async ({ signal }) =>
      toQueuePage((await api.call(endpoint, { query, signal })) as Row[] | QueuePage<Row>),
  });
}

/** "12 min ago", with the exact time in a tooltip. */
export function Since({ iso }: { iso: string | null }) {
  const { t } = useTranslation('cashier');
  const elapsed = elapsedSince(iso);
  if (!elapsed) return null;
  return (
    <Tooltip title={formatDateTime(iso)}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {t(`elapsed.${elapsed.unit}`, { n: elapsed.n })}
      </Typography.Text>
    </Tooltip>
  );
}

/** Who holds an order and since when, its hold and its reason: a queue row's claim cell. */
export function ClaimCell({ row }: { row: ReviewRow }) {
  const { t } = useTranslation('cashier');
  const operator = useOperator();
  const state = claimStateOf(row, operator.username);
  return (
    <Flex vertical gap={2} data-testid="claim-cell">
      {state === 'free' ? (
        <Typography.Text type="secondary">{t('unclaimed')}</Typography.Text>
      ) : (
        <Space size={4} wrap={false}>
          <UserOutlined />
          <Typography.Text strong={state === 'mine'} style={{ whiteSpace: 'nowrap' }}>
            {state === 'mine' ? t('claimedByMe') : t('claimedBy', { name: row.claimedBy })}
          </Typography.Text>
        </Space>
      )}
      <Space size={4} wrap>
        {state === 'free' ? null : <Since iso={row.claimedAt} />}
        {state === 'stale' ? <Tag color="default">{t('claimStale')}</Tag> : null}
        <HoldTag row={row} />
      </Space>
    </Flex>
  );
}

/** The hold badge, its reason in the tooltip. */
export function HoldTag({ row }: { row: Pick<ReviewRow, 'onHold' | 'holdReason'> }) {
  const { t } = useTranslation('cashier');
  if (!row.onHold) return null;
  return (
    <Tooltip title={t('holdReasonTip', { reason: row.holdReason ?? '' })}>
      <Tag color="warning" icon={<PauseCircleOutlined />} data-testid="hold-tag">
        {t('onHold')}
        {row.holdReason ? (
          <span
            style={{
              marginInlineStart: 4,
              maxWidth: 140,
              display: 'inline-block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              verticalAlign: 'bottom',
            }}
          >
            {row.holdReason}
          </span>
        ) : null}
      </Tag>
    </Tooltip>
  );
}

/** A withdrawal's risk flags, compact: the heaviest first, each explained in its tooltip. */
export function RiskFlags({ flags, max = 3 }: { flags: readonly string[]; max?: number }) {
  const { t, i18n } = useTranslation('cashier');
  const { shown, hidden } = summarizeRiskFlags(flags, max);
  if (shown.length === 0) return <Typography.Text type="secondary">{t('noRisk')}</Typography.Text>;
  const label = (flag: string) => labelOf(i18n, `cashier:riskFlags.${flag}`, flag);
  const hint = (flag: string) => labelOf(i18n, `cashier:riskHints.${flag}`, flag);
  const colour = (flag: string) =>
    RISK_COLOURS[RISK_LEVELS[flag as WithdrawalRiskFlag] ?? 'info'] ?? 'default';
  return (
    <Flex gap={4} wrap data-testid="risk-flags">
      {shown.map((flag) => (
        <Tooltip key={flag} title={hint(flag)}>
          <Tag color={colour(flag)} style={{ marginInlineEnd: 0 }} data-flag={flag}>
            {label(flag)}
          </Tag>
        </Tooltip>
      ))}
      {hidden.length > 0 ? (
        <Tooltip
          title={
            <Flex vertical>
              {hidden.map((flag) => (
                <span key={flag}>
                  {label(flag)}: {hint(flag)}
                </span>
              ))}
            </Flex>
          }
        >
          <Tag style={{ marginInlineEnd: 0 }}>+{hidden.length}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/**
 * Claim, take over (with `cashier.takeover`) and release an order; `withHold` adds the hold
 * (detail pages). Nothing for a decided order.
 */
export function ClaimButtons({
  kind,
  row,
  open,
  size = 'small',
  withHold = false,
}: {
  kind: OrderKind;
  row: ReviewRow;
  /** Whether the order is still open (claims are for orders in review only). */
  open: boolean;
  size?: 'small' | 'middle';
  withHold?: boolean;
}) {
  const { t } = useTranslation('cashier');
  const { message } = App.useApp();
  const operator = useOperator();
  const canTakeOver = useCan('cashier.takeover');
  const endpoints = REVIEW_ENDPOINTS[kind];
  const claim = useEndpointMutation(endpoints.claim);
  if (!open) return null;
  const actions = claimActions(row, operator.username, canTakeOver);
  const params = { orderNo: row.orderNo };
  return (
    <Space size={8} wrap>
      {actions.claim ? (
        <Button
          size={size}
          type="primary"
          loading={claim.isPending}
          data-testid="claim-order"
          onClick={() =>
            claim.mutate(
              { params, body: {} },
              {
                onSuccess: () => void message.success(t('claimed')),
                onError: (error) => void message.error(error.message),
              },
            )
          }
        >
          {t('claimAction')}
        </Button>
      ) : null}
      {actions.takeover ? (
        <ReasonAction
          endpoint={endpoints.claim}
          params={params}
          body={{ takeover: true }}
          reason="none"
          label={t('takeover')}
          title={t('takeoverTitle', { orderNo: row.orderNo })}
          description={t('takeoverBody', { name: row.claimedBy })}
          buttonProps={{ size, ...testId('takeover-order') }}
          successMessage={t('claimed')}
        />
      ) : null}
      {withHold && (actions.claim || claimStateOf(row, operator.username) === 'mine') ? (
        <ReasonAction
          endpoint={endpoints.hold}
          params={params}
          label={t('hold')}
          title={t('holdTitle', { orderNo: row.orderNo })}
          description={t('holdBody')}
          buttonProps={{ size, icon: <PauseCircleOutlined />, ...testId('hold-order') }}
          successMessage={t('held')}
        />
      ) : null}
      {actions.release ? (
        <ReasonAction
          endpoint={endpoints.release}
          params={params}
          body={{}}
          reason="none"
          label={t('release')}
          title={t('releaseTitle', { orderNo: row.orderNo })}
          description={t('releaseBody')}
          buttonProps={{ size, ...testId('release-order') }}
          successMessage={t('released')}
        />
      ) : null}
    </Space>
  );
}

const DEPOSIT_STATUS_COLOURS: Record<string, string> = {
  pending: 'default',
  submitted: 'processing',
  confirmed: 'green',
  rejected: 'red',
  expired: 'default',
};

const WITHDRAWAL_STATUS_COLOURS: Record<string, string> = {
  pending: 'processing',
  approved: 'green',
  rejected: 'red',
};

export function DepositStatusTag({ status }: { status: string }) {
  const { i18n } = useTranslation('cashier');
  return (
    <Tag color={DEPOSIT_STATUS_COLOURS[status]} data-testid="order-status">
      {labelOf(i18n, `cashier:depositStatuses.${status}`, status)}
    </Tag>
  );
}

export function WithdrawalStatusTag({ status }: { status: string }) {
  const { i18n } = useTranslation('cashier');
  return (
    <Tag color={WITHDRAWAL_STATUS_COLOURS[status]} data-testid="order-status">
      {labelOf(i18n, `cashier:withdrawalStatuses.${status}`, status)}
    </Tag>
  );
}

/** The awaiting-second-approval badge of a withdrawal, who asked in the tooltip. */
export function AwaitingApprovalTag({ requestedBy }: { requestedBy: string }) {
  const { t } = useTranslation('cashier');
  return (
    <Tooltip title={t('awaitingApprovalTip', { name: requestedBy })}>
      <Tag color="purple" data-testid="awaiting-approval">
        {t('awaitingApproval')}
      </Tag>
    </Tooltip>
  );
}

/** The open-details link of a queue row, with the order's notes counted beside it. */
export function OpenLink({ to, notes }: { to: string; notes: number }) {
  const { t } = useTranslation('cashier');
  return (
    <Space size={8} wrap={false}>
      <Link to={to} data-testid="open-order">
        {t('open')}
      </Link>
      {notes > 0 ? (
        <Tooltip title={t('notesCount')}>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            <MessageOutlined /> {notes}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** A queue row's first cell: the order number (to its detail) and when it was made. */
export function OrderCell({
  to,
  orderNo,
  createdAt,
}: {
  to: string;
  orderNo: string;
  createdAt: string;
}) {
  return (
    <Flex vertical>
      <Link to={to} style={{ whiteSpace: 'nowrap' }}>
        {orderNo}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {formatDateTime(createdAt)}
      </Typography.Text>
    </Flex>
  );
}

/** The member of a row and, below, the brand. */
export function MemberCell({ username, brand }: { username: string; brand: string }) {
  return (
    <Flex vertical>
      <span style={{ whiteSpace: 'nowrap' }}>{username}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {brand}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The filter fields both queues share, inside a FilterBar: brand, claim, member, amount range,
 * request time range. The queue's own fields (status, channel) come first as children.
 */
export function SharedQueueFields() {
  const { t, i18n } = useTranslation('cashier');
  return (
    <>
      <Form.Item name="brand" label={t('common:brand')}>
        <BrandField />
      </Form.Item>
      <Form.Item name="claim" label={t('claim')}>
        <Select
          allowClear
          placeholder={t('common:all')}
          style={{ width: 170 }}
          options={CASHIER_CLAIM_FILTERS.map((value) => ({
            value,
            label: labelOf(i18n, `cashier:claimFilters.${value}`, value),
          }))}
        />
      </Form.Item>
      <Form.Item name="username" label={t('member')}>
        <Input allowClear placeholder={t('memberPlaceholder')} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item label={t('amount')} style={{ marginInlineEnd: 16 }}>
        <Space.Compact>
          <Form.Item
            name="amountMin"
            noStyle
            rules={[{ pattern: AMOUNT_FILTER_PATTERN, message: t('amountInvalid') }]}
          >
            <Input
              allowClear
              inputMode="decimal"
              placeholder={t('amountMin')}
              style={{ width: 100 }}
            />
          </Form.Item>
          <Form.Item
            name="amountMax"
            noStyle
            rules={[{ pattern: AMOUNT_FILTER_PATTERN, message: t('amountInvalid') }]}
          >
            <Input
              allowClear
              inputMode="decimal"
              placeholder={t('amountMax')}
              style={{ width: 100 }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="period" label={t('period')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
    </>
  );
}
