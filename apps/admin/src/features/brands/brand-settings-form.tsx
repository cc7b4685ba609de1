import { useMemo, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  ColorPicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminBrandSettingsEndpoint,
  adminSetBrandSettingsEndpoint,
  LANGUAGES,
  statisticsKindSchema,
  type AdminBrandSettings,
  type BrandTheme,
} from '@lobby/contracts';
import { endpointKey, useEndpointMutation } from '../../lib/api-context.tsx';
import { useCan } from '../../lib/operator-context.tsx';
import { fromFormValues, toFormValues, type BrandFormValues } from './brand-form.ts';
import { previewTheme, ThemePreview } from './theme-preview.tsx';

const THEME_COLOURS = [
  'primary',
  'onPrimary',
  'accent',
  'background',
  'surface',
  'text',
  'mutedText',
] as const satisfies readonly Exclude<keyof BrandTheme, 'mode'>[];

const REQUIREMENTS = ['off', 'optional', 'required'] as const;

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** A colour as #rrggbb: typed, or picked. */
function ColorInput({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <ColorPicker
        disabledAlpha
        value={value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : undefined}
        onChange={(color) => onChange?.(color.toHexString())}
      />
      <Input
        value={value}
        data-testid={testId}
        maxLength={7}
        onChange={(event) => onChange?.(event.target.value.trim())}
      />
    </Space.Compact>
  );
}

/**
 * The settings of a brand: every field checked by the contract's schema (the one the API uses)
 * before saving; the theme colours drawn live in a mock of the member site beside the form.
 */
export function BrandSettingsForm({ data }: { data: AdminBrandSettings }) {
  const { t } = useTranslation('brands');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<BrandFormValues>();
  const save = useEndpointMutation(adminSetBrandSettingsEndpoint);
  const mayCompliance = useCan('compliance.manage');
  const initialValues = useMemo(() => toFormValues(data.settings), [data.settings]);
  const watchedTheme = Form.useWatch('theme', form) as Partial<BrandTheme> | undefined;
  const watchedName = Form.useWatch('siteName', form) as string | undefined;
  const watchedTagline = Form.useWatch('tagline', form) as string | undefined;
  const watchedAvatar = Form.useWatch('avatarUrl', form) as string | undefined;
  const zones = useMemo(() => timeZones(), []);

  function submit(values: BrandFormValues) {
    const checked = fromFormValues(values, t('fields.byHostInvalid'));
    if (!checked.ok) {
      form.setFields(
        checked.errors.map((error) => ({ name: error.name as never, errors: [error.message] })),
      );
      void message.error(t('invalid'));
      return;
    }
    save.mutate(
      {
        params: { code: data.brand },
        body: {
          settings: checked.settings,
          revision: data.revision,
          ...(values.reason ? { reason: values.reason } : {}),
        },
      },
      {
        onSuccess: (next) => {
          client.setQueryData(
            endpointKey(adminBrandSettingsEndpoint, { params: { code: data.brand } }),
            next,
          );
          void message.success(t('saved'));
        },
        onError: (error) => void message.error(error.message),
      },
    );
  }

  const field = (
    name: (string | number)[] | string,
    label: string,
    input: ReactNode,
    extra: object = {},
  ) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item name={name} label={t(`fields.${label}`)} {...extra}>
        {input}
      </Form.Item>
    </Col>
  );
  const number = (name: string[], label: string, props: object = {}) =>
    field(name, label, <InputNumber style={{ width: '100%' }} precision={0} {...props} />);
  const toggle = (name: string[] | string, label: string) =>
    field(name, label, <Switch />, { valuePropName: 'checked' });

  return (
    <Row gutter={24}>
      <Col xs={24} xl={16}>
        <Card>
          <Form<BrandFormValues>
            form={form}
            layout="vertical"
            initialValues={initialValues}
            onFinish={submit}
            data-testid="brand-settings-form"
          >
            <Divider titlePlacement="start">{t('sections.general')}</Divider>
            <Row gutter={16}>
              {field(
                'siteName',
                'siteName',
                <Input maxLength={64} data-testid="brand-site-name" />,
              )}
              {field('tagline', 'tagline', <Input maxLength={128} />)}
              {field(
                'language',
                'language',
                <Select options={LANGUAGES.map((value) => ({ value, label: value }))} />,
              )}
              {field(
                ['settings', 'timeZone'],
                'timeZone',
                <Select showSearch options={zones.map((value) => ({ value, label: value }))} />,
              )}
              {toggle('enabled', 'enabled')}
            </Row>

            <Divider titlePlacement="start">{t('sections.theme')}</Divider>
            <Row gutter={16}>
              {field(
                ['theme', 'mode'],
                'mode',
                <Select
                  options={(['dark', 'light'] as const).map((value) => ({
                    value,
                    label: t(`fields.modes.${value}`),
                  }))}
                />,
              )}
              {THEME_COLOURS.map((colour) => (
                <Col xs={24} md={12} xl={8} key={colour}>
                  <Form.Item name={['theme', colour]} label={t(`fields.${colour}`)}>
                    <ColorInput testId={`brand-colour-${colour}`} />
                  </Form.Item>
                </Col>
              ))}
            </Row>

            <Divider titlePlacement="start">{t('sections.images')}</Divider>
            <Row gutter={16}>
              {field('avatarUrl', 'avatarUrl', <Input />, { extra: t('fields.imageHint') })}
              {field('currencyIconUrl', 'currencyIconUrl', <Input />, {
                extra: t('fields.imageHint'),
              })}
            </Row>

            <Divider titlePlacement="start">{t('sections.currency')}</Divider>
            <Row gutter={16}>
              {field('currencyCode', 'currencyCode', <Input maxLength={3} />)}
              {field('currencySymbol', 'currencySymbol', <Input maxLength={4} />)}
            </Row>

            <Divider titlePlacement="start">{t('sections.registration')}</Divider>
            <Row gutter={16}>
              {(['phone', 'email', 'inviteCode', 'realName'] as const).map((name) => (
                <Col xs={24} md={12} xl={8} key={name}>
                  <Form.Item name={['settings', 'registration', name]} label={t(`fields.${name}`)}>
                    <Select
                      options={REQUIREMENTS.map((value) => ({
                        value,
                        label: t(`fields.requirements.${value}`),
                      }))}
                    />
                  </Form.Item>
                </Col>
              ))}
              {toggle(['settings', 'registration', 'captcha'], 'captcha')}
            </Row>

            <Divider titlePlacement="start">{t('sections.cashier')}</Divider>
            <Row gutter={16}>
              {toggle(['settings', 'withdrawPasswordEnabled'], 'withdrawPasswordEnabled')}
              {number(
                ['settings', 'wallet', 'turnoverMultiplierPercent'],
                'turnoverMultiplierPercent',
                { min: 0 },
              )}
              {number(['settings', 'wallet', 'withdrawMinMinor'], 'withdrawMinMinor', { min: 1 })}
              {number(['settings', 'wallet', 'withdrawMaxMinor'], 'withdrawMaxMinor', { min: 1 })}
              {number(['settings', 'wallet', 'withdrawDailyCount'], 'withdrawDailyCount', {
                min: 1,
              })}
              {number(['settings', 'wallet', 'maxBankCards'], 'maxBankCards', { min: 0 })}
              {number(['settings', 'wallet', 'maxAlipayAccounts'], 'maxAlipayAccounts', { min: 0 })}
              {number(['settings', 'wallet', 'maxCoinAddresses'], 'maxCoinAddresses', { min: 0 })}
              {field(
                ['settings', 'maxRebateRatePercent'],
                'maxRebateRatePercent',
                <InputNumber style={{ width: '100%' }} min={0} max={100} />,
              )}
            </Row>

            <Divider titlePlacement="start">{t('sections.session')}</Divider>
            <Row gutter={16}>
              {number(['settings', 'sessionIdleMinutes'], 'sessionIdleMinutes', { min: 5 })}
              {number(['settings', 'loginLockAttempts'], 'loginLockAttempts', { min: 1 })}
              {number(['settings', 'loginLockWindowMinutes'], 'loginLockWindowMinutes', { min: 1 })}
              {toggle(['settings', 'mobileSite'], 'mobileSite')}
            </Row>

            <Divider titlePlacement="start">{t('sections.apps')}</Divider>
            <Row gutter={16}>
              {field(['settings', 'appDownload', 'ios'], 'ios', <Input />)}
              {field(['settings', 'appDownload', 'android'], 'android', <Input />)}
            </Row>

            <Divider titlePlacement="start">{t('sections.statistics')}</Divider>
            <Row gutter={16}>
              {field(['statistics', 'appKey'], 'appKey', <Input />)}
              {field(['statistics', 'name'], 'statisticsName', <Input />)}
              {field(
                ['statistics', 'source'],
                'source',
                <Select
                  options={(['config', 'api'] as const).map((value) => ({
                    value,
                    label: t(`fields.sources.${value}`),
                  }))}
                />,
              )}
            </Row>
            <Form.Item label={t('fields.scripts')}>
              <Form.List name={['statistics', 'default']}>
                {(fields, { add, remove }) => (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    {fields.map((item) => (
                      <Space.Compact key={item.key} style={{ width: '100%' }}>
                        <Form.Item name={[item.name, 'kind']} noStyle>
                          <Select
                            style={{ width: 100 }}
                            options={statisticsKindSchema.options.map((value) => ({
                              value,
                              label: value,
                            }))}
                          />
                        </Form.Item>
                        <Form.Item name={[item.name, 'url']} noStyle>
                          <Input placeholder={t('fields.url')} />
                        </Form.Item>
                        <Form.Item name={[item.name, 'platform_ck']} noStyle>
                          <Input placeholder={t('fields.ck')} style={{ width: 160 }} />
                        </Form.Item>
                        <Button icon={<DeleteOutlined />} onClick={() => remove(item.name)} />
                      </Space.Compact>
                    ))}
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({ kind: '51la', url: '', platform_ck: '' })}
                    >
                      {t('fields.addScript')}
                    </Button>
                  </Space>
                )}
              </Form.List>
            </Form.Item>
            <Form.Item name={['statistics', 'byHost']} label={t('fields.byHost')}>
              <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
            </Form.Item>

            <Divider titlePlacement="start">{t('sections.elsewhere')}</Divider>
            {mayCompliance ? (
              <p>
                <Link to={`/compliance?brand=${data.brand}`}>{t('elsewhere.compliance')}</Link>
              </p>
            ) : null}

            <Form.Item name="reason" label={t('fields.reason')}>
              <Input.TextArea rows={2} maxLength={200} data-testid="brand-reason" />
            </Form.Item>
            {save.isError ? (
              <Alert
                type="error"
                showIcon
                title={save.error.message}
                style={{ marginBottom: 16 }}
              />
            ) : null}
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="brand-save"
            >
              {t('save')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <div style={{ position: 'sticky', top: 16 }}>
          <ThemePreview
            theme={previewTheme(watchedTheme, data.settings.theme)}
            siteName={watchedName ?? data.settings.siteName}
            tagline={watchedTagline ?? data.settings.tagline}
            avatarUrl={watchedAvatar ?? data.settings.avatarUrl}
            rebateRate={data.settings.settings.maxRebateRatePercent}
          />
        </div>
      </Col>
    </Row>
  );
}
