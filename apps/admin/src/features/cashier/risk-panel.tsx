import { Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WithdrawalRisk } from '@lobby/contracts';
import { labelOf } from '../../lib/labels.ts';
import { explainRisk, RISK_COLOURS, RISK_LEVELS, type RiskExplanation } from './cashier-logic.ts';

/** A raised signal in its level's colour (cashier-logic RISK_LEVELS), else clear or unknown. */
function stateColour(line: RiskExplanation): string {
  if (line.state === 'raised') return RISK_COLOURS[RISK_LEVELS[line.flag]];
  return line.state === 'clear' ? 'green' : 'default';
}

/**
 * A withdrawal's risk signals, each explained by the figures the server measured (first
 * withdrawal, payout account age, deposits against valid bets, large wins, linked accounts,
 * login address and device at the deposit and at the request).
 */
export function RiskPanel({ risk, currency }: { risk: WithdrawalRisk; currency: string }) {
  const { t, i18n } = useTranslation('cashier');
  const lines = explainRisk(risk, currency);
  const raised = lines.filter((line) => line.state === 'raised').length;
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <span>{t('riskSection')}</span>
          <Tag color={raised > 0 ? 'red' : 'green'}>{raised}</Tag>
        </Flex>
      }
      data-testid="risk-panel"
    >
      <List<RiskExplanation>
        size="small"
        dataSource={lines}
        renderItem={(line) => (
          <List.Item data-testid="risk-line" data-flag={line.flag} data-state={line.state}>
            <Flex gap={12} align="flex-start" style={{ width: '100%' }}>
              <Tag
                color={stateColour(line)}
                style={{ minWidth: 76, textAlign: 'center', marginInlineEnd: 0 }}
              >
                {t(`riskStates.${line.state}`)}
              </Tag>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text strong>
                  {labelOf(i18n, `cashier:riskFlags.${line.flag}`, line.flag)}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t(`riskExplain.${line.flag}.${line.text}`, line.values)}
                </Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
