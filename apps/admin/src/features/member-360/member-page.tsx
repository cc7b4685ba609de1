import { Button, Card, Col, Flex, Result, Row, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminMemberRecordEndpoint, memberIdSchema } from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { KycPanel } from './kyc-panel.tsx';
import { ProtectionPanel } from './protection-panel.tsx';
import { MemberActions } from './member-actions.tsx';
import { MemberHeader } from './member-header.tsx';
import { MemberBalances, MemberProfile } from './member-summary.tsx';
import { MemberTabs } from './member-tabs.tsx';
import { NS } from './parts.tsx';
import { RiskAlertsPanel } from './risk-alerts-panel.tsx';

/**
 * The member 360 page (`/members/:id`): who the member is, what restricts the account, the
 * money by the books, the actions the operator may take, and the history tabs.
 */
export default function MemberPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const valid = memberIdSchema.safeParse(id).success;
  const record = useEndpointQuery(
    adminMemberRecordEndpoint,
    { params: { id } },
    { enabled: valid },
  );
  const back = (
    <Link to="/members">
      <Button icon={<ArrowLeftOutlined />}>{t('backToSearch')}</Button>
    </Link>
  );

  // Not a member id, or none the operator may see (another brand's reads as missing).
  if (!valid || record.error?.code === 'member_not_found') {
    return (
      <Result status="404" title={t('notFound')} extra={back} data-testid="member-not-found" />
    );
  }
  if (record.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (record.isError) {
    return (
      <Flex vertical gap={16} align="flex-start">
        {back}
        <div style={{ alignSelf: 'stretch' }}>
          <QueryError error={record.error} onRetry={() => void record.refetch()} />
        </div>
      </Flex>
    );
  }
  const data = record.data;
  return (
    <Flex vertical gap={16} data-testid="member-page">
      <Card>
        <Flex vertical gap={16}>
          <MemberHeader record={data} />
          <MemberActions record={data} />
        </Flex>
      </Card>
      {/* The balances come first when the two cards stack (narrower than 1200 px). */}
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 2 }} xl={{ span: 15, order: 1 }}>
          <MemberProfile record={data} />
        </Col>
        <Col xs={{ span: 24, order: 1 }} xl={{ span: 9, order: 2 }}>
          <MemberBalances record={data} />
        </Col>
      </Row>
      <RiskAlertsPanel memberId={id} />
      <ProtectionPanel memberId={data.member.id} />
      <KycPanel memberId={data.member.id} />
      <Card>
        <MemberTabs record={data} />
      </Card>
    </Flex>
  );
}
