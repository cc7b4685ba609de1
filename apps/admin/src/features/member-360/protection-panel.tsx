import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminMemberProtectionEndpoint } from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { NS } from './parts.tsx';

/** The member's limits (used, left, pending), the exclusion in force and reality checks. */
export function ProtectionPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const query = useEndpointQuery(adminMemberProtectionEndpoint, { params: { id: memberId } });
  if (query.isError) {
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data;
  const minutes = (value: number) =>
    value === 0 ? t('protection.off') : t('protection.minutes', { count: value });
  return (
    <Card
      size="small"
      title={t('protection.title')}
      loading={query.isPending}
      data-testid="member-protection"
    >
      {data ? (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'limits',
              label: t('protection.limits'),
              children:
                data.limits.limits.length === 0 ? (
                  t('protection.noLimits')
                ) : (
                  <div>
                    {data.limits.limits.map((limit) => {
                      const unit = (value: string) =>
                        limit.kind === 'play_time'
                          ? t('protection.minutes', { count: Number(value) })
                          : value;
                      return (
                        <Typography.Paragraph
                          key={`${limit.kind}-${limit.period}`}
                          style={{ margin: 0 }}
                        >
                          {t('protection.line', {
                            kind: t(`protection.kinds.${limit.kind}`),
                            period: t(`protection.periods.${limit.period}`),
                            amount: unit(limit.amount),
                            used: unit(limit.used),
                            remaining: unit(limit.remaining),
                          })}
                          {limit.pending ? (
                            <Tag color="orange" style={{ marginInlineStart: 8 }}>
                              {limit.pending.amount === null
                                ? t('protection.pendingRemoval', {
                                    from: formatDateTime(limit.pending.confirmableFrom),
                                  })
                                : t('protection.pending', {
                                    amount: unit(limit.pending.amount),
                                    from: formatDateTime(limit.pending.confirmableFrom),
                                  })}
                            </Tag>
                          ) : null}
                        </Typography.Paragraph>
                      );
                    })}
                  </div>
                ),
            },
            {
              key: 'exclusion',
              label: t('protection.exclusion'),
              children: data.exclusion ? (
                <span>
                  <Tag color="red">{t(`protection.exclusionKinds.${data.exclusion.kind}`)}</Tag>
                  {t('protection.exclusionLine', {
                    kind: t(`protection.exclusionKinds.${data.exclusion.kind}`),
                    period: data.exclusion.period,
                    from: formatDateTime(data.exclusion.startsAt),
                    until: data.exclusion.endsAt
                      ? formatDateTime(data.exclusion.endsAt)
                      : t('protection.indefinite'),
                  })}
                  {data.exclusion.endableAt
                    ? ` · ${t('protection.endRequested', { at: formatDateTime(data.exclusion.endableAt) })}`
                    : ''}
                </span>
              ) : (
                t('protection.noExclusion')
              ),
            },
            {
              key: 'realityCheck',
              label: t('protection.realityCheck'),
              children: t('protection.realityCheckLine', {
                minutes: minutes(data.realityCheck.minutes),
                brandDefault: minutes(data.realityCheck.brandDefaultMinutes),
              }),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
