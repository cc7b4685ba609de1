import { Card, Descriptions, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminMemberKycEndpoint } from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { useCan } from '../../lib/operator-context.tsx';
import { NS } from './parts.tsx';

const LEVEL_COLOURS = ['default', 'blue', 'green'] as const;
const STATUS_COLOURS = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

/** The member's KYC level, what the brand asks of them, and the latest document set. */
export function KycPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const canReview = useCan('kyc.review');
  const kyc = useEndpointQuery(adminMemberKycEndpoint, { params: { id: memberId } });
  if (kyc.isError) return <QueryError error={kyc.error} onRetry={() => void kyc.refetch()} />;
  const data = kyc.data;
  const { thresholds } = data ?? {};
  const money = (amount: string | null | undefined) =>
    amount === null || amount === undefined
      ? t('kyc.noThreshold')
      : formatMoney(amount, thresholds?.currency);
  return (
    <Card size="small" title={t('kyc.title')} loading={kyc.isPending} data-testid="member-kyc">
      {data ? (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
          items={[
            {
              key: 'level',
              label: t('kyc.level'),
              children: (
                <Tag color={LEVEL_COLOURS[data.level]} data-testid="member-kyc-level">
                  {t(`kyc.levels.${data.level}`)}
                </Tag>
              ),
            },
            {
              key: 'requiredFor',
              label: t('kyc.requiredFor'),
              children:
                data.requiredFor.length === 0
                  ? '-'
                  : data.requiredFor.map((reason) => t(`kyc.reasons.${reason}`)).join(', '),
            },
            {
              key: 'latest',
              label: t('kyc.latest'),
              children: data.latest ? (
                <Typography.Text>
                  <Tag color={STATUS_COLOURS[data.latest.status]}>
                    {t(`kyc.statuses.${data.latest.status}`)}
                  </Tag>
                  {formatDateTime(data.latest.submittedAt)}
                  {canReview ? (
                    <>
                      {' · '}
                      <Link to={`/kyc/${data.latest.id}`}>{t('kyc.openReview')}</Link>
                    </>
                  ) : null}
                </Typography.Text>
              ) : (
                t('kyc.none')
              ),
            },
            {
              key: 'decidedBy',
              label: t('kyc.decidedBy'),
              children: data.latest?.decidedBy
                ? `${data.latest.decidedBy} · ${formatDateTime(data.latest.decidedAt)}`
                : '-',
            },
            { key: 'reason', label: t('kyc.reason'), children: data.latest?.reason ?? '-' },
            {
              key: 'thresholds',
              label: t('kyc.thresholds'),
              children: t('kyc.thresholdLine', {
                before: data.thresholds.beforeFirstDeposit ? t('kyc.yes') : t('kyc.no'),
                withdrawal: money(data.thresholds.withdrawalAbove),
                cumulative: money(data.thresholds.cumulativeDeposits),
                rate: data.thresholds.eurRate,
                date: data.thresholds.eurRateRecordedOn,
              }),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
