import { Alert, Flex, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminBrandSettingsEndpoint } from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { BrandSettingsForm } from './brand-settings-form.tsx';
import { BrandVersions } from './brand-versions.tsx';

/** One brand: its settings form with the theme preview, and its versions with restore. */
export default function BrandPage() {
  const { t } = useTranslation('brands');
  const code = useParams()['code'] ?? '';
  const query = useEndpointQuery(adminBrandSettingsEndpoint, { params: { code } });
  const data = query.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/brands">
        <ArrowLeftOutlined /> {t('back')}
      </Link>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Spin />
      ) : (
        <>
          <Flex align="center" gap={12} wrap>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {data.settings.siteName}{' '}
              <Typography.Text type="secondary">({data.brand})</Typography.Text>
            </Typography.Title>
            {data.isDefault ? <Tag color="blue">{t('isDefault')}</Tag> : null}
            {data.settings.enabled ? null : <Tag color="red">{t('disabled')}</Tag>}
            <Typography.Text type="secondary" data-testid="brand-revision">
              {t('revision', { revision: data.revision })} · {formatDateTime(data.updatedAt)}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary">
            {t('hosts')}: {data.hosts.join(', ')}
          </Typography.Text>
          <Tabs
            items={[
              {
                key: 'settings',
                label: t('tabs.settings'),
                children: <BrandSettingsForm key={`${data.brand}:${data.revision}`} data={data} />,
              },
              {
                key: 'versions',
                label: <span data-testid="brand-versions-tab">{t('tabs.versions')}</span>,
                children: <BrandVersions code={data.brand} />,
              },
            ]}
          />
        </>
      )}
      {query.isPending ? null : <Alert type="info" showIcon title={t('elsewhere.contacts')} />}
    </Space>
  );
}
