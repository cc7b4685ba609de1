import { DatePicker, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminMembersEndpoint, type AdminMemberRow } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { dayRangeToApi, formatDateTime, fromApiDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';

type Range = [Dayjs | null, Dayjs | null] | null;
type FormValues = {
  q?: string;
  brand?: string;
  status?: 'active' | 'disabled';
  vipLevel?: number | null;
  agent?: string;
  registered?: Range;
  lastLogin?: Range;
  balanceAbove?: string;
};

function rangeOf(from: string | undefined, to: string | undefined): Range {
  return from || to ? [fromApiDateTime(from), fromApiDateTime(to)] : null;
}

/** The member search: every filter of GET /admin/api/members in the URL, sorted and paged there. */
export default function MemberSearchPage() {
  const { t } = useTranslation('members');
  const [filters, setFilters] = useUrlFilters(adminMembersEndpoint.query);
  const result = useEndpointQuery(adminMembersEndpoint, { query: filters });

  function search(values: FormValues) {
    const registered = dayRangeToApi(values.registered);
    const lastLogin = dayRangeToApi(values.lastLogin);
    setFilters({
      q: values.q,
      brand: values.brand,
      status: values.status,
      vipLevel: values.vipLevel ?? undefined,
      agent: values.agent,
      registeredFrom: registered.from,
      registeredTo: registered.to,
      lastLoginFrom: lastLogin.from,
      lastLoginTo: lastLogin.to,
      balanceAbove: values.balanceAbove?.trim(),
    });
  }

  const initialValues: FormValues = {
    q: filters.q,
    brand: filters.brand,
    status: filters.status,
    vipLevel: filters.vipLevel,
    agent: filters.agent,
    registered: rangeOf(filters.registeredFrom, filters.registeredTo),
    lastLogin: rangeOf(filters.lastLoginFrom, filters.lastLoginTo),
    balanceAbove: filters.balanceAbove,
  };

  return (
    <ListPage
      title={t('title')}
      extra={
        <ExportCsvButton
          listPath={adminMembersEndpoint.path}
          filters={filters}
          filename="members"
        />
      }
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={initialValues}
          onSearch={search}
          onReset={() =>
            setFilters(Object.fromEntries(Object.keys(filters).map((key) => [key, undefined])))
          }
        >
          <Form.Item name="q" label={t('q')}>
            <Input allowClear placeholder={t('qPlaceholder')} style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 110 }}
              options={(['active', 'disabled'] as const).map((status) => ({
                value: status,
                label: t(`statuses.${status}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="vipLevel" label={t('vipLevel')}>
            <InputNumber min={0} max={30} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="agent" label={t('agent')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="registered" label={t('registered')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="lastLogin" label={t('lastLogin')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item
            name="balanceAbove"
            label={t('balanceAbove')}
            rules={[{ pattern: /^\s*\d{1,15}(\.\d{1,6})?\s*$/, message: '0.00' }]}
          >
            <Input allowClear inputMode="decimal" style={{ width: 130 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      <ListTable<AdminMemberRow>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        columns={[
          {
            title: t('username'),
            key: 'username',
            sorter: true,
            fixed: 'left',
            render: (_, row) => <Link to={`/members/${row.id}`}>{row.username}</Link>,
          },
          { title: t('id'), dataIndex: 'id' },
          { title: t('common:brand'), dataIndex: 'brand' },
          {
            title: t('status'),
            key: 'status',
            render: (_, row) => (
              <Tag color={row.status === 'active' ? 'green' : 'red'}>
                {t(`statuses.${row.status}`)}
              </Tag>
            ),
          },
          { title: t('vipLevel'), dataIndex: 'vipLevel', align: 'right' },
          {
            title: t('balance'),
            key: 'balance',
            sorter: true,
            align: 'right',
            render: (_, row) => formatMoney(row.balance, row.currency),
          },
          { title: t('realName'), dataIndex: 'realName' },
          { title: t('phone'), dataIndex: 'phone' },
          { title: t('email'), dataIndex: 'email' },
          { title: t('referrer'), dataIndex: 'referrer' },
          {
            title: t('registered'),
            key: 'registeredAt',
            sorter: true,
            render: (_, row) => formatDateTime(row.registeredAt),
          },
          {
            title: t('lastLogin'),
            key: 'lastLoginAt',
            sorter: true,
            render: (_, row) => formatDateTime(row.lastLoginAt),
          },
          {
            title: t('lastLoginIp'),
            key: 'lastLoginIp',
            render: (_, row) => <Typography.Text copyable>{row.lastLoginIp}</Typography.Text>,
          },
        ]}
      />
    </ListPage>
  );
}
