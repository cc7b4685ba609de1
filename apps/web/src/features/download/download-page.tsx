import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { QrCode } from '../../components/ui/qr-code.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import { APP_PLATFORMS, appLink, type AppPlatform } from './app-links.ts';

const PLATFORM_INFO: Record<AppPlatform, { icon: IconName; name: string }> = {
  ios: { icon: 'apple', name: 'iOS' },
  android: { icon: 'android', name: 'Android' },
};

/**
 * /download: the brand's apps (config.settings.appDownload): a button and a QR code per
 * platform it offers, "coming soon" for the other, and a plain note when it offers none.
 */
export function DownloadPage() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const apps = APP_PLATFORMS.map((platform) => ({
    platform,
    ...PLATFORM_INFO[platform],
    href: appLink(brand.settings.appDownload, platform),
  }));
  const offered = apps.filter((app) => app.href !== null);
  return (
    <div className="feature-page">
      <section className="feature-hero feature-hero--download">
        <div className="container feature-hero__inner feature-hero__inner--split">
          <div>
            <p className="hero__eyebrow">
              <Icon name="download" size={16} />
              {t('download.eyebrow')}
            </p>
            <h1 className="feature-hero__title">
              {t('download.title', { siteName: brand.siteName })}
            </h1>
            <p className="feature-hero__subtitle">{t('download.subtitle')}</p>
            {offered.length === 0 ? (
              <div className="panel download-none">
                <EmptyState
                  icon="phone"
                  title={t('download.noApps')}
                  hint={t('download.noAppsHint')}
                >
                  <Link className="btn btn--primary btn--sm" to="/app/home">
                    <Icon name="phone" size={16} />
                    {t('download.openMobileSite')}
                  </Link>
                </EmptyState>
              </div>
            ) : (
              <>
                <div className="download-buttons">
                  {apps.map((app) =>
                    app.href ? (
                      <a
                        key={app.platform}
                        className="store-button"
                        href={app.href}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <Icon name={app.icon} size={26} />
                        <span>
                          <small>{t('download.get')}</small>
                          <strong>{app.name}</strong>
                        </span>
                      </a>
                    ) : (
                      <span
                        key={app.platform}
                        className="store-button is-disabled"
                        aria-disabled="true"
                      >
                        <Icon name={app.icon} size={26} />
                        <span>
                          <small>{t('download.comingSoon')}</small>
                          <strong>{app.name}</strong>
                        </span>
                      </span>
                    ),
                  )}
                </div>
                <div className="qr-cards" aria-label={t('download.scanTitle')}>
                  {offered.map((app) => (
                    <figure key={app.platform} className="qr-card">
                      <QrCode
                        value={app.href ?? ''}
                        label={t('download.qrLabel', { platform: app.name })}
                      />
                      <figcaption>
                        <strong>
                          <Icon name={app.icon} size={16} />
                          {app.name}
                        </strong>
                        <small>{t('download.scanHint', { platform: app.name })}</small>
                      </figcaption>
                    </figure>
                  ))}
                </div>
              </>
            )}
          </div>
          <div className="phone-mock" aria-hidden="true">
            <div className="phone-mock__screen">
              <BrandMark name={brand.siteName} size={64} />
              <strong>{brand.siteName}</strong>
              <span>{brand.tagline}</span>
            </div>
          </div>
        </div>
      </section>
      {offered.length > 0 ? (
        <div className="container page">
          <ol className="step-cards">
            {(['download', 'install', 'login'] as const).map((step, index) => (
              <li key={step} className="step-card">
                <span className="step-card__number">{index + 1}</span>
                <strong>{t(`download.steps.${step}.title`)}</strong>
                <small>{t(`download.steps.${step}.body`)}</small>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
