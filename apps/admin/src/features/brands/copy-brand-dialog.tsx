import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminCreateBrandEndpoint } from '@lobby/contracts';
import { useEndpointMutation } from '../../lib/api-context.tsx';

type Values = { from: string; code: string; siteName: string; hosts: string; reason?: string };

/**
 * "Copy brand": a new brand with the settings, theme, platform list and compliance profile of
 * `from`, its own code, name and hosts. The body is checked by the endpoint's own schema before
 * it is sent; the server's refusal (a code or host in use) shows in the dialog.
 */
export function CopyBrandDialog({
  from,
  brands,
  onClose,
}: {
  from: string;
  brands: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('brands');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const create = useEndpointMutation(adminCreateBrandEndpoint);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: Values) {
    setFailure(null);
    const body = {
      from: values.from,
      code: values.code,
      siteName: values.siteName,
      hosts: values.hosts
        .split(/\s+/)
        .map((host) => host.trim())
        .filter((host) => host !== ''),
      ...(values.reason ? { reason: values.reason } : {}),
    };
    const parsed = adminCreateBrandEndpoint.body.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]) as keyof Values,
          errors: [issue.message],
        })),
      );
      return;
    }
    try {
      const created = await create.mutateAsync({ body: parsed.data });
      void message.success(t('copyDialog.created', { code: created.brand }));
      onClose();
      void navigate(`/brands/${created.brand}`);
    } catch (error) {
      setFailure((error as Error).message);
    }
  }

  return (
    <Modal
      open
      title={t('copyDialog.title')}
      okText={t('copyDialog.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('copyDialog.intro')} style={{ marginBottom: 16 }} />
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="brand-copy-error"
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ from, code: '', siteName: '', hosts: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="from" label={t('copyDialog.from')} rules={[{ required: true }]}>
          <Select showSearch options={brands.map((code) => ({ value: code, label: code }))} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('copyDialog.code')}
          extra={t('copyDialog.codeHint')}
          rules={[{ required: true }]}
        >
          <Input data-testid="brand-copy-code" maxLength={16} />
        </Form.Item>
        <Form.Item name="siteName" label={t('copyDialog.siteName')} rules={[{ required: true }]}>
          <Input data-testid="brand-copy-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="hosts" label={t('copyDialog.hosts')} rules={[{ required: true }]}>
          <Input.TextArea data-testid="brand-copy-hosts" rows={3} />
        </Form.Item>
        <Form.Item name="reason" label={t('copyDialog.reason')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
