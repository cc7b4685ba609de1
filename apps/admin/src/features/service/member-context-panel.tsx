import { Card, Descriptions, Empty, Flex, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminChatContextEndpoint } from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';

/**
 * The member beside the conversation: profile (masked as the member sees it), balance, the
 * latest deposits and withdrawals and the feedback tickets still open; a guest has none.
 */
export function MemberContextPanel({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('service');
  const context = useEndpointQuery(adminChatContextEndpoint, { params: { id: conversationId } });
  const member = context.data?.member;
  return (
    <Card
      size="small"
      title={t('context')}
      data-testid="chat-context"
      loading={context.isLoading}
      style={{ width: 320, flexShrink: 0, overflow: 'auto' }}
      extra={member ? <Link to={`/members/${member.id}`}>{t('openMember')}</Link> : null}
    >
      {context.error ? (
        <QueryError error={context.error} onRetry={() => void context.refetch()} />
      ) : !member ? (
        <Empty description={t('contextGuest')} />
      ) : (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('username')}>
              <span data-testid="chat-context-username">{member.profile.username}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('vipLevel')}>{member.profile.vipLevel}</Descriptions.Item>
            <Descriptions.Item label={t('realName')}>
              {member.profile.realName ?? t('noRows')}
            </Descriptions.Item>
            <Descriptions.Item label={t('phone')}>
              {member.profile.phone ?? t('noRows')}
            </Descriptions.Item>
            <Descriptions.Item label={t('registeredAt')}>
              {formatDateTime(member.profile.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('lastLoginAt')}>
              {formatDateTime(member.profile.lastLoginAt)}
            </Descriptions.Item>
          </Descriptions>
          <Descriptions size="small" column={1} bordered title={t('balance')}>
            <Descriptions.Item label={t('wallet')}>
              <span data-testid="chat-context-balance">
                {formatMoney(member.balance.balance, member.balance.currency)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('locked')}>
              {formatMoney(member.balance.locked, member.balance.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('platforms')}>
              {formatMoney(member.balance.platforms, member.balance.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('total')}>
              {formatMoney(member.balance.total, member.balance.currency)}
            </Descriptions.Item>
          </Descriptions>
          <Section title={t('deposits')}>
            <List
              size="small"
              dataSource={member.deposits}
              locale={{ emptyText: t('noRows') }}
              renderItem={(order) => (
                <List.Item>
                  <Flex justify="space-between" style={{ width: '100%' }} gap={8}>
                    <span>{formatMoney(order.amount, order.currency)}</span>
                    <Tag>{t(`orderStatus.${order.status}`)}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(order.createdAt)}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Section>
          <Section title={t('withdrawals')}>
            <List
              size="small"
              dataSource={member.withdrawals}
              locale={{ emptyText: t('noRows') }}
              renderItem={(order) => (
                <List.Item>
                  <Flex justify="space-between" style={{ width: '100%' }} gap={8}>
                    <span>{formatMoney(order.amount, order.currency)}</span>
                    <Tag>{t(`orderStatus.${order.status}`)}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(order.createdAt)}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Section>
          <Section title={t('tickets')}>
            <List
              size="small"
              dataSource={member.openTickets}
              locale={{ emptyText: t('noRows') }}
              renderItem={(ticket) => (
                <List.Item>
                  <Flex vertical style={{ width: '100%' }}>
                    <Flex justify="space-between" gap={8}>
                      <span>{ticket.categoryName}</span>
                      <Tag>{t(`ticketStatus.${ticket.status}`)}</Tag>
                    </Flex>
                    <Typography.Text type="secondary" ellipsis>
                      {ticket.content}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Section>
        </Flex>
      )}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </div>
  );
}
