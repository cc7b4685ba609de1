import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminQueryTransferEndpoint,
  adminResolveTransferEndpoint,
  adminTransferEndpoint,
  TRANSFER_RESOLUTION_OUTCOMES,
  type AdminTransferQuery,
  type TransferResolutionOutcome,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { formatMoney } from '../../lib/money.ts';
import { useCan } from '../../lib/operator-context.tsx';
import {
  ageMinutes,
  EVIDENCE_MAX,
  EVIDENCE_MIN,
  evidenceProblem,
  transferActions,
} from './transfer-logic.ts';
import {
  Duration,
  PlatformName,
  AnswerTag,
  QueryAnswer,
  TransferStatusTag,
  useDetailText,
} from './transfer-parts.tsx';

type Detail = ResponseOf<typeof adminTransferEndpoint>;
type Asked = ResponseOf<typeof adminQueryTransferEndpoint>;

function SummaryCard({ transfer }: { transfer: Detail }) {
  const { t, i18n } = useTranslation('transfers');
  return (
    <Card size="small">
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }} bordered>
        <Descriptions.Item label={t('orderNo')}>
          <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
            {transfer.orderNo}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('common:brand')}>{transfer.brand}</Descriptions.Item>
        <Descriptions.Item label={t('member')}>
          <Link to={`/members/${transfer.memberId}`} data-testid="open-member">
            {transfer.username}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('platform')}>
          <PlatformName name={transfer.platformName} id={transfer.platformId} />
        </Descriptions.Item>
        <Descriptions.Item label={t('direction')}>
          {labelOf(i18n, `transfers:directions.${transfer.direction}`, transfer.direction)}
        </Descriptions.Item>
        <Descriptions.Item label={t('amount')}>
          <Typography.Text strong>
            {formatMoney(transfer.amount, transfer.currency)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('createdAt')}>
          {formatDateTime(transfer.createdAt)}
        </Descriptions.Item>
        {transfer.status === 'in_transit' ? (
          <Descriptions.Item label={t('stuckFor')}>
            <Duration minutes={ageMinutes(transfer.createdAt)} />
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('finishedAt')}>
            {formatDateTime(transfer.finishedAt) || '-'}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('nextCheckAt')}>
          {formatDateTime(transfer.nextCheckAt) || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('attempts')}>{transfer.attempts}</Descriptions.Item>
        <Descriptions.Item label={t('queries')}>{transfer.queries}</Descriptions.Item>
        <Descriptions.Item label={t('lastError')}>
          <LastError code={transfer.lastError} />
        </Descriptions.Item>
        {transfer.reason ? (
          <Descriptions.Item label={t('reason')}>{transfer.reason}</Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

function LastError({ code }: { code: string | null }) {
  const detailText = useDetailText();
  return <>{code ? detailText(code) : '-'}</>;
}

/** Ask the platform now: the answer and whether it settled the transfer are shown after. */
function AskAgain({ transfer }: { transfer: Detail }) {
  const { t, i18n } = useTranslation('transfers');
  const [asked, setAsked] = useState<Asked | null>(null);
  return (
    <Flex vertical gap={12}>
      <ReasonAction
        endpoint={adminQueryTransferEndpoint}
        params={{ id: transfer.id }}
        reason="none"
        label={t('askNow')}
        title={t('askAgainTitle', { platform: transfer.platformName, orderNo: transfer.orderNo })}
        description={t('askAgainBody')}
        buttonProps={{ type: 'primary' }}
        onDone={setAsked}
      />
      {asked ? (
        <Alert
          type={asked.settled ? 'success' : 'warning'}
          showIcon
          data-testid="ask-result"
          title={
            <Flex gap={8} align="center" wrap>
              <span>{t('askAnswer')}</span>
              <QueryAnswer query={asked.query} />
            </Flex>
          }
          description={
            asked.settled
              ? t('askSettled', {
                  status: labelOf(
                    i18n,
                    `transfers:statuses.${asked.transfer.status}`,
                    asked.transfer.status,
                  ),
                })
              : t('askNotSettled')
          }
        />
      ) : null}
    </Flex>
  );
}

type ResolveValues = { outcome?: TransferResolutionOutcome; evidence?: string };

/** Resolve by hand: outcome and evidence, a request a second operator approves. */
function ResolveForm({ transfer }: { transfer: Detail }) {
  const { t } = useTranslation('transfers');
  const { message } = App.useApp();
  const [form] = Form.useForm<ResolveValues>();
  const outcome = Form.useWatch('outcome', form);
  const resolve = useEndpointMutation(adminResolveTransferEndpoint);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Form<ResolveValues>
      form={form}
      layout="vertical"
      data-testid="resolve-form"
      onFinish={(values) => {
        setFailure(null);
        resolve.mutate(
          {
            params: { id: transfer.id },
            body: { outcome: values.outcome ?? 'failed', evidence: (values.evidence ?? '').trim() },
          },
          {
            onSuccess: () => {
              form.resetFields();
              void message.success(t('resolutionRequested'));
            },
            onError: (error) => setFailure(error.message),
          },
        );
      }}
    >
      <Form.Item
        name="outcome"
        label={t('outcome')}
        rules={[{ required: true, message: t('outcomeRequired') }]}
        extra={outcome ? t(`outcomeHelp.${transfer.direction}.${outcome}`) : undefined}
      >
        <Radio.Group
          optionType="button"
          options={TRANSFER_RESOLUTION_OUTCOMES.map((value) => ({
            value,
            label: t(`outcomes.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="evidence"
        label={t('evidence')}
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = evidenceProblem(value);
              if (problem === 'short') {
                return Promise.reject(new Error(t('evidenceShort', { n: EVIDENCE_MIN })));
              }
              if (problem === 'long') {
                return Promise.reject(new Error(t('evidenceLong', { n: EVIDENCE_MAX })));
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea
          rows={4}
          maxLength={EVIDENCE_MAX}
          showCount
          placeholder={t('evidencePlaceholder')}
        />
      </Form.Item>
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />
      ) : null}
      <Button type="primary" danger htmlType="submit" loading={resolve.isPending}>
        {t('submitResolution')}
      </Button>
    </Form>
  );
}

/** The actions of a transfer in transit, or why there are none. */
function ActionsCard({ transfer }: { transfer: Detail }) {
  const { t, i18n } = useTranslation('transfers');
  const canResolve = useCan('transfers.resolve');
  const canDecide = useCan('approvals.decide');
  const actions = transferActions(transfer, canResolve);
  const pending = transfer.pendingResolution;
  return (
    <Flex vertical gap={16}>
      {pending ? (
        <Alert
          type="info"
          showIcon
          data-testid="pending-resolution"
          title={t('pendingTitle')}
          description={t('pendingBody', {
            name: pending.requestedBy,
            time: formatDateTime(pending.requestedAt),
            outcome: labelOf(i18n, `transfers:outcomes.${pending.outcome}`, pending.outcome),
            id: pending.approvalId,
          })}
          action={
            canDecide ? (
              <Link
                to={`/approvals?kind=transfer_resolution&brand=${encodeURIComponent(transfer.brand)}`}
                data-testid="open-approvals"
              >
                {t('openApprovals')}
              </Link>
            ) : null
          }
        />
      ) : null}
      {transfer.status === 'in_transit' && !canResolve ? (
        <Alert type="info" showIcon title={t('noPermission')} />
      ) : null}
      {actions.query ? (
        <Card size="small" title={t('askAgain')}>
          <AskAgain transfer={transfer} />
        </Card>
      ) : null}
      {canResolve ? (
        <Card size="small" title={t('resolve')}>
          {actions.resolve ? (
            <Flex vertical gap={12}>
              <Alert type="warning" showIcon title={t('resolveIntro')} />
              <ResolveForm transfer={transfer} />
            </Flex>
          ) : (
            <Typography.Text type="secondary" data-testid="resolve-blocked">
              {actions.resolveBlocked ? t(`blocked.${actions.resolveBlocked}`) : null}
            </Typography.Text>
          )}
        </Card>
      ) : null}
    </Flex>
  );
}

function HistoryTable({ transfer }: { transfer: Detail }) {
  const { t, i18n } = useTranslation('transfers');
  const detailText = useDetailText();
  return (
    <Card
      size="small"
      title={t('history')}
      extra={
        <Typography.Text type="secondary">
          {t('historyHint', { n: transfer.queries })}
        </Typography.Text>
      }
    >
      <Table<AdminTransferQuery>
        size="small"
        rowKey={(row) => row.id || row.askedAt}
        dataSource={transfer.history}
        pagination={transfer.history.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noHistory') }}
        columns={[
          {
            title: t('askedAt'),
            key: 'askedAt',
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.askedAt)}</span>
            ),
          },
          {
            title: t('source'),
            key: 'source',
            render: (_, row) => labelOf(i18n, `transfers:sources.${row.source}`, row.source),
          },
          { title: t('operator'), key: 'operator', render: (_, row) => row.operator ?? '-' },
          {
            title: t('answer'),
            key: 'answer',
            render: (_, row) => <AnswerTag query={row} />,
          },
          {
            title: t('platformStatus'),
            key: 'status',
            render: (_, row) =>
              row.status
                ? labelOf(i18n, `transfers:platformStatuses.${row.status}`, row.status)
                : '-',
          },
          {
            title: t('detail'),
            key: 'detail',
            render: (_, row) => detailText(row.detail) || '-',
          },
          {
            title: t('latency'),
            key: 'latency',
            align: 'right',
            render: (_, row) => t('latencyValue', { ms: row.latencyMs }),
          },
        ]}
      />
    </Card>
  );
}

/**
 * One transfer: what it is, every status query made about it, and for one in transit asking
 * the platform again or asking for a manual resolution (a second operator approves it).
 */
export default function TransferDetailPage() {
  const { t } = useTranslation('transfers');
  const { id = '' } = useParams();
  const result = useEndpointQuery(adminTransferEndpoint, { params: { id } });
  const transfer = result.data;
  // A finished transfer offers nothing to do: its facts take the whole width.
  const showActions =
    transfer !== undefined &&
    (transfer.status === 'in_transit' || transfer.pendingResolution !== null);
  return (
    <Flex vertical gap={16}>
      <Link to="/transfers">
        <ArrowLeftOutlined /> {t('backToList')}
      </Link>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="detail-title">
          {t('detailTitle', { orderNo: transfer?.orderNo ?? id })}
        </Typography.Title>
        {transfer ? <TransferStatusTag status={transfer.status} /> : null}
        {transfer?.exception ? <Tag color="red">{t('exceptionTag')}</Tag> : null}
      </Flex>
      {result.isError ? (
        <QueryError error={result.error} onRetry={() => void result.refetch()} />
      ) : !transfer ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={showActions ? 15 : 24}>
              <SummaryCard transfer={transfer} />
            </Col>
            {showActions ? (
              <Col xs={24} xl={9}>
                <ActionsCard transfer={transfer} />
              </Col>
            ) : null}
          </Row>
          <HistoryTable transfer={transfer} />
        </Flex>
      )}
    </Flex>
  );
}
