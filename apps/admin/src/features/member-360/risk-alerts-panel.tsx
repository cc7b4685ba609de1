import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminRiskAlertsEndpoint, type AdminRiskAlert } from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { useCan } from '../../lib/operator-context.tsx';
import { NS } from './parts.tsx';

function OpenAlerts({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation(NS);
  const alerts = useEndpointQuery(adminRiskAlertsEndpoint, {
    query: { status: 'open', memberId, page: 1, pageSize: 20 },
  });
  const queue = `/risk-alerts?memberId=${memberId}`;
  return (
    <Card
      size="small"
      title={t('riskAlerts.title')}
      extra={<Link to={queue}>{t('riskAlerts.openQueue')}</Link>}
      data-testid="member-risk-alerts"
    >
      {alerts.isError ? (
        <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : alerts.data && alerts.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('riskAlerts.none')} />
      ) : (
        <List<AdminRiskAlert>
          size="small"
          loading={alerts.isPending}
          dataSource={alerts.data?.items ?? []}
          renderItem={(alert) => (
            <List.Item>
              <Flex gap={8} wrap align="center">
                <Tag color="volcano">
                  {labelOf(i18n, `${NS}:riskAlerts.rules.${alert.rule}`, alert.rule)}
                </Tag>
                <Typography.Text type="secondary">
                  {formatDateTime(alert.lastHitAt)} · {t('riskAlerts.hits', { hits: alert.hits })}
                </Typography.Text>
                {alert.withdrawalHeld ? <Tag color="orange">{t('riskAlerts.held')}</Tag> : null}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** The member's open risk alerts, for operators who work the alert queue (`risk.alerts`). */
export function RiskAlertsPanel({ memberId }: { memberId: string }) {
  return useCan('risk.alerts') ? <OpenAlerts memberId={memberId} /> : null;
}
