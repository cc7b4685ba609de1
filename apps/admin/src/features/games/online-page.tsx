import { Alert, Button, Card, Col, Flex, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminPresenceEndpoint, type PresenceMember } from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { BrandPicker, useBrandParam } from './brand-picker.tsx';

/** How often the online view refreshes itself (presence is a heartbeat every 30 s). */
const REFRESH_MS = 15_000;

/** A brand's members online now (`members.read`): how many per platform, and who. */
export default function OnlinePage() {
  const { t } = useTranslation('games');
  const [brand, setBrand] = useBrandParam();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('onlineTitle')}
      </Typography.Title>
      <BrandPicker key={brand} brand={brand} onPick={setBrand} />
      {brand === '' ? (
        <Alert type="info" showIcon title={t('pickBrand')} />
      ) : (
        <Online brand={brand} />
      )}
    </Flex>
  );
}

function Online({ brand }: { brand: string }) {
  const { t } = useTranslation('games');
  const query = useEndpointQuery(
    adminPresenceEndpoint,
    { query: { brand } },
    { refetchInterval: REFRESH_MS },
  );
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card
          title={t('online')}
          extra={
            <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('refresh')}
            </Button>
          }
        >
          <Statistic
            value={data?.online ?? 0}
            loading={query.isPending}
            data-testid="online-count"
          />
          <Table
            style={{ marginTop: 16 }}
            rowKey={(row) => String(row.platformId)}
            size="small"
            pagination={false}
            loading={query.isPending}
            dataSource={data?.platforms ?? []}
            columns={[
              {
                title: t('platform'),
                key: 'platform',
                render: (_, row) => row.platformName ?? t('lobby'),
              },
              { title: t('members'), dataIndex: 'members', key: 'members', align: 'right' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Table<PresenceMember>
          rowKey="memberId"
          size="middle"
          loading={query.isPending}
          dataSource={data?.members ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('username'), dataIndex: 'username', key: 'username' },
            {
              title: t('platform'),
              key: 'platform',
              render: (_, row) => row.platformName ?? t('lobby'),
            },
            { title: t('game'), key: 'game', render: (_, row) => row.gameName ?? '—' },
            {
              title: t('lastSeen'),
              key: 'lastSeen',
              render: (_, row) => formatDateTime(row.lastSeenAt),
            },
            { title: t('ip'), dataIndex: 'ip', key: 'ip' },
            { title: t('device'), key: 'device', render: (_, row) => row.deviceNo ?? '—' },
          ]}
        />
      </Col>
    </Row>
  );
}
