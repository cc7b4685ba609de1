import { useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { adminRolesEndpoint, type AdminRole, type Permission } from '@lobby/contracts';
import { ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { roleLabel } from '../../lib/labels.ts';
import { OperatorsTabs } from './operators-tabs.tsx';
import { permissionLabel } from './permission-label.ts';
import { RoleFormModal } from './role-form.tsx';

type MatrixRow = { permission: Permission };

/**
 * The permission matrix: every permission down, every role across (built-in ones fixed in
 * code, custom ones editable), and a new custom role.
 */
export default function RolesPage() {
  const { t, i18n } = useTranslation('operators');
  const roles = useEndpointQuery(adminRolesEndpoint);
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const data = roles.data;

  return (
    <ListPage
      title={t('title')}
      tabs={<OperatorsTabs />}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!data}
          onClick={() => setEditing('new')}
        >
          {t('newRole')}
        </Button>
      }
    >
      {roles.isError ? (
        <QueryError error={roles.error} onRetry={() => void roles.refetch()} />
      ) : (
        <Table<MatrixRow>
          size="small"
          bordered
          loading={roles.isFetching}
          pagination={false}
          rowKey="permission"
          scroll={{ x: 'max-content' }}
          dataSource={(data?.permissions ?? []).map((permission) => ({ permission }))}
          columns={[
            {
              title: t('permission'),
              key: 'permission',
              fixed: 'left',
              render: (_, row) => (
                <Flex vertical>
                  <span>{permissionLabel(i18n, row.permission)}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.permission}
                  </Typography.Text>
                </Flex>
              ),
            },
            ...(data?.roles ?? []).map((role) => ({
              key: role.key,
              align: 'center' as const,
              title: (
                <Flex vertical align="center" gap={2}>
                  <span>{roleLabel(i18n, role.key)}</span>
                  <span>
                    <Tag color={role.builtIn ? 'default' : 'purple'} style={{ marginInlineEnd: 0 }}>
                      {role.builtIn ? t('builtIn') : t('custom')}
                    </Tag>
                  </span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('holders', { n: role.operators })}
                  </Typography.Text>
                  {role.builtIn ? null : (
                    <Tooltip title={t('edit')}>
                      <Button
                        size="small"
                        type="link"
                        icon={<EditOutlined />}
                        aria-label={`${t('edit')} ${role.key}`}
                        onClick={() => setEditing(role)}
                      />
                    </Tooltip>
                  )}
                </Flex>
              ),
              render: (_: unknown, row: MatrixRow) =>
                role.permissions.includes(row.permission) ? (
                  <CheckOutlined style={{ color: '#52c41a' }} aria-label="✓" />
                ) : null,
            })),
          ]}
        />
      )}
      {data ? (
        <RoleFormModal
          key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.key}
          open={editing !== null}
          role={editing === null || editing === 'new' ? undefined : editing}
          permissions={data.permissions}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListPage>
  );
}
