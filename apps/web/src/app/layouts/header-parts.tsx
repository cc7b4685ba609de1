import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/ui/amount.tsx';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import { useMemberSession } from '../member-session.ts';
import { useMember } from '../session-store.ts';
import { useLiveBalance } from '../use-live-balance.ts';

export const DEFAULT_AVATAR = '/images/avatars/avatar-1.svg';

/** The member's avatar (`qq` of member info), else the brand's, else the default picture. */
export function useAvatarUrl(): string {
  const brand = useBrand();
  const member = useMember();
  return member?.qq || brand.avatarUrl || DEFAULT_AVATAR;
}

/** Navigation state for a link to /login: come back to this screen afterwards. */
export function useReturnHere(): { from: string } {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
}

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
  const returnHere = useReturnHere();
  return (
    <div className="guest-actions">
      <Link className={`btn btn--ghost btn--${size}`} to="/login" state={returnHere}>
        {t('header.login')}
      </Link>
      <Link className={`btn btn--primary btn--${size}`} to="/register">
        {t('header.register')}
      </Link>
    </div>
  );
}

/** The centre wallet in the header; a tap asks the server again at once. */
export function HeaderBalance() {
  const { t } = useTranslation('web');
  const balance = useLiveBalance();
  const session = useMemberSession();
  const [refreshing, setRefreshing] = useState(false);
  return (
    <button
      type="button"
      className="header-balance"
      title={t('header.refreshBalance')}
      aria-label={t('header.balanceLabel', { amount: balance?.balance ?? '--' })}
      disabled={refreshing}
      onClick={() => {
        setRefreshing(true);
        void session.refreshBalance({ force: true }).finally(() => setRefreshing(false));
      }}
    >
      <Icon name="wallet" size={16} className="header-balance__icon" />
      <span className="visually-hidden">{t('member.card.balance')}</span>
      <Amount value={balance?.balance} className="header-balance__amount" />
      <Icon name="refresh" size={14} className={refreshing ? 'is-spinning' : undefined} />
    </button>
  );
}
