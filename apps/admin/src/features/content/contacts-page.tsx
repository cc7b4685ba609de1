import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Tooltip,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BRAND_CONTACTS_MAX,
  CONTACT_ACTIONS,
  adminBrandContactsEndpoint,
  adminSetBrandContactsEndpoint,
  type AdminBrandContacts,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { BrandChooser, PickBrand, useDefaultBrand } from './brand-picker.tsx';
import { issuesToFields } from './contacts-validation.ts';

type Entry = { deviceText: string; deviceNum: string; imageUrl: string; action: 1 | 2 };
type Values = { contacts: Entry[]; reason?: string };

/**
 * A brand's contact entries (the footer, the help centre and the registration's contact list):
 * add, reorder and remove them, checked with the API's own schema before saving; in force on
 * every node at once, and in the action log.
 */
export default function ContactsPage() {
  const { t } = useTranslation('content');
  const [search, setSearch] = useSearchParams();
  const brand = search.get('brand') ?? undefined;
  useDefaultBrand(brand, (code) => setSearch({ brand: code }, { replace: true }));
  const contacts = useEndpointQuery(
    adminBrandContactsEndpoint,
    { params: { code: brand ?? '' } },
    { enabled: !!brand },
  );
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('contacts.title')}
      </Typography.Title>
      <BrandChooser key={brand} brand={brand} onChoose={(code) => setSearch({ brand: code })} />
      {!brand ? (
        <PickBrand />
      ) : contacts.isError ? (
        <QueryError error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : contacts.data ? (
        // Keyed by the brand only: a save refreshes the list, and a remount would drop the save's
        // own success message (the form takes the saved list itself).
        <ContactsForm key={brand} data={contacts.data} />
      ) : null}
    </Flex>
  );
}

function ContactsForm({ data }: { data: AdminBrandContacts }) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useEndpointMutation(adminSetBrandContactsEndpoint);

  const submit = (values: Values) => {
    const body = {
      contacts: (values.contacts ?? []).map((entry) => ({
        deviceText: entry.deviceText ?? '',
        deviceNum: entry.deviceNum ?? '',
        imageUrl: entry.imageUrl ?? '',
        action: entry.action,
      })),
      ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
    };
    // The API's own rules first: the operator sees every problem on its field before sending.
    const checked = adminSetBrandContactsEndpoint.body.safeParse(body);
    if (!checked.success) {
      const { fields, general } = issuesToFields(checked.error.issues);
      form.setFields(
        fields.map((field) => ({ name: field.name, errors: [t(`contacts.rules.${field.rule}`)] })),
      );
      if (general.length > 0) void message.error(t(`contacts.rules.${general[0]}`));
      return;
    }
    save.mutate(
      { params: { code: data.brand }, body: checked.data },
      {
        onSuccess: (saved) => {
          form.setFieldsValue({ contacts: saved.contacts, reason: undefined });
          void message.success(t('contacts.saved'));
        },
        onError: (error: ApiError) => void message.error(error.message),
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      name="contacts"
      layout="vertical"
      onFinish={submit}
      initialValues={{ contacts: data.contacts }}
    >
      <Card
        size="small"
        title={t('contacts.listTitle', { brand: data.brand })}
        extra={
          <Typography.Text type="secondary">
            {t('contacts.revision', {
              revision: data.revision,
              at: formatDateTime(data.updatedAt),
            })}
          </Typography.Text>
        }
      >
        <Alert type="info" showIcon title={t('contacts.intro')} style={{ marginBottom: 16 }} />
        <Form.List name="contacts">
          {(fields, { add, remove, move }) => (
            <Flex vertical gap={12}>
              {fields.length === 0 ? <Empty description={t('contacts.empty')} /> : null}
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  type="inner"
                  data-testid={`contact-${index}`}
                  title={t('contacts.entry', { n: index + 1 })}
                  extra={
                    <Flex gap={4}>
                      <Tooltip title={t('contacts.up')}>
                        <Button
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('contacts.up')}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                          data-testid={`contact-up-${index}`}
                        />
                      </Tooltip>
                      <Tooltip title={t('contacts.down')}>
                        <Button
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('contacts.down')}
                          disabled={index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                          data-testid={`contact-down-${index}`}
                        />
                      </Tooltip>
                      <Tooltip title={t('contacts.remove')}>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('contacts.remove')}
                          onClick={() => remove(index)}
                          data-testid={`contact-remove-${index}`}
                        />
                      </Tooltip>
                    </Flex>
                  }
                >
                  <Row gutter={12}>
                    <Col xs={24} md={12} xl={5}>
                      <Form.Item name={[field.name, 'deviceText']} label={t('contacts.deviceText')}>
                        <Input maxLength={64} placeholder={t('contacts.deviceTextHint')} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12} xl={7}>
                      <Form.Item name={[field.name, 'deviceNum']} label={t('contacts.deviceNum')}>
                        <Input maxLength={128} placeholder={t('contacts.deviceNumHint')} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12} xl={7}>
                      <Form.Item name={[field.name, 'imageUrl']} label={t('contacts.imageUrl')}>
                        <Input maxLength={512} placeholder="/images/contact/chat.svg" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12} xl={5}>
                      <Form.Item name={[field.name, 'action']} label={t('contacts.action')}>
                        <Select
                          options={[
                            { value: CONTACT_ACTIONS.COPY, label: t('contacts.actions.copy') },
                            { value: CONTACT_ACTIONS.OPEN_NEW, label: t('contacts.actions.open') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= BRAND_CONTACTS_MAX}
                onClick={() =>
                  add({ deviceText: '', deviceNum: '', imageUrl: '', action: CONTACT_ACTIONS.COPY })
                }
                data-testid="contact-add"
              >
                {fields.length >= BRAND_CONTACTS_MAX
                  ? t('contacts.full', { max: BRAND_CONTACTS_MAX })
                  : t('contacts.add')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Card>
      <Card size="small" style={{ marginTop: 16 }}>
        <Flex gap={16} align="end" wrap>
          <Form.Item
            name="reason"
            label={t('common:reason')}
            style={{ flex: 1, minWidth: 240, margin: 0 }}
          >
            <Input maxLength={200} placeholder={t('common:reasonPlaceholder')} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            data-testid="contacts-save"
          >
            {t('common:save')}
          </Button>
        </Flex>
      </Card>
    </Form>
  );
}
