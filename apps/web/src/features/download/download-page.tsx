import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/brand-context.tsx';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';

const PLATFORMS: readonly { key: 'ios' | 'android'; icon: IconName; name: string }[] = [
  { key: 'ios', icon: 'apple', name: 'iOS' },
  { key: 'android', icon: 'android', name: 'Android' },
];

/** /download: the brand's apps, when it has them (config.settings.appDownload). */
export function DownloadPage() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const links = brand.settings.appDownload;
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
            <div className="download-buttons">
              {PLATFORMS.map((platform) =>
                links[platform.key] ? (
                  <a
                    key={platform.key}
                    className="store-button"
                    href={links[platform.key]}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Icon name={platform.icon} size={26} />
                    <span>
                      <small>{t('download.get')}</small>
                      <strong>{platform.name}</strong>
                    </span>
                  </a>
                ) : (
                  <span
                    key={platform.key}
                    className="store-button is-disabled"
                    aria-disabled="true"
                  >
                    <Icon name={platform.icon} size={26} />
                    <span>
                      <small>{t('download.comingSoon')}</small>
                      <strong>{platform.name}</strong>
                    </span>
                  </span>
                ),
              )}
            </div>
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
    </div>
  );
}
