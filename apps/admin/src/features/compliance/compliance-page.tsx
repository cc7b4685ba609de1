import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  adminBrandComplianceEndpoint,
  adminSetBrandComplianceEndpoint,
  COMPLIANCE_PROFILES,
  DEPOSIT_LIMIT_PROMPTS,
  PROFILE_DEFINITIONS,
  type AdminBrandCompliance,
  type ComplianceOverrides,
  type ComplianceProfile,
  type ComplianceSettings,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { endpointKey, useApi } from '../../lib/api-context.tsx';

type Values = ComplianceSettings & { profile: ComplianceProfile; reason?: string };

/** The overrides: each setting that differs from the profile's default (fixed ones left out). */
function overridesOf(values: ComplianceSettings, defaults: ComplianceSettings, fixed: string[]) {
  const overrides: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values) as [keyof ComplianceSettings, unknown][]) {
    if (fixed.includes(key)) continue;
    const base = defaults[key];
    if (typeof value === 'object' && value !== null && typeof base === 'object' && base !== null) {
      const nested = Object.fromEntries(
        Object.entries(value).filter(
          ([inner, innerValue]) =>
            JSON.stringify(innerValue) !== JSON.stringify((base as Record<string, unknown>)[inner]),
        ),
      );
      if (Object.keys(nested).length > 0) overrides[key] = nested;
    } else if (value !== base) {
      overrides[key] = value;
    }
  }
  return overrides as ComplianceOverrides;
}

/**
 * A brand's compliance profile (`compliance.manage`): the profile, the numbers it leaves open
 * (its mandatory parts locked), saved with a reason into the action log and in force at once.
 */
export default function CompliancePage() {
  const { t } = useTranslation('compliance');
  const [search, setSearch] = useSearchParams();
  const brand = search.get('brand') ?? '';
  const [typed, setTyped] = useState<string | undefined>(brand || undefined);
  const api = useApi();
  const query = useQuery({
    queryKey: endpointKey(adminBrandComplianceEndpoint, { params: { code: brand } }),
    queryFn: ({ signal }) =>
      api.call(adminBrandComplianceEndpoint, { params: { code: brand }, signal }),
    enabled: brand !== '',
  });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Space>
        <span>{t('brand')}</span>
        <BrandField value={typed} onChange={setTyped} />
        <Button
          type="primary"
          disabled={!typed}
          onClick={() => typed && setSearch({ brand: typed })}
        >
          {t('load')}
        </Button>
      </Space>
      {brand === '' ? (
        <Alert type="info" showIcon title={t('pickBrand')} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ComplianceForm key={`${brand}:${query.data.revision}`} data={query.data} />
      ) : null}
    </Space>
  );
}

function ComplianceForm({ data }: { data: AdminBrandCompliance }) {
  const { t } = useTranslation('compliance');
  const api = useApi();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const profile = Form.useWatch('profile', form) ?? data.profile;
  const fixed = fixedOf(profile);
  const save = useMutation({
    mutationFn: (values: Values) => {
      const { profile: chosen, reason, ...settings } = values;
      return api.call(adminSetBrandComplianceEndpoint, {
        params: { code: data.brand },
        body: {
          profile: chosen,
          overrides: overridesOf(settings, data.profiles[chosen], fixedOf(chosen)),
          reason: reason ?? '',
        },
      });
    },
    onSuccess: (next) => {
      client.setQueryData(
        endpointKey(adminBrandComplianceEndpoint, { params: { code: data.brand } }),
        next,
      );
      void message.success(t('saved'));
    },
    onError: (error) => void message.error(error.message),
  });
  const locked = (name: string) => fixed.includes(name);
  const number = (name: string | string[], label: string, extra: object = {}) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item name={name} label={t(`fields.${label}`)} rules={[{ required: true }]}>
        <InputNumber style={{ width: '100%' }} min={0} precision={0} {...extra} />
      </Form.Item>
    </Col>
  );
  return (
    <Card
      extra={
        <Typography.Text type="secondary">
          {t('revision', { revision: data.revision })}
        </Typography.Text>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ ...data.effective, profile: data.profile }}
        onValuesChange={(changed: Partial<Values>) => {
          // A new profile starts from its own defaults.
          if (changed.profile) form.setFieldsValue(data.profiles[changed.profile]);
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="profile" label={t('profile')}>
          <Select
            style={{ maxWidth: 360 }}
            options={COMPLIANCE_PROFILES.map((value) => ({
              value,
              label: t(`profiles.${value}`),
            }))}
          />
        </Form.Item>
        {fixed.length > 0 ? <Alert type="info" showIcon title={t('fixedHint')} /> : null}
        <Divider titlePlacement="start">{t('sections.member')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="depositLimitPrompt" label={t('fields.depositLimitPrompt')}>
              <Select
                disabled={locked('depositLimitPrompt')}
                options={DEPOSIT_LIMIT_PROMPTS.map((value) => ({
                  value,
                  label: t(`prompts.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="kycBeforeFirstDeposit"
              label={t('fields.kycBeforeFirstDeposit')}
              valuePropName="checked"
            >
              <Switch disabled={locked('kycBeforeFirstDeposit')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="dateOfBirthRequired"
              label={t('fields.dateOfBirthRequired')}
              valuePropName="checked"
            >
              <Switch disabled={locked('dateOfBirthRequired')} />
            </Form.Item>
          </Col>
          {number('minimumAge', 'minimumAge', { min: 18, max: 21 })}
          {number('realityCheckDefaultMinutes', 'realityCheckDefaultMinutes', { max: 240 })}
          {number('timeOutMinimumHours', 'timeOutMinimumHours', { min: 24, max: 1008 })}
          {number('selfExclusionMinimumMonths', 'selfExclusionMinimumMonths', { min: 6, max: 60 })}
          {number('largeWinEurCents', 'largeWinEurCents')}
        </Row>
        <Divider titlePlacement="start">{t('sections.money')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="eurRate" label={t('fields.eurRate')} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="eurRateRecordedOn"
              label={t('fields.eurRateRecordedOn')}
              rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}
            >
              <Input placeholder="YYYY-MM-DD" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('sections.kyc')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name={['kyc', 'withdrawalAboveEurCents']}
              label={t('fields.withdrawalAboveEurCents')}
            >
              <InputNumber style={{ width: '100%' }} min={0} precision={0} />
            </Form.Item>
          </Col>
          {number(['kyc', 'cumulativeDepositsEurCents'], 'cumulativeDepositsEurCents')}
        </Row>
        <Divider titlePlacement="start">{t('sections.risk')}</Divider>
        <Row gutter={16}>
          {number(['risk', 'failedDeposits', 'count'], 'failedDepositsCount', { min: 2 })}
          {number(['risk', 'failedDeposits', 'windowMinutes'], 'failedDepositsWindowMinutes', {
            min: 1,
          })}
          {number(['risk', 'failedDeposits', 'blockMinutes'], 'failedDepositsBlockMinutes', {
            min: 1,
          })}
          {number(['risk', 'lowWagerWithdrawalPercent'], 'lowWagerWithdrawalPercent')}
          {number(['risk', 'payoutAccounts', 'count'], 'payoutAccountsCount', { min: 2 })}
          {number(['risk', 'payoutAccounts', 'windowHours'], 'payoutAccountsWindowHours', {
            min: 1,
          })}
          {number(['risk', 'sharedIdentifierMembers'], 'sharedIdentifierMembers', { min: 2 })}
          {number(['risk', 'cumulativeDepositsEurCents'], 'riskCumulativeDepositsEurCents')}
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name={['risk', 'holdWithdrawals']}
              label={t('fields.holdWithdrawals')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}

/** The parts a profile makes mandatory (the contract's definitions). */
function fixedOf(profile: ComplianceProfile): string[] {
  return Object.keys(PROFILE_DEFINITIONS[profile].fixed);
}
