import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { useBrand } from '../brand-context.tsx';

export const DEFAULT_AVATAR = '/images/avatars/avatar-1.svg';

export function BrandLink({ to = '/home' }: { to?: string }) {
  const brand = useBrand();
  return (
    <Link to={to} className="brand" aria-label={brand.siteName}>
      <BrandMark name={brand.siteName} size={40} />
      <span className="brand__text">
        <strong className="brand__name">{brand.siteName}</strong>
        {brand.tagline ? <small className="brand__tagline">{brand.tagline}</small> : null}
      </span>
    </Link>
  );
}

export function GuestActions({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation('web');
  return (
    <div className="guest-actions">
      <Link className={`btn btn--ghost btn--${size}`} to="/login">
        {t('header.login')}
      </Link>
      <Link className={`btn btn--primary btn--${size}`} to="/register">
        {t('header.register')}
      </Link>
    </div>
  );
}
