import type { ReactNode } from 'react';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminMemberRecord } from '@lobby/contracts';
import { formatDateTime } from '../../lib/dates.ts';
import { Money, NS } from './parts.tsx';

/** A value that may be missing: the text, or a quiet dash. */
function Maybe({ children, copy }: { children: ReactNode; copy?: boolean }) {
  if (children === null || children === undefined || children === '') {
    return <Typography.Text type="secondary">-</Typography.Text>;
  }
  return copy && typeof children === 'string' ? (
    <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
      {children}
    </Typography.Text>
  ) : (
    <span style={{ wordBreak: 'break-all' }}>{children}</span>
  );
}

/** Contacts, registration, last login and the account's settings. */
export function MemberProfile({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const { member } = record;
  const item = (key: keyof typeof member | 'referrer', children: ReactNode) => ({
    key,
    label: t(`fields.${key}`),
    children,
  });
  return (
    <Card size="small" title={t('profile')} style={{ height: '100%' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        data-testid="member-profile"
        items={[
          item('realName', <Maybe>{member.realName}</Maybe>),
          item('phone', <Maybe copy>{member.phone}</Maybe>),
          item('email', <Maybe copy>{member.email}</Maybe>),
          item('inviteCode', <Maybe copy>{member.inviteCode}</Maybe>),
          item(
            'referrer',
            member.referrer ? (
              <Link to={`/members/${member.referrer.id}`}>{member.referrer.username}</Link>
            ) : (
              <Maybe>{null}</Maybe>
            ),
          ),
          item('registeredAt', formatDateTime(member.registeredAt)),
          item('registerIp', <Maybe copy>{member.registerIp}</Maybe>),
          item('registerDeviceNo', <Maybe copy>{member.registerDeviceNo}</Maybe>),
          item('lastLoginAt', member.lastLoginAt ? formatDateTime(member.lastLoginAt) : t('never')),
          item('lastLoginIp', <Maybe copy>{member.lastLoginIp}</Maybe>),
          item(
            'passwordChangedAt',
            <Maybe>
              {member.passwordChangedAt ? formatDateTime(member.passwordChangedAt) : null}
            </Maybe>,
          ),
          item('withdrawPasswordSet', member.withdrawPasswordSet ? t('set') : t('notSet')),
          item('autoTransfer', member.autoTransfer ? t('on') : t('off')),
        ]}
      />
    </Card>
  );
}

/** One line of the balances: the label, and the amount at the right. */
function BalanceLine({
  label,
  amount,
  currency,
  testId,
  strong,
}: {
  label: ReactNode;
  amount: string;
  currency: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Flex justify="space-between" align="baseline" gap={12}>
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <span data-testid={testId}>
        <Money amount={amount} currency={currency} strong={strong} />
      </span>
    </Flex>
  );
}

/** The balances by the books: total, centre wallet, locked, in transit, each platform, turnover. */
export function MemberBalances({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const { balances, counts } = record;
  const { currency } = balances;
  return (
    <Card size="small" title={t('balances.title')} style={{ height: '100%' }}>
      <Flex vertical gap={8} data-testid="member-balances">
        <BalanceLine
          label={t('balances.total')}
          amount={balances.total}
          currency={currency}
          testId="balance-total"
          strong
        />
        <BalanceLine
          label={t('balances.wallet')}
          amount={balances.wallet}
          currency={currency}
          testId="balance-wallet"
        />
        <BalanceLine
          label={t('balances.locked')}
          amount={balances.locked}
          currency={currency}
          testId="balance-locked"
        />
        <BalanceLine
          label={t('balances.inTransit')}
          amount={balances.inTransit}
          currency={currency}
          testId="balance-in-transit"
        />
        {balances.platforms.length === 0 ? (
          <Flex justify="space-between" gap={12}>
            <Typography.Text type="secondary">{t('balances.platforms')}</Typography.Text>
            <Typography.Text type="secondary">{t('balances.noPlatforms')}</Typography.Text>
          </Flex>
        ) : (
          balances.platforms.map((platform) => (
            <BalanceLine
              key={platform.platformId}
              label={`${t('balances.platform')} · ${platform.name}`}
              amount={platform.balance}
              currency={currency}
              testId={`balance-platform-${platform.platformId}`}
            />
          ))
        )}
        <BalanceLine
          label={t('balances.turnoverOutstanding')}
          amount={balances.turnoverOutstanding}
          currency={currency}
          testId="balance-turnover"
        />
        {counts.openWithdrawals > 0 || counts.pendingDeposits > 0 ? (
          <Typography.Text type="warning">
            {[
              counts.openWithdrawals > 0
                ? t('counts.openWithdrawals', { n: counts.openWithdrawals })
                : null,
              counts.pendingDeposits > 0
                ? t('counts.pendingDeposits', { n: counts.pendingDeposits })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}
