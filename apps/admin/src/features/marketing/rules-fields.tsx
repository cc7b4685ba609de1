import { Button, Col, Flex, Form, Input, InputNumber, Row, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PromotionKind } from '@lobby/contracts';
import { JSON_RULE_KINDS } from './promo-form.ts';

const wide = { style: { width: '100%' } };

/**
 * The rules of a promotion's kind as fields, named as the kind's schema names them
 * (`rules.tiers.0.percent`), so the schema's issues land on them; kinds with no rule fields get
 * a JSON editor the same schema checks.
 */
export function RulesFields({ kind }: { kind: PromotionKind }) {
  const { t } = useTranslation('marketing');
  if (JSON_RULE_KINDS.includes(kind)) {
    return (
      <Form.Item name="rulesJson" label={t('rules.json')} extra={t('rules.jsonHint')}>
        <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} data-testid="rules-json" />
      </Form.Item>
    );
  }
  if (kind === 'apply') {
    return (
      <Form.Item
        name={['rules', 'defaultRewardMinor']}
        label={t('rules.defaultRewardMinor')}
        extra={t('rules.minorHint')}
      >
        <InputNumber {...wide} precision={0} data-testid="rules-defaultRewardMinor" />
      </Form.Item>
    );
  }
  if (kind === 'sign_in') {
    return (
      <>
        <Form.Item label={t('rules.streakRewardsMinor')} extra={t('rules.streakHint')}>
          <Form.List name={['rules', 'streakRewardsMinor']}>
            {(fields, { add, remove }) => (
              <Flex gap={8} wrap align="start">
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={4} align="start">
                    <Form.Item name={field.name} noStyle={false} style={{ marginBottom: 0 }}>
                      <InputNumber
                        precision={0}
                        style={{ width: 110 }}
                        prefix={t('rules.day', { day: index + 1 })}
                        data-testid={`rules-streak-${index}`}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('remove')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add(0)}>
                  {t('rules.addDay')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name={['rules', 'resignCostMinor']}
              label={t('rules.resignCostMinor')}
              extra={t('rules.minorHint')}
            >
              <InputNumber {...wide} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['rules', 'resignDaysBack']} label={t('rules.resignDaysBack')}>
              <InputNumber {...wide} precision={0} />
            </Form.Item>
          </Col>
        </Row>
      </>
    );
  }
  // deposit_bonus
  return (
    <>
      <Form.Item label={t('rules.tiers')} extra={t('rules.minorHint')}>
        <Form.List name={['rules', 'tiers']}>
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} wrap align="start">
                  <Form.Item
                    name={[field.name, 'minDepositMinor']}
                    label={t('rules.minDepositMinor')}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber precision={0} data-testid={`rules-tier-${index}-min`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'percent']}
                    label={t('rules.percent')}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber precision={0} data-testid={`rules-tier-${index}-percent`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'maxBonusMinor']}
                    label={t('rules.maxBonusMinor')}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber precision={0} data-testid={`rules-tier-${index}-max`} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('remove')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => add({ minDepositMinor: 0, percent: 10, maxBonusMinor: 10_000 })}
              >
                {t('rules.addTier')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name={['rules', 'requiresJoin']}
            label={t('rules.requiresJoin')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['rules', 'claimWithinHours']} label={t('rules.claimWithinHours')}>
            <InputNumber {...wide} precision={0} data-testid="rules-claimWithinHours" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['rules', 'autoApprove']}
            label={t('rules.autoApprove')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
