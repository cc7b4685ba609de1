import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Image,
  Result,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  KYC_DOCUMENT_SIDES,
  adminApproveKycEndpoint,
  adminClaimKycEndpoint,
  adminKycSubmissionEndpoint,
  adminRejectKycEndpoint,
  adminReleaseKycEndpoint,
  type AdminKycSubmission,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { KycStatusTag } from './kyc-parts.tsx';

const ID = /^[1-9]\d{0,17}$/;

/** Claim, release, approve (note optional) and reject (reason required) of a pending set. */
function ReviewActions({ submission }: { submission: AdminKycSubmission }) {
  const { t } = useTranslation('kyc');
  const { message } = App.useApp();
  const claim = useEndpointMutation(adminClaimKycEndpoint);
  const release = useEndpointMutation(adminReleaseKycEndpoint);
  const params = { id: submission.id };
  const run = (mutation: typeof claim | typeof release) =>
    mutation.mutate(
      { params, body: {} },
      { onError: (error) => void message.error(error.message) },
    );
  if (submission.status !== 'pending') return null;
  return (
    <Flex gap={8} wrap>
      {submission.claimedBy ? (
        <Button onClick={() => run(release)} loading={release.isPending}>
          {t('release')}
        </Button>
      ) : (
        <Button onClick={() => run(claim)} loading={claim.isPending} data-testid="kyc-claim">
          {t('claim')}
        </Button>
      )}
      <ReasonAction
        endpoint={adminApproveKycEndpoint}
        params={params}
        body={{}}
        reason="optional"
        label={t('approve')}
        title={t('approveTitle')}
        description={t('approveDescription')}
        successMessage={t('approved')}
        buttonProps={{ type: 'primary', id: 'kyc-approve' }}
      />
      <ReasonAction
        endpoint={adminRejectKycEndpoint}
        params={params}
        label={t('reject')}
        title={t('rejectTitle')}
        description={t('rejectDescription')}
        successMessage={t('rejected')}
        danger
        buttonProps={{ id: 'kyc-reject' }}
      />
    </Flex>
  );
}

/** One document set: the member, the three images, the decision and the member's earlier sets. */
export default function KycReviewPage() {
  const { t } = useTranslation('kyc');
  const { id = '' } = useParams();
  const valid = ID.test(id);
  const detail = useEndpointQuery(
    adminKycSubmissionEndpoint,
    { params: { id } },
    { enabled: valid },
  );
  const back = (
    <Link to="/kyc">
      <Button icon={<ArrowLeftOutlined />}>{t('back')}</Button>
    </Link>
  );
  if (!valid || detail.error?.code === 'kyc_submission_not_found') {
    return <Result status="404" title={t('notFound')} extra={back} />;
  }
  if (detail.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (detail.isError) {
    return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const submission = detail.data;
  return (
    <Flex vertical gap={16} data-testid="kyc-review">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex gap={12} align="center" wrap>
          {back}
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('detailTitle', { id: submission.id })}
          </Typography.Title>
          <KycStatusTag status={submission.status} />
        </Flex>
        <ReviewActions submission={submission} />
      </Flex>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
          items={[
            {
              key: 'member',
              label: t('member'),
              children: <Link to={`/members/${submission.memberId}`}>{submission.username}</Link>,
            },
            { key: 'brand', label: t('common:brand'), children: submission.brand },
            {
              key: 'level',
              label: t('level'),
              children: (
                <span data-testid="kyc-level">{t('levelValue', { level: submission.level })}</span>
              ),
            },
            { key: 'realName', label: t('realName'), children: submission.realName ?? '-' },
            {
              key: 'dateOfBirth',
              label: t('dateOfBirth'),
              children: submission.dateOfBirth ?? '-',
            },
            {
              key: 'submittedAt',
              label: t('submittedAt'),
              children: formatDateTime(submission.submittedAt),
            },
            {
              key: 'claimedBy',
              label: t('claimedBy'),
              children: submission.claimedBy
                ? `${submission.claimedBy} · ${t('claimedUntil', { at: formatDateTime(submission.claimedUntil) })}`
                : '-',
            },
            { key: 'decidedBy', label: t('decidedBy'), children: submission.decidedBy ?? '-' },
            {
              key: 'decidedAt',
              label: t('decidedAt'),
              children: submission.decidedAt ? formatDateTime(submission.decidedAt) : '-',
            },
            { key: 'reason', label: t('reason'), children: submission.reason ?? '-' },
          ]}
        />
      </Card>
      <Card size="small" title={t('images')}>
        <Alert type="info" showIcon message={t('imagesNote')} style={{ marginBottom: 12 }} />
        <Image.PreviewGroup>
          <Flex gap={16} wrap>
            {KYC_DOCUMENT_SIDES.map((side) => (
              <Flex key={side} vertical gap={4} align="center">
                <Image
                  src={submission.images[side]}
                  alt={t(`sides.${side}`)}
                  width={240}
                  height={160}
                  style={{ objectFit: 'contain', background: '#f5f5f5' }}
                  data-testid={`kyc-image-${side}`}
                />
                <Typography.Text type="secondary">{t(`sides.${side}`)}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      </Card>
      {submission.history.length > 0 ? (
        <Card size="small" title={t('history')}>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={submission.history}
            columns={[
              { title: t('id'), dataIndex: 'id' },
              {
                title: t('submittedAt'),
                key: 'submittedAt',
                render: (_, row) => formatDateTime(row.submittedAt),
              },
              {
                title: t('status'),
                key: 'status',
                render: (_, row) => <KycStatusTag status={row.status} />,
              },
              { title: t('decidedBy'), key: 'decidedBy', render: (_, row) => row.decidedBy ?? '-' },
              { title: t('reason'), key: 'reason', render: (_, row) => row.reason ?? '-' },
            ]}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
