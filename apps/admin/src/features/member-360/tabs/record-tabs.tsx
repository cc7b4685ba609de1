import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminAddMemberNoteEndpoint,
  adminMemberLinkedEndpoint,
  adminMemberLoginsEndpoint,
  adminMemberNotesEndpoint,
  adminMemberRewardsEndpoint,
  MEMBER_LINKS_CAP,
  MEMBER_REWARD_KINDS,
  MEMBER_REWARD_STATUSES,
  type AdminLinkedMember,
  type AdminMemberReward,
  type MemberLogin,
  type MemberNote,
} from '@lobby/contracts';
import { ListTable } from '../../../components/list-page.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api-context.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCan } from '../../../lib/operator-context.tsx';
import { Money, NS, TabFrame, useEnumLabel } from '../parts.tsx';
import { useTabFilters } from '../tab-url.ts';
import { amountColumn, timeColumn } from './tab-columns.tsx';
import { enumField, HistoryTab, TabExport } from './tab-scaffold.tsx';

const REWARD_STATUS_COLOURS: Record<string, string> = {
  joined: 'default',
  pending: 'orange',
  paid: 'green',
  rejected: 'red',
  pending_delivery: 'orange',
  delivered: 'green',
};

/** Promotions, sign-in days, gifts and VIP money: kind, status and period in the URL. */
export function RewardsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const [filters, setFilters] = useTabFilters('rewards', adminMemberRewardsEndpoint.query);
  const result = useEndpointQuery(adminMemberRewardsEndpoint, {
    params: { id: memberId },
    query: filters,
  });
  return (
    <HistoryTab
      tab="rewards"
      memberId={memberId}
      listPath={adminMemberRewardsEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      fields={[
        enumField('kind', 'rewardKinds', MEMBER_REWARD_KINDS, 130),
        enumField('status', 'rewardStatuses', MEMBER_REWARD_STATUSES, 120),
      ]}
    >
      <ListTable<AdminMemberReward>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey={(row) => `${row.kind}:${row.id}`}
        columns={[
          {
            title: t('rewards.createdAt'),
            key: 'createdAt',
            fixed: 'left',
            render: (_, row) => formatDateTime(row.createdAt),
          },
          {
            title: t('rewards.kind'),
            key: 'kind',
            render: (_, row) => label('rewardKinds', row.kind),
          },
          { title: t('rewards.title'), dataIndex: 'title' },
          amountColumn(t('rewards.amount')),
          {
            title: t('rewards.status'),
            key: 'status',
            render: (_, row) => (
              <Tag color={REWARD_STATUS_COLOURS[row.status]}>
                {label('rewardStatuses', row.status)}
              </Tag>
            ),
          },
          {
            title: t('rewards.turnoverCost'),
            key: 'turnoverCost',
            align: 'right',
            render: (_, row) =>
              row.turnoverCost ? <Money amount={row.turnoverCost} currency={row.currency} /> : null,
          },
          { title: t('rewards.detail'), dataIndex: 'detail' },
          { title: t('rewards.reviewer'), dataIndex: 'reviewer' },
          { title: t('rewards.note'), dataIndex: 'note' },
          timeColumn(t('rewards.decidedAt'), 'decidedAt', (row) => row.decidedAt),
        ]}
      />
    </HistoryTab>
  );
}

const LOGIN_RESULT_COLOURS: Record<string, string> = {
  success: 'green',
  wrong_password: 'orange',
  captcha: 'orange',
  locked: 'red',
  disabled: 'red',
  closed: 'red',
  error: 'default',
};

/** Every login attempt, successful or not, newest first (page and size in the URL). */
export function LoginsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const [filters, setFilters] = useTabFilters('logins', adminMemberLoginsEndpoint.query);
  const result = useEndpointQuery(adminMemberLoginsEndpoint, {
    params: { id: memberId },
    query: filters,
  });
  return (
    <TabFrame
      extra={
        <TabExport
          tab="logins"
          memberId={memberId}
          listPath={adminMemberLoginsEndpoint.path}
          filters={filters}
        />
      }
    >
      <ListTable<MemberLogin>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        columns={[
          {
            title: t('logins.at'),
            key: 'at',
            fixed: 'left',
            render: (_, row) => formatDateTime(row.at),
          },
          {
            title: t('logins.result'),
            key: 'result',
            render: (_, row) => (
              <Tag color={LOGIN_RESULT_COLOURS[row.result]}>
                {label('loginResults', row.result)}
              </Tag>
            ),
          },
          { title: t('logins.username'), dataIndex: 'username' },
          {
            title: t('logins.ip'),
            key: 'ip',
            render: (_, row) =>
              row.ip ? <Typography.Text copyable>{row.ip}</Typography.Text> : null,
          },
          { title: t('logins.deviceNo'), dataIndex: 'deviceNo' },
          {
            title: t('logins.userAgent'),
            key: 'userAgent',
            render: (_, row) => (
              <Typography.Paragraph
                ellipsis={{ rows: 1, tooltip: row.userAgent }}
                style={{ margin: 0, maxWidth: 360 }}
              >
                {row.userAgent}
              </Typography.Paragraph>
            ),
          },
        ]}
      />
    </TabFrame>
  );
}

/**
 * Members linked by a shared device, address, payout account, phone or e-mail: those of the
 * operator's brands listed (each opens its own page), the other brands' only counted.
 */
export function LinkedTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const result = useEndpointQuery(adminMemberLinkedEndpoint, { params: { id: memberId } });
  const data = result.data;
  return (
    <TabFrame
      extra={
        <TabExport
          tab="linked"
          memberId={memberId}
          listPath={adminMemberLinkedEndpoint.path}
          filters={{}}
        />
      }
      summary={
        data ? (
          <Flex vertical gap={8}>
            {data.capped ? (
              <Alert
                type="warning"
                showIcon
                data-testid="linked-capped"
                title={`${t('linked.capped')} ${t('linked.listedCap', { cap: MEMBER_LINKS_CAP })}`}
              />
            ) : null}
            <Flex gap={8} wrap align="center" data-testid="linked-other-brands">
              <Typography.Text type="secondary">
                {data.otherBrands.length > 0
                  ? t('linked.otherBrands')
                  : t('linked.otherBrandsNone')}
              </Typography.Text>
              {data.otherBrands.map((entry) => (
                <Tag key={entry.kind}>
                  {t('linked.otherBrandCount', {
                    kind: label('linkKinds', entry.kind),
                    n: entry.count,
                  })}
                </Tag>
              ))}
            </Flex>
          </Flex>
        ) : null
      }
    >
      {result.isError ? (
        <QueryError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <Table<AdminLinkedMember>
          size="middle"
          bordered
          rowKey="id"
          dataSource={data?.items ?? []}
          loading={result.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('common:empty') }}
          columns={[
            {
              title: t('linked.member'),
              key: 'member',
              fixed: 'left',
              render: (_, row) => <Link to={`/members/${row.id}`}>{row.username}</Link>,
            },
            { title: t('common:brand'), dataIndex: 'brand' },
            {
              title: t('linked.status'),
              key: 'status',
              render: (_, row) => (
                <Tag color={row.status === 'active' ? 'green' : 'red'}>
                  {label('statuses', row.status)}
                </Tag>
              ),
            },
            {
              title: t('linked.links'),
              key: 'links',
              render: (_, row) => (
                <Flex gap={4} wrap>
                  {row.links.map((link) => (
                    <Tag key={`${link.kind}:${link.value}`}>
                      {label('linkKinds', link.kind)}: {link.value}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </TabFrame>
  );
}

/** The operators' notes, newest first, and a form to add one (members.write). */
export function NotesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const canWrite = useCan('members.write');
  const [filters, setFilters] = useTabFilters('notes', adminMemberNotesEndpoint.query);
  const result = useEndpointQuery(adminMemberNotesEndpoint, {
    params: { id: memberId },
    query: filters,
  });
  const add = useEndpointMutation(adminAddMemberNoteEndpoint);
  const [form] = Form.useForm<{ text: string }>();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <TabFrame
      filters={
        canWrite ? (
          <Form<{ text: string }>
            form={form}
            name="note"
            layout="vertical"
            onFinish={(values) => {
              setFailure(null);
              add.mutate(
                { params: { id: memberId }, body: { text: values.text.trim() } },
                {
                  onSuccess: () => {
                    form.resetFields();
                    void message.success(t('notes.added'));
                  },
                  onError: (error) => setFailure(error.message),
                },
              );
            }}
          >
            <Form.Item
              name="text"
              rules={[{ required: true, whitespace: true, message: t('notes.required') }]}
              style={{ marginBottom: 8 }}
            >
              <Input.TextArea
                rows={3}
                maxLength={2000}
                showCount
                placeholder={t('notes.placeholder')}
                style={{ maxWidth: 720 }}
              />
            </Form.Item>
            <Flex gap={8} align="center">
              <Button type="primary" htmlType="submit" loading={add.isPending}>
                {t('notes.add')}
              </Button>
              {failure ? <Alert type="error" showIcon title={failure} /> : null}
            </Flex>
          </Form>
        ) : null
      }
      extra={
        <TabExport
          tab="notes"
          memberId={memberId}
          listPath={adminMemberNotesEndpoint.path}
          filters={filters}
        />
      }
    >
      <ListTable<MemberNote>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        columns={[
          {
            title: t('notes.time'),
            key: 'time',
            width: 180,
            render: (_, row) => formatDateTime(row.createdAt),
          },
          { title: t('notes.author'), dataIndex: 'author', width: 140 },
          {
            title: t('notes.text'),
            key: 'text',
            render: (_, row) => (
              <div
                style={{
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  minWidth: 240,
                  maxWidth: 760,
                }}
              >
                {row.text}
              </div>
            ),
          },
        ]}
      />
    </TabFrame>
  );
}
