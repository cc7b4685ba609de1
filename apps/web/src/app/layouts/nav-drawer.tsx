import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { MAIN_NAV } from '../navigation.ts';
import { useLogout } from '../session-actions.ts';
import { useBalance, useIsLoggedIn, useMember } from '../session-store.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { BrandLink, GuestActions, useAvatarUrl } from './header-parts.tsx';

/** The phone-width menu: every destination of the header, one tap away. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('web');
  const loggedIn = useIsLoggedIn();
  const member = useMember();
  const balance = useBalance();
  const avatarUrl = useAvatarUrl();
  const logout = useLogout();

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
    };
  }, [open, onClose]);

  return (
    <div className={open ? 'drawer is-open' : 'drawer'} inert={!open}>
      <div className="drawer__backdrop" onClick={onClose} />
      <aside className="drawer__panel" role="dialog" aria-modal="true" aria-label={t('nav.menu')}>
        <div className="drawer__head">
          <BrandLink />
          <button
            type="button"
            className="icon-button"
            aria-label={t('nav.closeMenu')}
            onClick={onClose}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
        {loggedIn ? (
          <>
            <Link className="drawer__member" to="/user/personal" onClick={onClose}>
              <img className="avatar avatar--lg" src={avatarUrl} alt="" />
              <span>
                <strong>{member?.username}</strong>
                <small className="drawer__balance">
                  {t('member.card.balance')} <Amount value={balance?.balance} />
                </small>
              </span>
              <Icon name="chevronRight" size={16} className="drawer__chevron" />
            </Link>
            <Link className="btn btn--primary btn--block" to="/finance/deposit" onClick={onClose}>
              {t('header.deposit')}
            </Link>
          </>
        ) : (
          <div onClick={onClose}>
            <GuestActions size="md" />
          </div>
        )}
        <nav className="drawer__nav" aria-label={t('nav.main')}>
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.path}
              to={item.path}
              onClick={onClose}
              className={({ isActive }) => (isActive ? 'drawer__link is-active' : 'drawer__link')}
            >
              <Icon name={item.icon} size={20} />
              {t(item.labelKey)}
              <Icon name="chevronRight" size={16} className="drawer__chevron" />
            </NavLink>
          ))}
        </nav>
        <nav className="drawer__nav drawer__nav--secondary" aria-label={t('nav.secondary')}>
          <Link className="drawer__link" to="/download" onClick={onClose}>
            <Icon name="download" size={20} />
            {t('nav.download')}
          </Link>
          <Link className="drawer__link" to="/help/about" onClick={onClose}>
            <Icon name="help" size={20} />
            {t('nav.help')}
          </Link>
          <Link className="drawer__link" to="/iframeCustomerService" onClick={onClose}>
            <Icon name="headset" size={20} />
            {t('nav.service')}
          </Link>
          {loggedIn ? (
            <button
              type="button"
              className="drawer__link"
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              <Icon name="logout" size={20} />
              {t('header.logout')}
            </button>
          ) : null}
        </nav>
        <div className="drawer__language">
          <p className="drawer__label">{t('nav.language')}</p>
          <LanguageSwitch variant="full" />
        </div>
      </aside>
    </div>
  );
}
