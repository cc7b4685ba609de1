import type { ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  List,
  Row,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminAddDepositNoteEndpoint,
  adminAddWithdrawalNoteEndpoint,
  type CashierMember,
  type CashierNote,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import type { CallInput, Endpoint, ResponseOf } from '../../lib/api-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { formatMoney } from '../../lib/money.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { claimStateOf } from './cashier-logic.ts';
import { ClaimButtons, HoldTag, Since, type OrderKind, type ReviewRow } from './cashier-parts.tsx';

/** The frame of a detail page: back link, title with tags, then the loaded content. */
export function DetailFrame({
  back,
  backLabel,
  title,
  tags,
  state,
  children,
}: {
  back: string;
  backLabel: string;
  title: string;
  tags?: ReactNode;
  state: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  children: () => ReactNode;
}) {
  return (
    <Flex vertical gap={16}>
      <Link to={back}>
        <ArrowLeftOutlined /> {backLabel}
      </Link>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="detail-title">
          {title}
        </Typography.Title>
        {tags}
      </Flex>
      {state.isError ? (
        <QueryError error={state.error} onRetry={() => void state.refetch()} />
      ) : state.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        children()
      )}
    </Flex>
  );
}

/**
 * A detail page's cards: `main` on the left and `side` (review, member) on the right when the
 * window is wide; one column otherwise, the review right after the order so that who holds it
 * stays near the top.
 */
export function DetailColumns({ main, side }: { main: ReactNode[]; side: ReactNode[] }) {
  const screens = Grid.useBreakpoint();
  if (!screens.xl) {
    const [first, ...rest] = main;
    const [review, ...others] = side;
    return (
      <Flex vertical gap={16}>
        {first}
        {review}
        {rest}
        {others}
      </Flex>
    );
  }
  return (
    <Row gutter={16} align="top">
      <Col span={16}>
        <Flex vertical gap={16}>
          {main}
        </Flex>
      </Col>
      <Col span={8}>
        <Flex vertical gap={16}>
          {side}
        </Flex>
      </Col>
    </Row>
  );
}

/** The member beside the order: who, their money and deposits, a link to their 360 page. */
export function MemberCard({ member }: { member: CashierMember }) {
  const { t, i18n } = useTranslation('cashier');
  return (
    <Card
      size="small"
      title={t('memberSection')}
      extra={
        <Link to={`/members/${member.id}`} data-testid="open-member">
          {t('openMember')}
        </Link>
      }
    >
      <Descriptions size="small" column={1} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={t('username')}>
          <Typography.Text strong copyable>
            {member.username}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('realName')}>{member.realName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('memberStatus')}>
          <Tag color={member.status === 'active' ? 'green' : 'red'}>
            {labelOf(i18n, `cashier:memberStatuses.${member.status}`, member.status)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('balance')}>
          {formatMoney(member.balance, member.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('locked')}>
          {formatMoney(member.locked, member.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('deposits')}>
          {t('depositsValue', {
            total: formatMoney(member.depositsTotal, member.currency),
            n: member.depositsCount,
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('registeredAt')}>
          {formatDateTime(member.registeredAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('lastLogin')}>
          {member.lastLoginAt
            ? `${formatDateTime(member.lastLoginAt)} · ${member.lastLoginIp ?? '-'}`
            : '-'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** Who holds the order, since when, its hold; claim, take over, hold and release. */
export function ReviewCard({
  kind,
  order,
  open,
}: {
  kind: OrderKind;
  order: ReviewRow;
  open: boolean;
}) {
  const { t } = useTranslation('cashier');
  const operator = useOperator();
  const state = claimStateOf(order, operator.username);
  // A decided order has no claim to show: its decision says who.
  if (!open) return null;
  const alert =
    state === 'free'
      ? { type: 'info' as const, text: t('nobodyHolds') }
      : state === 'mine'
        ? { type: 'success' as const, text: t('youHold') }
        : state === 'stale'
          ? { type: 'warning' as const, text: t('staleHold', { name: order.claimedBy }) }
          : { type: 'warning' as const, text: t('otherHolds', { name: order.claimedBy }) };
  return (
    <Card size="small" title={t('reviewSection')} data-testid="review-card">
      <Flex vertical gap={12}>
        <Alert type={alert.type} showIcon title={alert.text} data-testid="claim-state" />
        {order.claimedBy ? (
          <Descriptions size="small" column={1} styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('claim')}>
              <Flex gap={8} wrap>
                <Typography.Text strong>{order.claimedBy}</Typography.Text>
                <Since iso={order.claimedAt} />
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('claimedAt')}>
              {formatDateTime(order.claimedAt)}
            </Descriptions.Item>
            {order.onHold ? (
              <>
                <Descriptions.Item label={t('holdReason')}>
                  <Flex gap={8} wrap>
                    <HoldTag row={{ onHold: true, holdReason: null }} />
                    <span data-testid="hold-reason">{order.holdReason}</span>
                  </Flex>
                </Descriptions.Item>
                <Descriptions.Item label={t('heldAt')}>
                  {formatDateTime(order.heldAt)}
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
        ) : null}
        <ClaimButtons kind={kind} row={order} open size="middle" withHold />
      </Flex>
    </Card>
  );
}

const NOTE_ENDPOINTS = {
  deposit: adminAddDepositNoteEndpoint,
  withdrawal: adminAddWithdrawalNoteEndpoint,
} as const;

/** The review notes, oldest first, and a form to add one (append-only). */
export function NotesCard({
  kind,
  orderNo,
  notes,
}: {
  kind: OrderKind;
  orderNo: string;
  notes: CashierNote[];
}) {
  const { t } = useTranslation('cashier');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ body: string }>();
  const add = useEndpointMutation(NOTE_ENDPOINTS[kind]);
  return (
    <Card size="small" title={`${t('notesSection')} (${notes.length})`} data-testid="notes-card">
      <Flex vertical gap={12}>
        {notes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotes')} />
        ) : (
          <List<CashierNote>
            size="small"
            dataSource={notes}
            renderItem={(note) => (
              <List.Item data-testid="note">
                <Flex vertical gap={2} style={{ width: '100%' }}>
                  <Flex gap={8} wrap>
                    <Typography.Text strong>{note.author}</Typography.Text>
                    <Typography.Text type="secondary">
                      {formatDateTime(note.createdAt)}
                    </Typography.Text>
                  </Flex>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                    {note.body}
                  </Typography.Paragraph>
                </Flex>
              </List.Item>
            )}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            add.mutate(
              { params: { orderNo }, body: { body: values.body.trim() } },
              {
                onSuccess: () => {
                  form.resetFields();
                  void message.success(t('noteAdded'));
                },
                onError: (error) => void message.error(error.message),
              },
            )
          }
        >
          <Form.Item
            name="body"
            rules={[{ required: true, whitespace: true, message: t('noteRequired') }]}
            style={{ marginBottom: 8 }}
          >
            <Input.TextArea
              rows={3}
              maxLength={1000}
              showCount
              placeholder={t('notePlaceholder')}
              data-testid="note-input"
            />
          </Form.Item>
          <Button htmlType="submit" loading={add.isPending} data-testid="add-note">
            {t('addNote')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}

/** Why the decision buttons are off, or nothing when they are on. */
export function DecisionNotice({
  block,
  holder,
  statusLabel,
}: {
  block: 'closed' | 'claimedByOther' | null;
  holder: string | null;
  statusLabel: string;
}) {
  const { t } = useTranslation('cashier');
  if (block === null) return null;
  return (
    <Alert
      type={block === 'closed' ? 'info' : 'warning'}
      showIcon
      data-testid="decision-blocked"
      title={
        block === 'closed'
          ? t('decisionClosed', { status: statusLabel })
          : t('decisionBlockedOther', { name: holder })
      }
    />
  );
}

/**
 * The order card of a detail page: number, brand and amount first, then the kind's own fields
 * (`children`: `Descriptions.Item`s).
 */
export function OrderCardFrame({
  order,
  brand,
  children,
}: {
  order: { orderNo: string; amount: string; currency: string };
  brand: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('cashier');
  return (
    <Card size="small" title={t('orderSection')}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 1, xl: 2, xxl: 2 }}
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        <Descriptions.Item label={t('orderNo')}>
          <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
            {order.orderNo}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('brand')}>{brand}</Descriptions.Item>
        <Descriptions.Item label={t('amount')}>
          <Typography.Text strong data-testid="order-amount">
            {formatMoney(order.amount, order.currency)}
          </Typography.Text>
        </Descriptions.Item>
        {children}
      </Descriptions>
    </Card>
  );
}

/**
 * The decision card of a detail page: why the buttons are off (if they are), a `notice` of the
 * kind's own, and the buttons (`children`), left out once the order is decided.
 */
export function DecisionCardFrame({
  block,
  holder,
  statusLabel,
  notice,
  children,
}: {
  block: 'closed' | 'claimedByOther' | null;
  holder: string | null;
  statusLabel: string;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('cashier');
  return (
    <Card size="small" title={t('decisionSection')} data-testid="decision-card">
      <Flex vertical gap={12}>
        <DecisionNotice block={block} holder={holder} statusLabel={statusLabel} />
        {notice}
        {block === 'closed' ? null : (
          <Flex gap={8} wrap>
            {children}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

/**
 * The order of a detail page (`:orderNo` in the path) from its detail endpoint, and whether it
 * is still open (its status one of `openStatuses`).
 */
export function useOrderDetail<E extends Endpoint>(endpoint: E, openStatuses: readonly string[]) {
  const { orderNo = '' } = useParams();
  const result = useEndpointQuery(endpoint, { params: { orderNo } } as CallInput<E>);
  const detail: ResponseOf<E> | undefined = result.data;
  const status = (detail as { order: { status: string } } | undefined)?.order.status;
  const open = status !== undefined && openStatuses.includes(status);
  return { orderNo, result, detail, open };
}
