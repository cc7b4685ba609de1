import { useState } from 'react';
import { Badge, Button, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  adminOperatorActionEndpoint,
  adminOperatorsEndpoint,
  adminRolesEndpoint,
  type AdminOperator,
  type OperatorAccountAction,
} from '@lobby/contracts';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { roleLabel } from '../../lib/labels.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { OperatorFormModal } from './operator-form.tsx';
import { OperatorsTabs } from './operators-tabs.tsx';

type FilterValues = { q?: string; role?: string; disabled?: 'true' | 'false' };

/** One account action: its confirmation texts and how it looks. */
function AccountAction({ row, action }: { row: AdminOperator; action: OperatorAccountAction }) {
  const { t } = useTranslation('operators');
  const texts = {
    disable: { label: t('disable'), title: t('disableTitle', row), body: t('disableBody') },
    enable: { label: t('enable'), title: t('enableTitle', row), body: t('enableBody') },
    'reset-totp': {
      label: t('resetTotp'),
      title: t('resetTotpTitle', row),
      body: t('resetTotpBody'),
    },
    logout: { label: t('forceLogout'), title: t('logoutTitle', row), body: t('logoutBody') },
  }[action];
  return (
    <ReasonAction
      endpoint={adminOperatorActionEndpoint}
      params={{ id: row.id, action }}
      label={texts.label}
      title={texts.title}
      description={texts.body}
      danger={action !== 'enable'}
      buttonProps={{ size: 'small', type: action === 'enable' ? 'primary' : 'default' }}
    />
  );
}

function RowActions({ row, onEdit }: { row: AdminOperator; onEdit: () => void }) {
  const { t } = useTranslation('operators');
  const me = useOperator();
  // The server refuses a super admin's changes to their own account: another must make them.
  if (row.username === me.username) return null;
  return (
    <Space size={4} wrap>
      <Button size="small" onClick={onEdit}>
        {t('edit')}
      </Button>
      <AccountAction row={row} action={row.disabled ? 'enable' : 'disable'} />
      {row.totpEnabled ? <AccountAction row={row} action="reset-totp" /> : null}
      {row.sessions > 0 ? <AccountAction row={row} action="logout" /> : null}
    </Space>
  );
}

/**
 * Staff accounts (operators.manage, operators of every brand): filters in the URL, create, edit
 * role/brands/allow-list, disable and enable, reset two-step, force logout; each asks a reason.
 */
export default function OperatorsPage() {
  const { t, i18n } = useTranslation('operators');
  const [filters, setFilters] = useUrlFilters(adminOperatorsEndpoint.query);
  const result = useEndpointQuery(adminOperatorsEndpoint, { query: filters });
  const roles = useEndpointQuery(adminRolesEndpoint);
  const [editing, setEditing] = useState<AdminOperator | 'new' | null>(null);

  return (
    <ListPage
      title={t('title')}
      extra={
        <>
          <ExportCsvButton
            listPath={adminOperatorsEndpoint.path}
            filters={filters}
            filename="operators"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('create')}
          </Button>
        </>
      }
      tabs={<OperatorsTabs />}
      filters={
        <FilterBar<FilterValues>
          key={JSON.stringify(filters)}
          initialValues={{ q: filters.q, role: filters.role, disabled: filters.disabled }}
          onSearch={(values) =>
            setFilters({ q: values.q?.trim(), role: values.role, disabled: values.disabled })
          }
          onReset={() => setFilters({ q: undefined, role: undefined, disabled: undefined })}
        >
          <Form.Item name="q" label={t('q')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="role" label={t('role')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 160 }}
              options={(roles.data?.roles ?? []).map((role) => ({
                value: role.key,
                label: roleLabel(i18n, role.key),
              }))}
            />
          </Form.Item>
          <Form.Item name="disabled" label={t('status')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 110 }}
              options={[
                { value: 'false', label: t('active') },
                { value: 'true', label: t('disabled') },
              ]}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      <ListTable<AdminOperator>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        columns={[
          { title: t('username'), dataIndex: 'username', fixed: 'left' },
          {
            title: t('role'),
            key: 'role',
            render: (_, row) => <Tag color="blue">{roleLabel(i18n, row.role)}</Tag>,
          },
          {
            title: t('brands'),
            key: 'brands',
            render: (_, row) =>
              row.brands === 'all' ? (
                <Tag color="gold">{t('allBrands')}</Tag>
              ) : (
                <Tooltip title={row.brands.join(', ')}>
                  <span>
                    {row.brands.slice(0, 4).map((brand) => (
                      <Tag key={brand}>{brand}</Tag>
                    ))}
                    {row.brands.length > 4 ? <Tag>+{row.brands.length - 4}</Tag> : null}
                  </span>
                </Tooltip>
              ),
          },
          {
            title: t('status'),
            key: 'status',
            render: (_, row) =>
              row.disabled ? (
                <Tag color="red" data-testid="operator-disabled">
                  {t('disabled')}
                </Tag>
              ) : (
                <Tag color="green">{t('active')}</Tag>
              ),
          },
          {
            title: t('totp'),
            key: 'totp',
            render: (_, row) => (
              <Badge
                status={row.totpEnabled ? 'success' : 'default'}
                text={row.totpEnabled ? t('totpOn') : t('totpOff')}
              />
            ),
          },
          {
            title: t('ipAllowList'),
            key: 'ipAllowList',
            render: (_, row) =>
              row.ipAllowList.length === 0 ? t('anyAddress') : row.ipAllowList.join(', '),
          },
          { title: t('sessions'), dataIndex: 'sessions', align: 'right' },
          {
            title: t('lastLogin'),
            key: 'lastLoginAt',
            render: (_, row) => formatDateTime(row.lastLoginAt),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 230,
            render: (_, row) => <RowActions row={row} onEdit={() => setEditing(row)} />,
          },
        ]}
      />
      <OperatorFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        open={editing !== null}
        operator={editing === null || editing === 'new' ? undefined : editing}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
