import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

/** What a guest sees on a member-only screen. */
export function LoginRequired() {
  const { t } = useTranslation('web');
  const { pathname, search } = useLocation();
  return (
    <section className="login-required panel" aria-labelledby="login-required-title">
      <span className="login-required__badge">
        <Icon name="lock" size={30} />
      </span>
      <h2 id="login-required-title" className="login-required__title">
        {t('loginRequired.title')}
      </h2>
      <p className="login-required__body">{t('loginRequired.body')}</p>
      <div className="login-required__actions">
        <Link className="btn btn--primary" to="/login" state={{ from: `${pathname}${search}` }}>
          {t('header.login')}
        </Link>
        <Link className="btn btn--ghost" to="/register">
          {t('header.register')}
        </Link>
      </div>
    </section>
  );
}
