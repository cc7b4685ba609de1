import { Alert, Card, Flex, Form, Image, Input, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  adminGamePlatformsEndpoint,
  adminPlatformGamesEndpoint,
  type AdminGame,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';

type Filters = { platform: number | null; q: string; hot: '' | 'true' | 'false' };

function filtersOf(search: URLSearchParams): Filters {
  const platform = Number(search.get('platform'));
  const hot = search.get('hot');
  return {
    platform: Number.isInteger(platform) && platform > 0 ? platform : null,
    q: (search.get('q') ?? '').slice(0, 64),
    hot: hot === 'true' || hot === 'false' ? hot : '',
  };
}

/** The games of a platform (`games.manage`), read-only from the catalog, with a search. */
export default function GamesPage() {
  const { t } = useTranslation('games');
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const platforms = useEndpointQuery(adminGamePlatformsEndpoint, { query: {} });
  const games = useEndpointQuery(
    adminPlatformGamesEndpoint,
    { params: { id: filters.platform ?? 0 }, query: { q: filters.q, hot: filters.hot } },
    { enabled: filters.platform !== null },
  );
  const update = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    const params = new URLSearchParams();
    if (next.platform !== null) params.set('platform', String(next.platform));
    if (next.q) params.set('q', next.q);
    if (next.hot) params.set('hot', next.hot);
    setSearch(params);
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('gamesTitle')}
      </Typography.Title>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label={t('platform')}>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="platform-select"
              style={{ minWidth: 240 }}
              placeholder={t('pickPlatform')}
              value={filters.platform ?? undefined}
              loading={platforms.isPending}
              onChange={(platform) => update({ platform })}
              options={(platforms.data ?? []).map((platform) => ({
                value: platform.id,
                label: `#${platform.id} ${platform.name} (${platform.code})`,
              }))}
            />
          </Form.Item>
          <Form.Item label={t('name')}>
            <Input.Search
              key={filters.q}
              allowClear
              defaultValue={filters.q}
              placeholder={t('searchPlaceholder')}
              onSearch={(q) => update({ q: q.trim() })}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item label={t('hot')}>
            <Select<Filters['hot']>
              style={{ width: 140 }}
              value={filters.hot}
              onChange={(hot) => update({ hot })}
              options={[
                { value: '', label: t('common:all') },
                { value: 'true', label: t('hotOnly') },
                { value: 'false', label: t('notHot') },
              ]}
            />
          </Form.Item>
        </Form>
      </Card>
      {filters.platform === null ? (
        <Alert type="info" showIcon title={t('pickPlatform')} />
      ) : games.isError ? (
        <QueryError error={games.error} onRetry={() => void games.refetch()} />
      ) : (
        <Table<AdminGame>
          rowKey="code"
          size="middle"
          loading={games.isPending}
          dataSource={games.data?.games ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          title={() =>
            games.data
              ? `${games.data.platformName} · ${t('gamesTotal', {
                  shown: games.data.games.length,
                  total: games.data.total,
                })}`
              : null
          }
          columns={[
            {
              title: t('icon'),
              key: 'icon',
              width: 72,
              render: (_, game) => <Image src={game.icon} width={40} height={40} preview={false} />,
            },
            { title: t('code'), dataIndex: 'code', key: 'code' },
            { title: t('name'), dataIndex: 'name', key: 'name' },
            {
              title: t('category'),
              key: 'category',
              render: (_, game) => t(`categories.${game.category}`),
            },
            {
              title: t('hot'),
              key: 'hot',
              render: (_, game) => (game.hot ? <Tag color="volcano">{t('hot')}</Tag> : null),
            },
          ]}
        />
      )}
    </Flex>
  );
}
