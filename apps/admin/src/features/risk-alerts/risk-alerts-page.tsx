import { App, Button, Flex, Form, Input, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminClaimRiskAlertEndpoint,
  adminFreezeRiskAlertMemberEndpoint,
  adminResolveRiskAlertEndpoint,
  adminRiskAlertsEndpoint,
  RISK_ALERT_STATUSES,
  RISK_CLAIM_FILTERS,
  RISK_RULES,
  type AdminRiskAlert,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { useCan, useOperator } from '../../lib/operator-context.tsx';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { AlertDetails } from './alert-details.tsx';

type FormValues = {
  status?: string;
  brand?: string;
  rule?: string;
  claim?: string;
  username?: string;
};

const CLAIM_LABELS = { mine: 'mine', unclaimed: 'unclaimed', claimed: 'claimedFilter' } as const;

/** Claim, resolve and freeze, as the alert and the operator's permissions allow. */
function Actions({ row }: { row: AdminRiskAlert }) {
  const { t } = useTranslation('risk-alerts');
  const { message } = App.useApp();
  const operator = useOperator();
  const mayFreeze = useCan('members.freeze');
  const claim = useEndpointMutation(adminClaimRiskAlertEndpoint);
  const open = row.status === 'open';
  const othersClaim = row.claimedBy !== null && row.claimedBy !== operator.username;
  return (
    <Flex gap={8} wrap>
      {open && row.claimedBy === null ? (
        <Button
          size="small"
          loading={claim.isPending}
          data-testid="alert-claim"
          onClick={() =>
            claim.mutate(
              { params: { id: row.id }, body: {} },
              {
                onSuccess: () => void message.success(t('claimed')),
                onError: (error) => void message.error(error.message),
              },
            )
          }
        >
          {t('claimAction')}
        </Button>
      ) : null}
      {open ? (
        <ReasonAction
          endpoint={adminResolveRiskAlertEndpoint}
          params={{ id: row.id }}
          label={t('resolve')}
          title={t('resolveTitle', { id: row.id })}
          description={t('resolveBody')}
          buttonProps={{ size: 'small', type: 'primary', disabled: othersClaim }}
          successMessage={t('resolvedDone')}
        />
      ) : null}
      {mayFreeze && row.memberFrozenAt === null ? (
        <ReasonAction
          endpoint={adminFreezeRiskAlertMemberEndpoint}
          params={{ id: row.id }}
          danger
          label={t('freeze')}
          title={t('freezeTitle', { username: row.username })}
          description={t('freezeBody')}
          buttonProps={{ size: 'small' }}
          successMessage={t('frozenDone')}
        />
      ) : null}
    </Flex>
  );
}

/**
 * The risk-alert queue (`risk.alerts`): alerts the risk rules opened, open ones oldest first.
 * Filters in the URL; a row expands to its figures and notes; claim, resolve with a reason and
 * freeze the member's money (with `members.freeze`), each in the action log.
 */
export default function RiskAlertsPage() {
  const { t, i18n } = useTranslation('risk-alerts');
  const [filters, setFilters] = useUrlFilters(adminRiskAlertsEndpoint.query);
  const result = useEndpointQuery(adminRiskAlertsEndpoint, { query: filters });
  const ruleLabel = (rule: string) => labelOf(i18n, `risk-alerts:rules.${rule}`, rule);
  const cleared = {
    status: undefined,
    brand: undefined,
    rule: undefined,
    claim: undefined,
    username: undefined,
    memberId: undefined,
  };

  return (
    <ListPage
      title={t('title')}
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{
            status: filters.status,
            brand: filters.brand,
            rule: filters.rule,
            claim: filters.claim,
            username: filters.username,
          }}
          onSearch={(values) => setFilters({ ...cleared, ...values })}
          onReset={() => setFilters(cleared)}
        >
          <Form.Item name="status" label={t('status')}>
            <Select
              style={{ width: 120 }}
              options={RISK_ALERT_STATUSES.map((status) => ({
                value: status,
                label: t(`statuses.${status}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="rule" label={t('rule')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 190 }}
              options={RISK_RULES.map((rule) => ({ value: rule, label: ruleLabel(rule) }))}
            />
          </Form.Item>
          <Form.Item name="claim" label={t('claim')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 140 }}
              options={RISK_CLAIM_FILTERS.map((claim) => ({
                value: claim,
                label: t(CLAIM_LABELS[claim]),
              }))}
            />
          </Form.Item>
          <Form.Item name="username" label={t('member')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      <ListTable<AdminRiskAlert>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        expandable={{ expandedRowRender: (row) => <AlertDetails alert={row} /> }}
        columns={[
          { title: t('id'), dataIndex: 'id' },
          { title: t('common:brand'), dataIndex: 'brand' },
          {
            title: t('member'),
            key: 'member',
            render: (_, row) => <Link to={`/members/${row.memberId}`}>{row.username}</Link>,
          },
          {
            title: t('rule'),
            key: 'rule',
            render: (_, row) => (
              <Flex gap={4} wrap>
                <Tag color="volcano">{ruleLabel(row.rule)}</Tag>
                {row.withdrawalHeld ? <Tag color="orange">{t('held')}</Tag> : null}
                {row.memberFrozenAt ? <Tag color="red">{t('frozen')}</Tag> : null}
              </Flex>
            ),
          },
          { title: t('hits'), dataIndex: 'hits', align: 'right' },
          {
            title: t('createdAt'),
            key: 'createdAt',
            render: (_, row) => formatDateTime(row.createdAt),
          },
          { title: t('claimedBy'), key: 'claimedBy', render: (_, row) => row.claimedBy ?? '—' },
          {
            title: t('status'),
            key: 'status',
            render: (_, row) => (
              <Tag color={row.status === 'open' ? 'orange' : 'green'}>
                {t(`statuses.${row.status}`)}
              </Tag>
            ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => <Actions row={row} />,
          },
        ]}
      />
    </ListPage>
  );
}
