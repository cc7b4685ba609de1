import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Space,
  Typography,
  type FormInstance,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AGENT_TIERS_MAX,
  adminAgentTierInputSchema,
  adminAgentTiersEndpoint,
  adminReplaceAgentTiersEndpoint,
} from '@lobby/contracts';
import { ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useApi, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { AgentsTabs, BrandBar, percentOfBp, useDefaultBrand, zodRule } from './agents-parts.tsx';

type Tiers = ResponseOf<typeof adminAgentTiersEndpoint>;
type TierValues = { minActiveMembers: number; minNetRevenue: string; shareBp: number };
type Values = { tiers: TierValues[] };

/** A brand's commission tier table, replaced as a whole (checked by the API's own schema). */
export default function AgentTiersPage() {
  const { t } = useTranslation('agents');
  const [filters, setFilters] = useUrlFilters(adminAgentTiersEndpoint.query);
  const brand = useDefaultBrand(filters.brand);
  const tiers = useEndpointQuery(
    adminAgentTiersEndpoint,
    { query: { brand: brand ?? '' } },
    { enabled: brand !== undefined },
  );
  return (
    <ListPage
      title={t('title')}
      tabs={<AgentsTabs brand={brand} />}
      filters={
        <BrandBar key={brand} brand={brand} onLoad={(code) => setFilters({ brand: code })} />
      }
    >
      {brand === undefined ? (
        <Alert type="info" showIcon title={t('pickBrand')} />
      ) : tiers.isError ? (
        <QueryError error={tiers.error} onRetry={() => void tiers.refetch()} />
      ) : tiers.data ? (
        <TiersForm key={`${tiers.data.brand}:${tiers.dataUpdatedAt}`} data={tiers.data} />
      ) : null}
    </ListPage>
  );
}

function TiersForm({ data }: { data: Tiers }) {
  const { t } = useTranslation('agents');
  const api = useApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = t('invalidValue');
  const shape = adminAgentTierInputSchema.shape;
  const latest = [...data.tiers].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];

  async function submit(values: Values) {
    setFailure(null);
    const body = {
      brand: data.brand,
      tiers: values.tiers.map((tier) => ({ ...tier, minNetRevenue: tier.minNetRevenue.trim() })),
    };
    const checked = adminReplaceAgentTiersEndpoint.body.safeParse(body);
    if (!checked.success) {
      const fieldIssues = checked.error.issues.filter((issue) => issue.path.length > 2);
      if (fieldIssues.length > 0) {
        (form as FormInstance).setFields(
          fieldIssues.map((issue) => ({
            name: issue.path as (string | number)[],
            errors: [invalid],
          })),
        );
      } else {
        setFailure(t('tiersCount', { max: AGENT_TIERS_MAX }));
      }
      return;
    }
    setBusy(true);
    try {
      await api.call(adminReplaceAgentTiersEndpoint, { body: checked.data });
      void message.success(t('tiersSaved'));
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      size="small"
      title={t('currency', { currency: data.currency })}
      extra={
        latest ? (
          <Typography.Text type="secondary">
            {t('lastChange', { at: formatDateTime(latest.updatedAt), by: latest.updatedBy ?? '' })}
          </Typography.Text>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('tiersIntro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="tiers"
        layout="vertical"
        initialValues={{
          tiers: data.tiers.map(({ minActiveMembers, minNetRevenue, shareBp }) => ({
            minActiveMembers,
            minNetRevenue,
            shareBp,
          })),
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap data-testid={`tier-${index}`}>
                  <Form.Item
                    name={[field.name, 'minActiveMembers']}
                    label={t('minActiveMembers')}
                    rules={[
                      { required: true, message: invalid },
                      zodRule(shape.minActiveMembers, invalid),
                    ]}
                  >
                    <InputNumber precision={0} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'minNetRevenue']}
                    label={t('minNetRevenue')}
                    rules={[
                      { required: true, whitespace: true, message: invalid },
                      zodRule(shape.minNetRevenue, invalid),
                    ]}
                  >
                    <Input inputMode="decimal" style={{ width: 180 }} suffix={data.currency} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'shareBp']}
                    label={t('shareBp')}
                    extra={<ShareHint name={field.name} />}
                    rules={[{ required: true, message: invalid }, zodRule(shape.shareBp, invalid)]}
                  >
                    <InputNumber precision={0} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button
                      icon={<DeleteOutlined />}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    >
                      {t('removeTier')}
                    </Button>
                  </Form.Item>
                </Space>
              ))}
              <Space>
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= AGENT_TIERS_MAX}
                  onClick={() => add({ minActiveMembers: 0, minNetRevenue: '0', shareBp: 0 })}
                >
                  {t('addTier')}
                </Button>
                <Button type="primary" htmlType="submit" loading={busy} data-testid="tiers-save">
                  {t('saveTiers')}
                </Button>
              </Space>
            </Flex>
          )}
        </Form.List>
      </Form>
      {failure ? (
        <Alert type="error" showIcon title={failure} role="alert" style={{ marginTop: 12 }} />
      ) : null}
    </Card>
  );
}

/** The share of a tier as a percentage, under its basis points. */
function ShareHint({ name }: { name: number }) {
  const { t } = useTranslation('agents');
  const value = Form.useWatch(['tiers', name, 'shareBp']) as unknown;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? `${t('sharePercent')} ${percentOfBp(value)}`
    : t('shareBpHint');
}
