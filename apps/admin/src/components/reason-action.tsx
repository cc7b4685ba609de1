import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, Modal, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BodyOf, CallInput, Endpoint, ResponseOf } from '../lib/api-client.ts';
import { useApi } from '../lib/api-context.tsx';

/**
 * A button for an operator action that the action log records: it opens a modal that says what
 * will happen and asks for the reason (required unless `reason` says otherwise), calls the
 * endpoint with the reason in `reasonField` of the body, shows the server's message on a
 * failure (the modal stays open), and on success closes, says so and refreshes every query.
 */
export function ReasonAction<E extends Endpoint>({
  endpoint,
  params,
  body,
  reason = 'required',
  reasonField = 'reason',
  label,
  title,
  description,
  danger,
  buttonProps,
  successMessage,
  onDone,
}: {
  endpoint: E;
  params?: CallInput<E>['params'];
  /** The rest of the body; the reason is added to it. */
  body?: Partial<BodyOf<E>>;
  /** `required`, `optional`, or `none` for an action whose endpoint takes no reason. */
  reason?: 'required' | 'optional' | 'none';
  reasonField?: string;
  label: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  danger?: boolean;
  buttonProps?: ButtonProps;
  successMessage?: string;
  onDone?: (result: ResponseOf<E>) => void;
}) {
  const { t } = useTranslation('common');
  const api = useApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason?: string }>();

  function close() {
    setOpen(false);
    setFailure(null);
    form.resetFields();
  }

  async function submit(values: { reason?: string }) {
    setBusy(true);
    setFailure(null);
    try {
      const text = values.reason?.trim();
      const sent = {
        ...(body ?? {}),
        ...(reason !== 'none' && text ? { [reasonField]: text } : {}),
      } as BodyOf<E>;
      const result = await api.call(endpoint, {
        params,
        body: reason === 'none' && body === undefined ? undefined : sent,
      } as CallInput<E>);
      close();
      void message.success(successMessage ?? t('done'));
      await queryClient.invalidateQueries();
      onDone?.(result);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button danger={danger} {...buttonProps} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={t('confirm')}
        cancelText={t('cancel')}
        okButtonProps={{ danger, loading: busy }}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        {description ? <p>{description}</p> : null}
        <Form
          form={form}
          name="action"
          layout="vertical"
          onFinish={(values) => void submit(values)}
        >
          {reason === 'none' ? null : (
            <Form.Item
              name="reason"
              label={t(reasonField === 'note' ? 'note' : 'reason')}
              rules={
                reason === 'required'
                  ? [{ required: true, whitespace: true, message: t('reasonRequired') }]
                  : []
              }
            >
              <Input.TextArea rows={3} maxLength={200} placeholder={t('reasonPlaceholder')} />
            </Form.Item>
          )}
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Modal>
    </>
  );
}
