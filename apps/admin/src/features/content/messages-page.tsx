import { useCallback, useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Select, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_CATEGORIES,
  adminMessagesEndpoint,
  adminSendMessageEndpoint,
  adminWithdrawMessageEndpoint,
  type AdminMessage,
  type MessageCategory,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { PickBrand, useDefaultBrand } from './brand-picker.tsx';

type FormValues = { brand?: string; username?: string };

/**
 * The message centre from the operator's side: a brand's messages newest first with how many
 * members read each, sending a message to one member or a broadcast to the brand's members, and
 * withdrawing one (no member sees it any more).
 */
export default function MessagesPage() {
  const { t } = useTranslation('content');
  const [filters, setFilters] = useUrlFilters(adminMessagesEndpoint.query);
  const brand = filters.brand as string | undefined;
  const choose = useCallback(
    (code: string) => setFilters({ brand: code }, { replace: true }),
    [setFilters],
  );
  useDefaultBrand(brand, choose);
  const list = useEndpointQuery(adminMessagesEndpoint, { query: filters }, { enabled: !!brand });
  const [sending, setSending] = useState(false);
  return (
    <ListPage
      title={t('messages.title')}
      extra={
        brand ? (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => setSending(true)}
            data-testid="message-new"
          >
            {t('messages.send')}
          </Button>
        ) : null
      }
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, username: filters.username }}
          onSearch={(values) =>
            setFilters({ brand: values.brand, username: values.username?.trim() })
          }
          onReset={() => setFilters({ username: undefined })}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="username" label={t('messages.member')}>
            <Input allowClear placeholder={t('messages.memberFilter')} style={{ width: 180 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      {!brand ? (
        <PickBrand />
      ) : (
        <ListTable<AdminMessage>
          result={list}
          filters={filters}
          onChange={setFilters}
          rowKey="id"
          columns={[
            { title: t('id'), dataIndex: 'id' },
            {
              title: t('messages.to'),
              key: 'to',
              render: (_, row) => row.username ?? <Tag color="blue">{t('messages.everyone')}</Tag>,
            },
            {
              title: t('messages.category'),
              key: 'category',
              render: (_, row) => t(`messages.categories.${row.category}`),
            },
            { title: t('messages.subject'), dataIndex: 'title' },
            {
              title: t('messages.body'),
              key: 'body',
              render: (_, row) => (
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: row.body }}
                  style={{ margin: 0, maxWidth: 360 }}
                >
                  {row.body}
                </Typography.Paragraph>
              ),
            },
            { title: t('messages.readCount'), dataIndex: 'readCount' },
            {
              title: t('messages.sentBy'),
              key: 'createdBy',
              render: (_, row) => row.createdBy ?? '-',
            },
            {
              title: t('messages.sentAt'),
              key: 'createdAt',
              render: (_, row) => formatDateTime(row.createdAt),
            },
            {
              title: t('messages.state'),
              key: 'state',
              render: (_, row) =>
                row.withdrawnAt ? (
                  <Tag>{t('messages.withdrawnAt', { at: formatDateTime(row.withdrawnAt) })}</Tag>
                ) : (
                  <Tag color="green">{t('messages.live')}</Tag>
                ),
            },
            {
              title: t('common:actions'),
              key: 'actions',
              render: (_, row) =>
                row.withdrawnAt ? null : (
                  <ReasonAction
                    endpoint={adminWithdrawMessageEndpoint}
                    params={{ id: row.id }}
                    body={{}}
                    reason="optional"
                    danger
                    label={t('messages.withdraw')}
                    title={t('messages.withdrawTitle')}
                    description={t('messages.withdrawDescription')}
                    successMessage={t('messages.withdrawn')}
                    buttonProps={{ size: 'small', id: `message-withdraw-${row.id}` }}
                  />
                ),
            },
          ]}
        />
      )}
      {brand ? (
        <SendMessageModal brand={brand} open={sending} onClose={() => setSending(false)} />
      ) : null}
    </ListPage>
  );
}

type SendValues = {
  target: 'member' | 'broadcast';
  username?: string;
  category?: MessageCategory;
  title: string;
  body: string;
};

function SendMessageModal({
  brand,
  open,
  onClose,
}: {
  brand: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const send = useEndpointMutation(adminSendMessageEndpoint);
  const target = Form.useWatch('target', form) ?? 'member';
  const close = () => {
    form.resetFields();
    send.reset();
    onClose();
  };
  const submit = (values: SendValues) => {
    send.mutate(
      {
        body: {
          brand,
          ...(values.target === 'member' ? { username: values.username?.trim() } : {}),
          ...(values.category ? { category: values.category } : {}),
          title: values.title,
          body: values.body,
        },
      },
      {
        onSuccess: () => {
          void message.success(t('messages.sent'));
          close();
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('messages.sendTitle', { brand })}
      okText={t('messages.sendOk')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: send.isPending, id: 'message-send' }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={640}
    >
      <Form<SendValues>
        form={form}
        name="message"
        layout="vertical"
        initialValues={{ target: 'member' }}
        onFinish={submit}
      >
        <Form.Item name="target" label={t('messages.to')}>
          <Radio.Group
            options={[
              { value: 'member', label: t('messages.toMember') },
              { value: 'broadcast', label: t('messages.toEveryone') },
            ]}
          />
        </Form.Item>
        {target === 'member' ? (
          <Form.Item
            name="username"
            label={t('messages.member')}
            rules={[{ required: true, whitespace: true, message: t('messages.memberRule') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="category"
          label={t('messages.category')}
          tooltip={t('messages.categoryHint')}
        >
          <Select
            allowClear
            placeholder={t('messages.categoryDefault')}
            options={MESSAGE_CATEGORIES.map((category) => ({
              value: category,
              label: t(`messages.categories.${category}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('messages.subject')}
          rules={[{ required: true, whitespace: true, message: t('messages.subjectRule') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('messages.body')}
          rules={[{ required: true, whitespace: true, message: t('messages.bodyRule') }]}
        >
          <Input.TextArea rows={6} maxLength={5_000} showCount />
        </Form.Item>
      </Form>
      {send.error ? (
        <Typography.Text type="danger" data-testid="message-error">
          {send.error.message}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
