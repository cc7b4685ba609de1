import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Flex,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type ButtonProps,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  adminBrandGamePlatformsEndpoint,
  adminSetBrandPlatformMaintenanceEndpoint,
  adminSetBrandPlatformsEndpoint,
  adminSetGamePlatformEndpoint,
  type AdminBrandGamePlatform,
  type MaintenanceSwitch,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { BrandPicker, useBrandParam } from './brand-picker.tsx';
import { moved, toggled } from './platform-order.ts';

/**
 * A brand's game platforms (`games.manage`): which it offers and in which order (saved at once,
 * action logged), and maintenance for this brand or for every brand (with a reason), beside what
 * the platform itself last reported.
 */
export default function PlatformsPage() {
  const { t } = useTranslation('games');
  const [brand, setBrand] = useBrandParam();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('platformsTitle')}
      </Typography.Title>
      <BrandPicker key={brand} brand={brand} onPick={setBrand} />
      {brand === '' ? (
        <Alert type="info" showIcon title={t('pickBrand')} />
      ) : (
        <PlatformTable brand={brand} />
      )}
    </Flex>
  );
}

function PlatformTable({ brand }: { brand: string }) {
  const { t } = useTranslation('games');
  const { message } = App.useApp();
  const operator = useOperator();
  const query = useEndpointQuery(adminBrandGamePlatformsEndpoint, { params: { code: brand } });
  const saveList = useEndpointMutation(adminSetBrandPlatformsEndpoint);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data ?? [];
  const offered = rows.filter((row) => row.enabled).map((row) => row.id);
  const save = (platformIds: number[]) =>
    saveList.mutate(
      { params: { code: brand }, body: { platformIds } },
      {
        onSuccess: () => void message.success(t('listSaved')),
        onError: (error) => void message.error(error.message),
      },
    );
  const columns: ColumnsType<AdminBrandGamePlatform> = [
    {
      title: t('order'),
      key: 'order',
      width: 120,
      render: (_, row) =>
        row.sort === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space size={4}>
            <span data-testid="sort">{row.sort}</span>
            <Tooltip title={t('moveUp')}>
              <Button
                size="small"
                aria-label={t('moveUp')}
                icon={<ArrowUpOutlined />}
                disabled={row.sort === 1 || saveList.isPending}
                onClick={() => save(moved(offered, row.id, -1))}
              />
            </Tooltip>
            <Tooltip title={t('moveDown')}>
              <Button
                size="small"
                aria-label={t('moveDown')}
                icon={<ArrowDownOutlined />}
                disabled={row.sort === offered.length || saveList.isPending}
                onClick={() => save(moved(offered, row.id, 1))}
              />
            </Tooltip>
          </Space>
        ),
    },
    {
      title: t('platform'),
      key: 'platform',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text type="secondary">
            #{row.id} · {row.code}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('category'),
      key: 'category',
      render: (_, row) => t(`categories.${row.category}`),
    },
    { title: t('wallet'), key: 'wallet', render: (_, row) => t(`wallets.${row.wallet}`) },
    {
      title: t('games'),
      key: 'games',
      render: (_, row) => <Link to={`/games/catalog?platform=${row.id}`}>{row.games}</Link>,
    },
    {
      title: t('enabled'),
      key: 'enabled',
      render: (_, row) => (
        <Switch
          aria-label={t('enableTitle', { platform: row.name })}
          data-testid="enabled"
          checked={row.enabled}
          loading={saveList.isPending}
          onChange={(on) => save(toggled(offered, row.id, on))}
        />
      ),
    },
    {
      title: t('status'),
      key: 'status',
      render: (_, row) => <StatusTags row={row} />,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_, row) => (
        <Space wrap>
          <ReasonAction
            endpoint={adminSetBrandPlatformMaintenanceEndpoint}
            params={{ code: brand, id: row.id }}
            body={{ maintenance: !row.brandMaintenance.on }}
            reason="optional"
            danger={!row.brandMaintenance.on}
            buttonProps={{ size: 'small', 'data-testid': 'brand-maintenance' } as ButtonProps}
            label={t(row.brandMaintenance.on ? 'brandOffAction' : 'brandOnAction')}
            title={t(row.brandMaintenance.on ? 'brandOffTitle' : 'brandOnTitle', {
              platform: row.name,
              brand,
            })}
            description={t(row.brandMaintenance.on ? 'brandOffDescription' : 'brandOnDescription')}
          />
          {operator.brands === 'all' ? (
            <ReasonAction
              endpoint={adminSetGamePlatformEndpoint}
              params={{ id: row.id }}
              body={{ maintenance: !row.globalMaintenance.on }}
              reason="optional"
              danger={!row.globalMaintenance.on}
              buttonProps={{ size: 'small', 'data-testid': 'global-maintenance' } as ButtonProps}
              label={t(row.globalMaintenance.on ? 'globalOffAction' : 'globalOnAction')}
              title={t(row.globalMaintenance.on ? 'globalOffTitle' : 'globalOnTitle', {
                platform: row.name,
              })}
              description={t(
                row.globalMaintenance.on ? 'globalOffDescription' : 'globalOnDescription',
              )}
            />
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Table<AdminBrandGamePlatform>
      rowKey="id"
      size="middle"
      loading={query.isPending}
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(row) => ({ 'data-platform': row.id }) as HTMLAttributes<HTMLElement>}
    />
  );
}

function StatusTags({ row }: { row: AdminBrandGamePlatform }) {
  const { t } = useTranslation('games');
  const who = (state: MaintenanceSwitch) =>
    [
      state.reason,
      state.updatedBy
        ? t('by', { by: state.updatedBy, at: formatDateTime(state.updatedAt) })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
  if (!row.inMaintenance) {
    return (
      <Tag color="green" data-testid="status-open">
        {t('open')}
      </Tag>
    );
  }
  return (
    <Space orientation="vertical" size={2}>
      {row.globalMaintenance.on ? (
        <Tooltip title={who(row.globalMaintenance)}>
          <Tag color="red" data-testid="status-global">
            {t('globalOn')}
          </Tag>
        </Tooltip>
      ) : null}
      {row.brandMaintenance.on ? (
        <Space size={4} wrap>
          <Tag color="orange" data-testid="status-brand">
            {t('brandOn')}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {who(row.brandMaintenance)}
          </Typography.Text>
        </Space>
      ) : null}
      {row.reportedMaintenance ? (
        <Tooltip title={t('reportedHint')}>
          <Tag color="gold" data-testid="status-reported">
            {t('reportedOn')}
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}
