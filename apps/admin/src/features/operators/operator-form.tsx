import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminCreateOperatorEndpoint,
  adminRolesEndpoint,
  adminUpdateOperatorEndpoint,
  type AdminOperator,
} from '@lobby/contracts';
import { useApi, useEndpointQuery } from '../../lib/api-context.tsx';
import { roleLabel } from '../../lib/labels.ts';

type Values = {
  username?: string;
  password?: string;
  role: string;
  brandMode: 'all' | 'some';
  brands?: string[];
  ipAllowList?: string[];
  reason: string;
};

const USERNAME = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;

/**
 * Creates an operator (`operator` absent) or changes one's role, brands and address allow-list.
 * The reason goes into the action log; the server's message shows when it refuses.
 */
export function OperatorFormModal({
  operator,
  open,
  onClose,
}: {
  operator?: AdminOperator;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('operators');
  const api = useApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const roles = useEndpointQuery(adminRolesEndpoint, {}, { enabled: open });
  const [form] = Form.useForm<Values>();
  const brandMode = Form.useWatch('brandMode', form);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const initialValues: Partial<Values> = operator
    ? {
        role: operator.role,
        brandMode: operator.brands === 'all' ? 'all' : 'some',
        brands: operator.brands === 'all' ? [] : operator.brands,
        ipAllowList: operator.ipAllowList,
      }
    : { brandMode: 'some', brands: [], ipAllowList: [] };

  function close() {
    setFailure(null);
    form.resetFields();
    onClose();
  }

  async function submit(values: Values) {
    setBusy(true);
    setFailure(null);
    const brands = values.brandMode === 'all' ? ('all' as const) : (values.brands ?? []);
    const common = {
      role: values.role,
      brands,
      ipAllowList: values.ipAllowList ?? [],
      reason: values.reason.trim(),
    };
    try {
      if (operator) {
        await api.call(adminUpdateOperatorEndpoint, { params: { id: operator.id }, body: common });
        void message.success(t('saved'));
      } else {
        const created = await api.call(adminCreateOperatorEndpoint, {
          body: { ...common, username: values.username ?? '', password: values.password ?? '' },
        });
        void message.success(t('created', { username: created.username }));
      }
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
      title={operator ? t('editTitle', { username: operator.username }) : t('createTitle')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        name="operator"
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        {operator ? null : (
          <>
            <Form.Item
              name="username"
              label={t('username')}
              rules={[{ required: true, pattern: USERNAME, message: t('usernameRule') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('password')}
              extra={t('passwordHint')}
              rules={[{ required: true, min: 12, max: 128, message: t('passwordRule') }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="role"
          label={t('role')}
          rules={[{ required: true, message: t('roleRequired') }]}
        >
          <Select
            loading={roles.isPending}
            options={(roles.data?.roles ?? []).map((role) => ({
              value: role.key,
              label: `${roleLabel(i18n, role.key)}${role.builtIn ? '' : ` (${role.key})`}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="brandMode" label={t('brands')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('allBrands') },
              { value: 'some', label: t('someBrands') },
            ]}
          />
        </Form.Item>
        {brandMode === 'some' ? (
          <Form.Item
            name="brands"
            label={t('brandCodes')}
            extra={t('brandCodesHint')}
            normalize={(value: string[]) => value.map((code) => code.trim().toLowerCase())}
            rules={[{ required: true, type: 'array', min: 1, message: t('brandsRequired') }]}
          >
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} />
          </Form.Item>
        ) : null}
        <Form.Item name="ipAllowList" label={t('ipAllowList')} extra={t('ipAllowListHint')}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} />
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
