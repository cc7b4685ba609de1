import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';

type Kind = 'bank' | 'alipay' | 'virtual';
const KINDS: Record<Kind, { add: string; icon: IconName; addKey: string }> = {
  bank: { add: '/finance/addBankCard', icon: 'card', addKey: 'finance.addBankCard.title' },
  alipay: { add: '/finance/addAlipay', icon: 'wallet', addKey: 'finance.addAlipay.title' },
  virtual: {
    add: '/finance/virtualCoinCard',
    icon: 'coin',
    addKey: 'finance.virtualCoinCard.title',
  },
};

/** /user/bankCardsManage: the member's withdrawal accounts by kind. */
export function BankCardsManagePage() {
  const { t } = useTranslation('web');
  const [kind, setKind] = useState<Kind>('bank');
  const current = KINDS[kind];
  return (
    <div className="page">
      <PageHeader
        icon="card"
        title={t('account.bankCards.title')}
        subtitle={t('account.bankCards.subtitle')}
      />
      <Panel>
        <Tabs
          label={t('account.bankCards.title')}
          value={kind}
          onChange={setKind}
          items={[
            { value: 'bank', label: t('account.bankCards.tabs.bank') },
            { value: 'alipay', label: t('account.bankCards.tabs.alipay') },
            { value: 'virtual', label: t('account.bankCards.tabs.virtual') },
          ]}
        />
        <EmptyState
          icon={current.icon}
          title={t(`account.bankCards.empty.${kind}`)}
          hint={t('account.bankCards.emptyHint')}
        >
          <Link className="btn btn--primary btn--sm" to={current.add}>
            <Icon name="plus" size={16} />
            {t(current.addKey)}
          </Link>
        </EmptyState>
      </Panel>
    </div>
  );
}
