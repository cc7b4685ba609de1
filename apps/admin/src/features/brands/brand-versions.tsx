import { Alert, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminBrandVersionsEndpoint,
  adminRestoreBrandVersionEndpoint,
  type AdminBrandVersion,
} from '@lobby/contracts';
import { JsonDiff } from '../../components/json-diff.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { versionDiff } from './brand-form.ts';

/**
 * A brand's kept versions, newest first: each expands to its differences from the current
 * settings, and can be restored (with a reason, as a change of its own).
 */
export function BrandVersions({ code }: { code: string }) {
  const { t } = useTranslation('brands');
  const query = useEndpointQuery(adminBrandVersionsEndpoint, { params: { code } });
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const current = query.data?.current ?? {};
  const actionLabel = (action: string) => t(`versions.actions.${action}`, { defaultValue: action });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('versions.intro')} />
      <Table<AdminBrandVersion>
        data-testid="brand-versions"
        rowKey="revision"
        size="middle"
        loading={query.isPending}
        dataSource={query.data?.versions ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('versions.empty') }}
        expandable={{
          expandedRowRender: (version) => {
            const diff = versionDiff(version.row, current);
            return Object.keys(diff.before).length === 0 ? (
              <Typography.Text type="secondary">{t('versions.same')}</Typography.Text>
            ) : (
              <div style={{ maxWidth: 960, wordBreak: 'break-all' }}>
                <JsonDiff before={diff.before} after={diff.after} />
              </div>
            );
          },
        }}
        columns={[
          { title: t('versions.revision'), dataIndex: 'revision' },
          {
            title: t('versions.action'),
            key: 'action',
            render: (_, version) => actionLabel(version.action),
          },
          {
            title: t('versions.changedBy'),
            key: 'changedBy',
            render: (_, version) => version.changedBy ?? '-',
          },
          {
            title: t('versions.changedAt'),
            key: 'changedAt',
            render: (_, version) => formatDateTime(version.changedAt),
          },
          {
            title: t('versions.reason'),
            key: 'reason',
            render: (_, version) => (
              <Typography.Text style={{ maxWidth: 240 }} ellipsis>
                {version.reason ?? '-'}
              </Typography.Text>
            ),
          },
          {
            title: '',
            key: 'restore',
            render: (_, version) => (
              <ReasonAction
                endpoint={adminRestoreBrandVersionEndpoint}
                params={{ code, revision: version.revision }}
                label={t('versions.restore')}
                title={t('versions.restoreTitle', { revision: version.revision })}
                description={t('versions.restoreDescription')}
                successMessage={t('versions.restored')}
                buttonProps={{
                  size: 'small',
                  'data-testid': `brand-restore-${version.revision}`,
                }}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
