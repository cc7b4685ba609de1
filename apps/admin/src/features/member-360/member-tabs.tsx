import type { ReactNode } from 'react';
import { Badge, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminMemberRecord } from '@lobby/contracts';
import { NS } from './parts.tsx';
import { MEMBER_TABS, useMemberTab, type MemberTab } from './tab-url.ts';
import { BetsTab, TransfersTab } from './tabs/game-tabs.tsx';
import { LedgerTab } from './tabs/ledger-tab.tsx';
import { DepositsTab, WithdrawalsTab } from './tabs/money-tabs.tsx';
import { RecallTab } from './tabs/recall-tab.tsx';
import { LinkedTab, LoginsTab, NotesTab, RewardsTab } from './tabs/record-tabs.tsx';

/** The tab's content; only the open tab is mounted, so only its list is asked for. */
function TabContent({ tab, record }: { tab: MemberTab; record: AdminMemberRecord }) {
  const memberId = record.member.id;
  switch (tab) {
    case 'ledger':
      return <LedgerTab record={record} />;
    case 'deposits':
      return <DepositsTab memberId={memberId} />;
    case 'withdrawals':
      return <WithdrawalsTab memberId={memberId} />;
    case 'transfers':
      return <TransfersTab record={record} />;
    case 'bets':
      return <BetsTab record={record} />;
    case 'rewards':
      return <RewardsTab memberId={memberId} />;
    case 'logins':
      return <LoginsTab memberId={memberId} />;
    case 'linked':
      return <LinkedTab memberId={memberId} />;
    case 'notes':
      return <NotesTab memberId={memberId} />;
    case 'recall':
      return <RecallTab memberId={memberId} />;
  }
}

/** The history tabs: the open one and its filters live in the URL (tab-url.ts). */
export function MemberTabs({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useMemberTab();
  const counts: Partial<Record<MemberTab, number>> = {
    deposits: record.counts.pendingDeposits,
    withdrawals: record.counts.openWithdrawals,
    notes: record.counts.notes,
  };
  const labelOf = (key: MemberTab): ReactNode => {
    const count = counts[key] ?? 0;
    return (
      <Flex gap={6} align="center" data-testid={`tab-${key}`}>
        {t(`tabs.${key}`)}
        {count > 0 ? (
          <Badge count={count} size="small" color={key === 'notes' ? 'blue' : 'orange'} />
        ) : null}
      </Flex>
    );
  };
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as MemberTab)}
      items={MEMBER_TABS.map((key) => ({
        key,
        label: labelOf(key),
        children: key === tab ? <TabContent tab={key} record={record} /> : null,
      }))}
    />
  );
}
