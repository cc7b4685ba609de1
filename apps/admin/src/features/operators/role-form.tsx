import { useState } from 'react';
import { Alert, App, Checkbox, Col, Form, Input, Modal, Row } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminSaveRoleEndpoint, type AdminRole, type Permission } from '@lobby/contracts';
import { useApi } from '../../lib/api-context.tsx';
import { permissionLabel } from './permission-label.ts';

type Values = { key: string; permissions: Permission[]; reason: string };

const ROLE_KEY = /^[a-z][a-z0-9_]{1,39}$/;

/** Creates a custom role (`role` absent) or replaces a custom role's permissions. */
export function RoleFormModal({
  role,
  permissions,
  open,
  onClose,
}: {
  role?: AdminRole;
  /** Every permission there is, in order. */
  permissions: readonly Permission[];
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('operators');
  const api = useApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setFailure(null);
    onClose();
  }

  async function submit(values: Values) {
    setBusy(true);
    setFailure(null);
    try {
      await api.call(adminSaveRoleEndpoint, {
        params: { key: role?.key ?? values.key },
        body: { permissions: values.permissions, reason: values.reason.trim() },
      });
      void message.success(t('roleSaved'));
      await queryClient.invalidateQueries();
      close();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={role ? t('editRoleTitle', { key: role.key }) : t('newRoleTitle')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        name="role"
        layout="vertical"
        initialValues={{ key: role?.key ?? '', permissions: role?.permissions ?? [] }}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        {role ? null : (
          <Form.Item
            name="key"
            label={t('roleKey')}
            rules={[{ required: true, pattern: ROLE_KEY, message: t('roleKeyRule') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="permissions"
          label={t('permission')}
          rules={[{ required: true, type: 'array', min: 1, message: t('permissionsRequired') }]}
        >
          <Checkbox.Group style={{ width: '100%' }}>
            <Row gutter={[8, 8]}>
              {permissions.map((permission) => (
                <Col span={12} key={permission}>
                  <Checkbox value={permission}>{permissionLabel(i18n, permission)}</Checkbox>
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('common:reason')}
          rules={[{ required: true, whitespace: true, message: t('common:reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={200} placeholder={t('common:reasonPlaceholder')} />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
    </Modal>
  );
}
