import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PROMOTION_KINDS,
  adminCreatePromotionEndpoint,
  adminPromotionsEndpoint,
  adminUpdatePromotionEndpoint,
  type AdminPromotion,
  type Language,
  type PromotionKind,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { fromApiDateTime, toApiDateTime } from '../../lib/dates.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { LanguageTabs, MemberPreview, PickBrand, SchemaErrors, setFieldErrors } from './parts.tsx';
import {
  JSON_RULE_KINDS,
  checkRules,
  createPromotionBody,
  defaultRules,
  newPromotionValues,
  parseRulesJson,
  promotionValuesOf,
  updatePromotionBody,
  type FieldErrors,
  type PromotionValues,
} from './promo-form.ts';
import { RulesFields } from './rules-fields.tsx';
import { StatusActions, StatusTag } from './status-actions.tsx';

/** The form's values: PromotionValues with pickers for the dates and the JSON rules text. */
type FormValues = Omit<PromotionValues, 'startsAt' | 'endsAt'> & {
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
  rulesJson?: string;
};

function formValuesOf(values: PromotionValues): FormValues {
  return {
    ...values,
    startsAt: fromApiDateTime(values.startsAt),
    endsAt: fromApiDateTime(values.endsAt),
    rulesJson: JSON.stringify(values.rules, null, 2),
  };
}

/** The form's values as the mapping takes them; the JSON rules parsed (or their error). */
function promotionValuesFrom(form: FormValues): { values: PromotionValues; errors: FieldErrors } {
  const { rulesJson, startsAt, endsAt, ...rest } = form;
  let rules = form.rules ?? {};
  let errors: FieldErrors = [];
  if (JSON_RULE_KINDS.includes(form.kind)) {
    const parsed = parseRulesJson(rulesJson ?? '');
    if (parsed.ok) rules = parsed.value as Record<string, unknown>;
    else errors = parsed.errors;
  }
  return {
    values: {
      ...rest,
      rules,
      startsAt: toApiDateTime(startsAt),
      endsAt: toApiDateTime(endsAt) ?? null,
    },
    errors,
  };
}

/** The rules field names an error may sit on in the JSON editor: the editor itself. */
function onForm(kind: PromotionKind, errors: FieldErrors): FieldErrors {
  if (!JSON_RULE_KINDS.includes(kind)) return errors;
  return errors.map((field) =>
    field.name[0] === 'rules' ? { name: ['rulesJson'], errors: field.errors } : field,
  );
}

/**
 * Create (`/promotions/new?brand=`) or edit (`/promotions/:id?brand=`) a promotion: its kind's
 * rules checked live by the contract's schema for the kind, its texts per language with the
 * member site's card beside them, and the status actions.
 */
export default function PromotionEditPage() {
  const { t } = useTranslation('marketing');
  const { id } = useParams();
  const [search] = useSearchParams();
  const operator = useOperator();
  const brand =
    search.get('brand') || (operator.brands === 'all' ? '' : (operator.brands[0] ?? ''));
  const list = useEndpointQuery(
    adminPromotionsEndpoint,
    { query: { brand } },
    { enabled: !!brand && id !== undefined },
  );
  if (!brand) return <PickBrand />;
  if (id === undefined) {
    const kind = (PROMOTION_KINDS as readonly string[]).includes(search.get('kind') ?? '')
      ? (search.get('kind') as PromotionKind)
      : 'display';
    return <PromotionForm brand={brand} promotion={null} initialKind={kind} />;
  }
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Spin />;
  const promotion = list.data.find((row) => row.id === id);
  if (!promotion) return <Alert type="warning" showIcon title={t('notFound')} />;
  return <PromotionForm key={promotion.updatedAt} brand={brand} promotion={promotion} />;
}

function PromotionForm({
  brand,
  promotion,
  initialKind = 'display',
}: {
  brand: string;
  promotion: AdminPromotion | null;
  initialKind?: PromotionKind;
}) {
  const { t } = useTranslation('marketing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [initial] = useState(() =>
    formValuesOf(
      promotion ? promotionValuesOf(promotion) : newPromotionValues(initialKind, new Date()),
    ),
  );
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [language, setLanguage] = useState<Language>('zh-CN');
  const shown = useRef<FieldErrors>([]);
  const create = useEndpointMutation(adminCreatePromotionEndpoint);
  const update = useEndpointMutation(adminUpdatePromotionEndpoint);
  const kind = (Form.useWatch('kind', form) ?? initial.kind) as PromotionKind;
  const watched = Form.useWatch((values: FormValues) => values, { form, preserve: true }) as
    FormValues | undefined;

  /** Puts the schema's issues on their fields (and clears the ones fixed since). */
  function show(next: FieldErrors, scope: 'rules' | 'all') {
    const inScope = (field: FieldErrors[number]) =>
      scope === 'all' || field.name[0] === 'rules' || field.name[0] === 'rulesJson';
    const cleared = shown.current
      .filter(inScope)
      .filter(
        (old) => !next.some((field) => JSON.stringify(field.name) === JSON.stringify(old.name)),
      )
      .map((old) => ({ name: old.name, errors: [] }));
    setFieldErrors(form, [...cleared, ...next]);
    shown.current = [...shown.current.filter((field) => !inScope(field)), ...next];
    setErrors(shown.current);
  }

  /** The rules checked by the kind's schema as the operator types. */
  function checkLive() {
    const { values, errors: jsonErrors } = promotionValuesFrom(form.getFieldsValue(true));
    if (jsonErrors.length > 0) return show(jsonErrors, 'rules');
    const rules = checkRules(values.kind, values.rules);
    show(rules.ok ? [] : onForm(values.kind, rules.errors), 'rules');
  }

  function submit() {
    const { values, errors: jsonErrors } = promotionValuesFrom(form.getFieldsValue(true));
    if (jsonErrors.length > 0) return show(jsonErrors, 'all');
    const checked = promotion ? updatePromotionBody(values) : createPromotionBody(brand, values);
    if (!checked.ok) return show(onForm(values.kind, checked.errors), 'all');
    show([], 'all');
    const onError = (error: Error & { fields?: unknown }) => void message.error(error.message);
    if (promotion) {
      update.mutate(
        { params: { id: promotion.id }, body: checked.value },
        { onSuccess: () => void message.success(t('saved')), onError },
      );
    } else {
      create.mutate(
        { body: checked.value as Parameters<typeof create.mutate>[0]['body'] },
        {
          onSuccess: (created) => {
            void message.success(t('created'));
            void navigate(`/promotions/${created.id}?brand=${brand}`, { replace: true });
          },
          onError,
        },
      );
    }
  }

  const previewValues = watched ?? initial;
  const text = (field: 'title' | 'summary' | 'body') => previewValues[field]?.[language] ?? '';
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {promotion ? t('editTitle', { id: promotion.id }) : t('newPromotion')}
        </Typography.Title>
        <Flex gap={8} align="center" wrap>
          {promotion ? <StatusTag status={promotion.status} /> : null}
          {promotion ? <StatusActions promotion={promotion} /> : null}
          <Link to={`/promotions?brand=${brand}`}>{t('backToList')}</Link>
        </Flex>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <Card>
            <Form<FormValues>
              form={form}
              name="promotion"
              layout="vertical"
              initialValues={initial}
              onValuesChange={(changed: Partial<FormValues>) => {
                if (changed.kind) {
                  const rules = defaultRules(changed.kind);
                  form.setFieldValue('rules', rules);
                  form.setFieldValue('rulesJson', JSON.stringify(rules, null, 2));
                }
                checkLive();
              }}
              onFinish={submit}
            >
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="kind" label={t('kind')}>
                    <Select
                      disabled={promotion !== null}
                      data-testid="promotion-kind"
                      options={PROMOTION_KINDS.map((value) => ({
                        value,
                        label: t(`kinds.${value}`),
                      }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="category" label={t('category')} extra={t('categoryHint')}>
                    <Input data-testid="promotion-category" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="sort" label={t('sort')}>
                    <InputNumber style={{ width: '100%' }} precision={0} />
                  </Form.Item>
                </Col>
              </Row>
              <Divider titlePlacement="start">{t('texts')}</Divider>
              <LanguageTabs
                line="title"
                lineLabel={t('promoTitle')}
                second="summary"
                secondLabel={t('summary')}
                area="body"
                areaLabel={t('body')}
                areaHint={t('bodyHint')}
                activeKey={language}
                onTab={setLanguage}
              />
              <Form.Item name="imageUrl" label={t('imageUrl')} extra={t('imageHint')}>
                <Input data-testid="promotion-image" />
              </Form.Item>
              <Divider titlePlacement="start">{t('windowAndLimits')}</Divider>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="startsAt" label={t('startsAt')}>
                    <DatePicker showTime style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="endsAt" label={t('endsAt')} extra={t('endsAtHint')}>
                    <DatePicker showTime style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="budget" label={t('budget')} extra={t('budgetHint')}>
                    <Input placeholder="10000.00" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="perMemberLimit" label={t('perMemberLimit')}>
                    <InputNumber style={{ width: '100%' }} precision={0} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="turnoverMultiplierPercent"
                    label={t('turnoverMultiplierPercent')}
                  >
                    <InputNumber style={{ width: '100%' }} precision={0} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="newMembersWithinDays" label={t('newMembersWithinDays')}>
                    <InputNumber style={{ width: '100%' }} precision={0} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="minVipLevel" label={t('minVipLevel')}>
                    <InputNumber style={{ width: '100%' }} precision={0} />
                  </Form.Item>
                </Col>
              </Row>
              <Divider titlePlacement="start">{t('rules.title')}</Divider>
              <RulesFields kind={kind} />
              <Form.Item name="reason" label={t('common:reason')}>
                <Input.TextArea
                  rows={2}
                  maxLength={200}
                  placeholder={t('common:reasonPlaceholder')}
                />
              </Form.Item>
              <Flex vertical gap={12}>
                <SchemaErrors errors={errors} />
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={create.isPending || update.isPending}
                  data-testid="promotion-save"
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('common:save')}
                </Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card title={t('preview', { language: t(`languages.${language.replace('-', '')}`) })}>
            <Flex vertical gap={12}>
              <MemberPreview
                brand={brand}
                language={language}
                title={text('title')}
                summary={text('summary')}
                body={text('body')}
                imageUrl={previewValues.imageUrl ?? ''}
                startsAt={toApiDateTime(previewValues.startsAt)}
                endsAt={toApiDateTime(previewValues.endsAt) ?? null}
              />
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
