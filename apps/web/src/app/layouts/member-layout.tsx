import { Suspense, useEffect } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoginRequired } from '../../components/ui/login-required.tsx';
import { ScreenFallback } from '../../components/ui/screen-fallback.tsx';
import { useMemberSession } from '../member-session.ts';
import { MEMBER_MENU } from '../navigation.ts';
import { useBalance, useMember, useSession } from '../session-store.ts';
import { amountSign } from '../../lib/amount-format.ts';
import { useAvatarUrl } from './header-parts.tsx';

/** The member centre: a side menu (chips at phone width) beside the member's screen. */
export function MemberLayout() {
  const { t } = useTranslation('web');
  const balance = useBalance();
  const isLogin = useSession((state) => state.isLogin);
  const member = useMember();
  const avatarUrl = useAvatarUrl();
  const session = useMemberSession();
  const { pathname } = useLocation();
  const loggedIn = isLogin === true;

  // Moving between member screens refreshes member info, at most once per 30 s window.
  useEffect(() => {
    if (loggedIn) void session.refresh();
  }, [loggedIn, pathname, session]);

  return (
    <div className="container member-layout">
      <aside className="member-side">
        <div className="member-card">
          <img className="avatar avatar--lg" src={avatarUrl} alt="" />
          <div className="member-card__who">
            <p className="member-card__name">
              {member ? member.username : t('member.card.guest')}
              {member ? <span className="vip-badge">VIP{member.vipLevel}</span> : null}
            </p>
            <p className="member-card__hint">
              {loggedIn ? t('member.card.memberHint') : t('member.card.guestHint')}
            </p>
          </div>
          <div className="member-card__balance">
            <span>{t('member.card.balance')}</span>
            <strong>
              <Amount value={loggedIn ? balance?.balance : null} />
            </strong>
            {loggedIn && balance && amountSign(balance.locked) === 'in' ? (
              <small className="member-card__locked">
                {t('member.card.locked')} <Amount value={balance.locked} />
              </small>
            ) : null}
          </div>
        </div>
        <nav className="member-nav" aria-label={t('member.menu.title')}>
          {MEMBER_MENU.map((group) => (
            <div key={group.labelKey} className="member-nav__group">
              <p className="member-nav__label">{t(group.labelKey)}</p>
              {group.items.map((item) => (
                <NavLink
                  key={item.path}
                  to={item.path}
                  end={item.path === '/user'}
                  className={({ isActive }) =>
                    isActive ? 'member-nav__link is-active' : 'member-nav__link'
                  }
                >
                  <Icon name={item.icon} size={18} />
                  {t(item.labelKey)}
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
      </aside>
      <section className="member-content">
        {loggedIn ? (
          <Suspense fallback={<ScreenFallback />}>
            <Outlet />
          </Suspense>
        ) : isLogin === false ? (
          <LoginRequired />
        ) : (
          // A stored token is being checked.
          <ScreenFallback />
        )}
      </section>
    </div>
  );
}
