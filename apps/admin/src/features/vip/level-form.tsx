import { useState } from 'react';
import {
  Alert,
  App,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Typography,
  type FormInstance,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminUpdateVipLevelEndpoint,
  VIP_REBATE_CATEGORIES,
  type AdminVipLevel,
} from '@lobby/contracts';
import { useApi } from '../../lib/api-context.tsx';
import type { AMOUNT_FIELDS } from './level-changes.ts';
import { changesNothing, levelChanges, type LevelValues as Values } from './level-changes.ts';
import { zodRule } from './vip-parts.tsx';

const shape = adminUpdateVipLevelEndpoint.body.shape;
/** One rate of the body's `rebateRatesBp` record, as the endpoint checks it. */
const RATE = shape.rebateRatesBp.unwrap().valueType;

/**
 * Edits one level. The values are checked field by field, and the whole change once more, by
 * the endpoint's own zod schema before it is sent; the server then checks what only it can
 * (the order of thresholds across levels, the currency's scale, the brand's maximum rate) and
 * its message shows here.
 */
export function LevelFormModal({
  brand,
  level,
  maxRebateRatePercent,
  onClose,
}: {
  brand: string;
  level: AdminVipLevel;
  maxRebateRatePercent: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('vip');
  const api = useApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = t('invalidValue');

  async function submit(values: Values) {
    setFailure(null);
    const body = levelChanges(brand, level, values);
    const checked = adminUpdateVipLevelEndpoint.body.safeParse(body);
    if (!checked.success) {
      (form as FormInstance).setFields(
        checked.error.issues.map((issue) => ({
          name: issue.path as (string | number)[],
          errors: [invalid],
        })),
      );
      return;
    }
    if (changesNothing(body)) {
      setFailure(t('nothingChanged'));
      return;
    }
    setBusy(true);
    try {
      await api.call(adminUpdateVipLevelEndpoint, { params: { level: level.level }, body });
      void message.success(t('saved', { level: level.level }));
      await queryClient.invalidateQueries();
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const amount = (name: (typeof AMOUNT_FIELDS)[number]) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={t(name)}
        rules={[
          { required: true, whitespace: true, message: invalid },
          zodRule(shape[name], invalid),
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open
      title={t('editTitle', { level: level.level })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'vip-level-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <Form<Values>
        form={form}
        name="vipLevel"
        layout="vertical"
        initialValues={{
          depositThreshold: level.depositThreshold,
          turnoverThreshold: level.turnoverThreshold,
          upgradeBonus: level.upgradeBonus,
          monthlyBonus: level.monthlyBonus,
          withdrawDailyMax: level.withdrawDailyMax,
          withdrawDailyCount: level.withdrawDailyCount,
          bonusTurnoverMultiplierPercent: level.bonusTurnoverMultiplierPercent,
          rebateRatesBp: Object.fromEntries(
            VIP_REBATE_CATEGORIES.map((category) => [
              String(category),
              level.rebateRatesBp[String(category)] ?? 0,
            ]),
          ),
        }}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={16}>
          {amount('depositThreshold')}
          {amount('turnoverThreshold')}
          {amount('upgradeBonus')}
          {amount('monthlyBonus')}
          {amount('withdrawDailyMax')}
          <Col xs={12} md={6}>
            <Form.Item
              name="withdrawDailyCount"
              label={t('withdrawDailyCount')}
              rules={[
                { required: true, message: invalid },
                zodRule(shape.withdrawDailyCount, invalid),
              ]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="bonusTurnoverMultiplierPercent"
              label={t('bonusTurnoverMultiplierPercent')}
              rules={[
                { required: true, message: invalid },
                zodRule(shape.bonusTurnoverMultiplierPercent, invalid),
              ]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('rebateRates')}
        </Divider>
        <Typography.Paragraph type="secondary">
          {t('rebateRatesHint', { max: maxRebateRatePercent })}
        </Typography.Paragraph>
        <Row gutter={16}>
          {VIP_REBATE_CATEGORIES.map((category) => (
            <Col xs={12} md={6} key={category}>
              <Form.Item
                name={['rebateRatesBp', String(category)]}
                label={t(`categories.${category}`)}
                rules={[{ required: true, message: invalid }, zodRule(RATE, invalid)]}
              >
                <InputNumber style={{ width: '100%' }} precision={0} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="reason" label={t('common:reason')}>
          <Input.TextArea rows={2} maxLength={200} placeholder={t('common:reasonPlaceholder')} />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
    </Modal>
  );
}
