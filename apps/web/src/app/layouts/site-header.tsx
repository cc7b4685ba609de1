import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { MAIN_NAV } from '../navigation.ts';
import { useLogout } from '../session-actions.ts';
import { useMember, useSession } from '../session-store.ts';
import { useLiveUnreadMessages } from '../use-live-messages.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { BrandLink, GuestActions, HeaderBalance, useAvatarUrl } from './header-parts.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { ChatLauncher } from '../../features/support/chat-launcher.tsx';

function MemberMenu() {
  const { t } = useTranslation('web');
  const member = useMember();
  const avatarUrl = useAvatarUrl();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const unread = useLiveUnreadMessages() ?? 0;
  const unreadLabel = t('messages.unreadBadge', { count: unread });

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const links = [
    { to: '/user', icon: 'grid', label: t('member.menu.overview') },
    { to: '/user/personal', icon: 'user', label: t('member.menu.personal') },
    { to: '/finance/deposit', icon: 'deposit', label: t('member.menu.deposit') },
    { to: '/finance/withdraw', icon: 'withdraw', label: t('member.menu.withdraw') },
    { to: '/user/betRecord', icon: 'record', label: t('member.menu.betRecord') },
    { to: '/user/transRecord', icon: 'coin', label: t('member.menu.transRecord') },
    { to: '/user/message', icon: 'message', label: t('member.menu.message') },
  ] as const;

  return (
    <div className="member-menu" ref={root}>
      <HeaderBalance />
      <Link className="btn btn--primary btn--sm member-menu__deposit" to="/finance/deposit">
        {t('header.deposit')}
      </Link>
      <button
        type="button"
        className="member-menu__trigger"
        aria-expanded={open}
        aria-haspopup="menu"
        aria-label={t('header.memberMenu', { username: member?.username ?? '' })}
        onClick={() => setOpen((value) => !value)}
      >
        <img className="avatar avatar--sm member-menu__avatar" src={avatarUrl} alt="" />
        <span className="member-menu__label">{member?.username ?? t('header.myAccount')}</span>
        {unread > 0 ? (
          <span className="count-badge" data-testid="header-unread" title={unreadLabel}>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
        <Icon name="chevronDown" size={14} />
      </button>
      {open ? (
        <div className="member-menu__popup" role="menu">
          {links.map((link) => (
            <Link
              key={link.to}
              role="menuitem"
              className="member-menu__item"
              to={link.to}
              onClick={() => setOpen(false)}
            >
              <Icon name={link.icon} size={18} />
              {link.label}
              {link.to === '/user/message' && unread > 0 ? (
                <span className="count-badge" aria-label={unreadLabel}>
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            className="member-menu__item"
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            <Icon name="logout" size={18} />
            {t('header.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function SiteHeader() {
  const { t } = useTranslation('web');
  const isLogin = useSession((state) => state.isLogin);
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <p className="topbar__note">
            <span className="age-badge">18+</span>
            {t('header.responsibleNote')}
          </p>
          <nav className="topbar__links" aria-label={t('nav.secondary')}>
            <Link to="/download">
              <Icon name="download" size={15} />
              {t('nav.download')}
            </Link>
            <Link to="/help/about">
              <Icon name="help" size={15} />
              {t('nav.help')}
            </Link>
            <Link to="/iframeCustomerService">
              <Icon name="headset" size={15} />
              {t('nav.service')}
            </Link>
            <LanguageSwitch />
          </nav>
        </div>
      </div>
      <div className="mainbar">
        <div className="container mainbar__inner">
          <button
            type="button"
            className="icon-button mainbar__menu"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Icon name="menu" size={22} />
          </button>
          <BrandLink />
          <nav className="main-nav" aria-label={t('nav.main')}>
            {MAIN_NAV.map((item) => (
              <NavLink
                key={item.path}
                to={item.path}
                className={({ isActive }) =>
                  isActive ? 'main-nav__link is-active' : 'main-nav__link'
                }
              >
                {t(item.labelKey)}
              </NavLink>
            ))}
          </nav>
          <div className="mainbar__actions">
            {isLogin === true ? (
              <MemberMenu />
            ) : isLogin === false ? (
              <GuestActions />
            ) : (
              // A stored token is being checked: neither guest buttons nor a member yet.
              <span className="mainbar__pending skeleton" aria-hidden="true" />
            )}
          </div>
        </div>
      </div>
      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <ChatLauncher />
    </header>
  );
}
