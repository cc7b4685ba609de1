import type { ReactNode } from 'react';
import { Badge, Card, Col, Descriptions, Flex, Row, Statistic, Tag, Typography } from 'antd';
import {
  AuditOutlined,
  CheckSquareOutlined,
  SearchOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminApprovalsEndpoint, type Permission } from '@lobby/contracts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { roleLabel } from '../../lib/labels.ts';
import { holdsPermission, useOperator } from '../../lib/operator-context.tsx';

function PendingApprovals() {
  const { t } = useTranslation('home');
  // One row is enough: the list's total is the count.
  const pending = useEndpointQuery(adminApprovalsEndpoint, {
    query: { status: 'pending', pageSize: 1 },
  });
  return (
    <Statistic
      value={pending.data?.total ?? '-'}
      loading={pending.isPending}
      suffix={<Typography.Text type="secondary">{t('waiting')}</Typography.Text>}
    />
  );
}

type Shortcut = {
  permission: Permission;
  to: string;
  icon: ReactNode;
  title: string;
  body: ReactNode;
};

/** After login: who the operator is, and the queues and screens their role opens. */
export default function HomePage() {
  const { t, i18n } = useTranslation('home');
  const operator = useOperator();
  const shortcuts: Shortcut[] = [
    {
      permission: 'approvals.decide',
      to: '/approvals',
      icon: <CheckSquareOutlined />,
      title: t('pendingApprovals'),
      body: <PendingApprovals />,
    },
    {
      permission: 'members.read',
      to: '/members',
      icon: <SearchOutlined />,
      title: t('memberSearch'),
      body: <Typography.Text type="secondary">{t('memberSearchHint')}</Typography.Text>,
    },
    {
      permission: 'operators.manage',
      to: '/operators',
      icon: <TeamOutlined />,
      title: t('operators'),
      body: <Typography.Text type="secondary">{t('operatorsHint')}</Typography.Text>,
    },
    {
      permission: 'audit.read',
      to: '/actions',
      icon: <AuditOutlined />,
      title: t('actionLog'),
      body: <Typography.Text type="secondary">{t('actionLogHint')}</Typography.Text>,
    },
  ];
  const allowed = shortcuts.filter((shortcut) => holdsPermission(operator, shortcut.permission));

  return (
    <Flex vertical gap={24}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('welcome', { username: operator.username })}
      </Typography.Title>
      <Card>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t('role')}>
            <Tag color="blue">{roleLabel(i18n, operator.role)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('brands')}>
            {operator.brands === 'all' ? (
              <Tag color="gold">{t('allBrands')}</Tag>
            ) : (
              operator.brands.map((brand) => <Tag key={brand}>{brand}</Tag>)
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('totp')}>
            <Badge
              status={operator.totpEnabled ? 'success' : 'default'}
              text={operator.totpEnabled ? t('totpOn') : t('totpOff')}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('permissions')} span="filled">
            <Typography.Text type="secondary">{operator.permissions.join(', ')}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('queues')}
      </Typography.Title>
      {allowed.length === 0 ? (
        <Typography.Text type="secondary">{t('nothing')}</Typography.Text>
      ) : (
        <Row gutter={[16, 16]}>
          {allowed.map((shortcut) => (
            <Col key={shortcut.to} xs={24} md={12} xl={6}>
              <Link to={shortcut.to}>
                <Card hoverable title={shortcut.title} extra={shortcut.icon}>
                  {shortcut.body}
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
