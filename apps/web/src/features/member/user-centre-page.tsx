import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../app/session-store.ts';
import { useLiveUnreadMessages } from '../../app/use-live-messages.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';

const SHORTCUTS: readonly { to: string; icon: IconName; key: string }[] = [
  { to: '/finance/deposit', icon: 'deposit', key: 'deposit' },
  { to: '/finance/withdraw', icon: 'withdraw', key: 'withdraw' },
  { to: '/finance/transfer', icon: 'transfer', key: 'transfer' },
  { to: '/user/betRecord', icon: 'record', key: 'betRecord' },
  { to: '/user/transRecord', icon: 'coin', key: 'transRecord' },
  { to: '/user/gameRecall', icon: 'record', key: 'gameRecall' },
  { to: '/user/personal', icon: 'user', key: 'personal' },
  { to: '/user/identity', icon: 'idCard', key: 'identity' },
  { to: '/user/bankCardsManage', icon: 'card', key: 'bankCards' },
  { to: '/user/message', icon: 'message', key: 'message' },
];

/**
 * /user: the member centre's overview. The VIP card is another feature's: the app passes it in
 * (app/screens/user-centre-screen.tsx).
 */
export function UserCentrePage({ vipSummary }: { vipSummary: ReactNode }) {
  const { t } = useTranslation('web');
  const balance = useBalance();
  const unread = useLiveUnreadMessages() ?? 0;
  return (
    <div className="page">
      <PageHeader
        icon="grid"
        title={t('member.overview.title')}
        subtitle={t('member.overview.subtitle')}
      />
      <section className="wallet-hero">
        <div>
          <p className="wallet-hero__label">{t('finance.centreWallet')}</p>
          <p className="wallet-hero__value" data-testid="centre-balance">
            <Amount value={balance?.balance} />
          </p>
          <p className="wallet-hero__hint">
            <span>
              {t('finance.lockedAmount')} <Amount value={balance?.locked} />
            </span>
            <span>
              {t('finance.totalAssets')} <Amount value={balance?.total} />
            </span>
          </p>
        </div>
        <div className="wallet-hero__actions">
          <Link className="btn btn--primary" to="/finance/deposit">
            {t('member.menu.deposit')}
          </Link>
          <Link className="btn btn--ghost" to="/finance/withdraw">
            {t('member.menu.withdraw')}
          </Link>
        </div>
      </section>
      <Panel title={t('member.overview.shortcuts')} icon="grid">
        <div className="shortcut-grid">
          {SHORTCUTS.map((shortcut) => (
            <Link key={shortcut.to} to={shortcut.to} className="shortcut">
              <span className="shortcut__icon">
                <Icon name={shortcut.icon} size={22} />
                {shortcut.key === 'message' && unread > 0 ? (
                  <span
                    className="count-badge count-badge--corner"
                    data-testid="centre-unread"
                    aria-label={t('messages.unreadBadge', { count: unread })}
                  >
                    {unread > 99 ? '99+' : unread}
                  </span>
                ) : null}
              </span>
              {t(`member.menu.${shortcut.key}`)}
            </Link>
          ))}
        </div>
      </Panel>
      <Panel
        title={t('member.overview.vip')}
        icon="crown"
        extra={
          <Link className="section-head__more" to="/user/vip">
            {t('common.viewAll')}
            <Icon name="chevronRight" size={16} />
          </Link>
        }
      >
        {vipSummary}
      </Panel>
    </div>
  );
}
