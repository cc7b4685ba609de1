import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  App as AntApp,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CHAT_CANNED_BODY_MAX_CHARS,
  CHAT_CANNED_TITLE_MAX_CHARS,
  LANGUAGES,
  adminChatCannedCreateEndpoint,
  adminChatCannedDeleteEndpoint,
  adminChatCannedRepliesEndpoint,
  adminChatCannedUpdateEndpoint,
  type AdminChatCannedReply,
  type Language,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useOperator } from '../../lib/operator-context.tsx';

type Draft = { language: Language; title: string; body: string; sort: number };

/** A brand's canned replies by language: list, add, change, delete (each in the action log). */
export default function CannedRepliesPage() {
  const { t } = useTranslation('service');
  const operator = useOperator();
  const [search, setSearch] = useSearchParams();
  const brand = search.get('brand') ?? (operator.brands === 'all' ? undefined : operator.brands[0]);
  const languageParam = search.get('language');
  const language = (LANGUAGES as readonly string[]).includes(languageParam ?? '')
    ? (languageParam as Language)
    : undefined;
  const [editing, setEditing] = useState<AdminChatCannedReply | 'new' | null>(null);
  const list = useEndpointQuery(
    adminChatCannedRepliesEndpoint,
    { query: { brand: brand ?? '', ...(language ? { language } : {}) } },
    { enabled: Boolean(brand) },
  );
  const setFilter = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('cannedTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('cannedIntro')}</Typography.Text>
      <Flex gap={12} wrap align="center">
        <BrandField value={brand} onChange={(value) => setFilter('brand', value)} />
        <Select<Language>
          allowClear
          placeholder={t('language')}
          value={language}
          onChange={(value) => setFilter('language', value)}
          style={{ width: 140 }}
          options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!brand}
          data-testid="canned-new"
          onClick={() => setEditing('new')}
        >
          {t('newCanned')}
        </Button>
      </Flex>
      {!brand ? (
        <Empty description={t('chooseBrand')} />
      ) : list.error ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminChatCannedReply>
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          columns={[
            {
              title: t('language'),
              dataIndex: 'language',
              width: 110,
              render: (value: Language) => t(`languages.${value}`),
            },
            { title: t('cannedName'), dataIndex: 'title', width: 180 },
            {
              title: t('cannedBody'),
              dataIndex: 'body',
              render: (value: string) => (
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {value}
                </Typography.Paragraph>
              ),
            },
            { title: t('sort'), dataIndex: 'sort', width: 80 },
            { title: t('updatedBy'), dataIndex: 'updatedBy', width: 120 },
            {
              title: t('updatedAt'),
              dataIndex: 'updatedAt',
              width: 170,
              render: (value: string) => formatDateTime(value),
            },
            {
              title: t('common:actions'),
              key: 'actions',
              width: 160,
              render: (_value, row) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(row)}>
                    {t('common:edit')}
                  </Button>
                  <ReasonAction
                    endpoint={adminChatCannedDeleteEndpoint}
                    params={{ id: row.id }}
                    reason="none"
                    label={t('delete')}
                    title={t('deleteTitle')}
                    danger
                    buttonProps={{ size: 'small' }}
                  />
                </Space>
              ),
            },
          ]}
        />
      )}
      {brand && editing ? (
        <CannedForm
          brand={brand}
          reply={editing === 'new' ? null : editing}
          defaultLanguage={language ?? 'zh-CN'}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}

function CannedForm({
  brand,
  reply,
  defaultLanguage,
  onClose,
}: {
  brand: string;
  reply: AdminChatCannedReply | null;
  defaultLanguage: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation('service');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Draft>();
  const create = useEndpointMutation(adminChatCannedCreateEndpoint);
  const update = useEndpointMutation(adminChatCannedUpdateEndpoint);
  const done = {
    onSuccess: () => {
      void message.success(t('saved'));
      onClose();
    },
    onError: (error: Error) => void message.error(error.message),
  };
  const save = (values: Draft) => {
    if (reply) {
      update.mutate(
        {
          params: { id: reply.id },
          body: { title: values.title, body: values.body, sort: values.sort },
        },
        done,
      );
    } else {
      create.mutate({ body: { brand, ...values } }, done);
    }
  };
  return (
    <Modal
      open
      title={reply ? t('editCanned') : t('newCanned')}
      okText={t('common:save')}
      okButtonProps={{ loading: create.isPending || update.isPending }}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(save)}
    >
      <Form<Draft>
        form={form}
        layout="vertical"
        initialValues={
          reply
            ? { language: reply.language, title: reply.title, body: reply.body, sort: reply.sort }
            : { language: defaultLanguage, title: '', body: '', sort: 0 }
        }
      >
        <Form.Item name="language" label={t('language')} rules={[{ required: true }]}>
          <Select<Language>
            disabled={reply !== null}
            options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('cannedName')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={CHAT_CANNED_TITLE_MAX_CHARS} data-testid="canned-title" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('cannedBody')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea
            maxLength={CHAT_CANNED_BODY_MAX_CHARS}
            rows={5}
            data-testid="canned-body"
          />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')}>
          <InputNumber min={-1_000_000} max={1_000_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
