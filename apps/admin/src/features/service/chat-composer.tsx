/**
 * A conversation's parts: a message bubble, the reply box (text, image, canned replies) and
 * transfer to another operator.
 */
import { useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Flex, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { PictureOutlined, SendOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  adminChatCannedRepliesEndpoint,
  adminChatImageEndpoint,
  adminChatOperatorsEndpoint,
  adminChatSendEndpoint,
  adminChatTransferEndpoint,
  type ChatMessage,
  type Language,
} from '@lobby/contracts';
import { useApi, useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useOperator } from '../../lib/operator-context.tsx';

function clientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `op${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function Bubble({ message: row }: { message: ChatMessage }) {
  const { t } = useTranslation('service');
  if (row.sender === 'system') {
    return (
      <div data-testid="chat-system-line" style={{ textAlign: 'center', margin: '8px 0' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`system.${row.body}`, { name: row.operatorName ?? '' })} ·{' '}
          {formatDateTime(row.createdAt)}
        </Typography.Text>
      </div>
    );
  }
  const ours = row.sender === 'operator';
  return (
    <Flex justify={ours ? 'flex-end' : 'flex-start'} style={{ margin: '6px 0' }}>
      <div
        data-testid={ours ? 'chat-operator-message' : 'chat-visitor-message'}
        style={{
          maxWidth: '70%',
          padding: '6px 10px',
          borderRadius: 8,
          background: ours ? '#1677ff' : '#f0f0f0',
          color: ours ? '#fff' : 'inherit',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {row.image ? (
          <a href={row.image.url} target="_blank" rel="noreferrer">
            <img
              src={row.image.url}
              alt={t('image')}
              style={{ maxWidth: 220, maxHeight: 220, display: 'block', borderRadius: 4 }}
            />
          </a>
        ) : null}
        {row.body ? <span className="chat-bubble-text">{row.body}</span> : null}
        <div style={{ fontSize: 11, opacity: 0.7, marginTop: 2 }}>
          {ours && row.operatorName ? `${row.operatorName} · ` : ''}
          {formatDateTime(row.createdAt)}
        </div>
      </div>
    </Flex>
  );
}

export function Composer({ id, brand }: { id: string; brand: string }) {
  const { t, i18n } = useTranslation('service');
  const { message } = AntApp.useApp();
  const api = useApi();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>(
    (LANGUAGES as readonly string[]).includes(i18n.language)
      ? (i18n.language as Language)
      : 'zh-CN',
  );
  const [uploading, setUploading] = useState(false);
  const send = useEndpointMutation(adminChatSendEndpoint);
  const canned = useEndpointQuery(adminChatCannedRepliesEndpoint, { query: { brand, language } });

  const submit = () => {
    const body = text.trim();
    if (!body || send.isPending) return;
    send.mutate(
      { params: { id }, body: { body, clientMessageId: clientMessageId() } },
      {
        onSuccess: () => setText(''),
        onError: (error) => void message.error(error.message),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const sendImage = async (file: File) => {
    const form = new FormData();
    form.append('clientMessageId', clientMessageId());
    form.append('file', file);
    setUploading(true);
    try {
      await api.upload(adminChatImageEndpoint, { params: { id }, form });
      void message.success(t('imageSent'));
      void queryClient.invalidateQueries();
    } catch (error) {
      void message.error((error as ApiError).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex vertical gap={8} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
      <Flex gap={8} wrap>
        <Select<Language>
          size="small"
          aria-label={t('cannedLanguage')}
          value={language}
          onChange={setLanguage}
          style={{ width: 120 }}
          options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
        <Select<string>
          size="small"
          data-testid="chat-canned"
          showSearch
          optionFilterProp="label"
          placeholder={t('cannedPlaceholder')}
          value={null}
          style={{ minWidth: 240, flex: 1 }}
          loading={canned.isLoading}
          onChange={(replyId) => {
            const reply = canned.data?.find((row) => row.id === replyId);
            if (reply) setText(reply.body);
          }}
          options={(canned.data ?? []).map((row) => ({ value: row.id, label: row.title }))}
        />
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            void sendImage(file);
            return false;
          }}
        >
          <Button size="small" icon={<PictureOutlined />} loading={uploading}>
            {t('image')}
          </Button>
        </Upload>
      </Flex>
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          data-testid="chat-reply"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('replyPlaceholder')}
          rows={3}
          maxLength={1000}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          data-testid="chat-send"
          loading={send.isPending}
          disabled={!text.trim()}
          onClick={submit}
        >
          {t('send')}
        </Button>
      </Flex>
    </Flex>
  );
}

export function TransferButton({
  id,
  brand,
  onDone,
}: {
  id: string;
  brand: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('service');
  const operator = useOperator();
  const { message } = AntApp.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ operatorId: string; reason?: string }>();
  const targets = useEndpointQuery(
    adminChatOperatorsEndpoint,
    { query: { brand } },
    { enabled: open },
  );
  const transfer = useEndpointMutation(adminChatTransferEndpoint);
  return (
    <>
      <Button icon={<SwapOutlined />} data-testid="chat-transfer" onClick={() => setOpen(true)}>
        {t('transfer')}
      </Button>
      <Modal
        open={open}
        title={t('transferTitle')}
        okButtonProps={{ loading: transfer.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() => {
          void form.validateFields().then((values) =>
            transfer.mutate(
              { params: { id }, body: values },
              {
                onSuccess: () => {
                  void message.success(t('transferred'));
                  setOpen(false);
                  onDone();
                },
                onError: (error) => void message.error(error.message),
              },
            ),
          );
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="operatorId" label={t('transferTo')} rules={[{ required: true }]}>
            <Select<string>
              loading={targets.isLoading}
              options={(targets.data ?? [])
                .filter((row) => row.username !== operator.username)
                .map((row) => ({ value: row.id, label: row.username }))}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('common:reason')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
