import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/layouts/language-switch.tsx';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { HeroArt } from '../../components/ui/hero-art.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useBrand } from '../../lib/brand-context.tsx';

/** The stand-alone frame of /login and /register: brand art beside the form. */
export function AuthFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useTranslation('web');
  const brand = useBrand();
  return (
    <div className="auth">
      <aside className="auth__art">
        <Link to="/home" className="auth__brand">
          <BrandMark name={brand.siteName} size={48} />
          <span>
            <strong>{brand.siteName}</strong>
            {brand.tagline ? <small>{brand.tagline}</small> : null}
          </span>
        </Link>
        <HeroArt initial={Array.from(brand.siteName)[0] ?? ''} />
        <p className="auth__pitch">{t('auth.pitch', { siteName: brand.siteName })}</p>
        <ul className="auth__points">
          <li>
            <Icon name="shield" size={18} />
            {t('home.hero.features.secure.title')}
          </li>
          <li>
            <Icon name="bolt" size={18} />
            {t('home.hero.features.fast.title')}
          </li>
          <li>
            <Icon name="headset" size={18} />
            {t('home.hero.features.service.title')}
          </li>
        </ul>
      </aside>
      <main className="auth__main">
        <div className="auth__top">
          <Link to="/home" className="auth__back">
            <Icon name="chevronLeft" size={18} />
            {t('common.backHome')}
          </Link>
          <LanguageSwitch />
        </div>
        <div className="auth__card">
          <div className="auth__card-brand">
            <BrandMark name={brand.siteName} size={44} />
          </div>
          <h1 className="auth__title">{title}</h1>
          <p className="auth__subtitle">{subtitle}</p>
          {children}
          <div className="auth__footer">{footer}</div>
        </div>
        <p className="auth__legal">
          <span className="age-badge">18+</span>
          {t('header.responsibleNote')}
        </p>
      </main>
    </div>
  );
}
