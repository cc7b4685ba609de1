import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { ContactItem } from '../../components/ui/contact-item.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import { HELP_TOPICS } from '../navigation.ts';
import { VENUE_CATEGORIES } from '../venue-categories.ts';

export function SiteFooter() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__venues">
          {VENUE_CATEGORIES.map((venue) => (
            <Link key={venue.category} to={venue.path} className="site-footer__venue">
              <Icon name={venue.icon} size={18} />
              {t(`venue.${venue.category}.title`)}
            </Link>
          ))}
        </div>
        <div className="site-footer__grid">
          <section className="site-footer__brand">
            <div className="site-footer__brand-head">
              <BrandMark name={brand.siteName} size={44} />
              <div>
                <p className="site-footer__name">{brand.siteName}</p>
                {brand.tagline ? <p className="site-footer__tagline">{brand.tagline}</p> : null}
              </div>
            </div>
            <p className="site-footer__about">{t('footer.about', { siteName: brand.siteName })}</p>
          </section>
          <section>
            <h2 className="site-footer__heading">{t('footer.helpTitle')}</h2>
            <ul className="site-footer__links">
              {HELP_TOPICS.map((topic) => (
                <li key={topic}>
                  <Link to={`/help/${topic}`}>{t(`footer.topics.${topic}`)}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2 className="site-footer__heading">{t('footer.contactTitle')}</h2>
            {brand.contacts.length > 0 ? (
              <ul className="contact-list">
                {brand.contacts.map((contact) => (
                  <ContactItem
                    key={`${contact.deviceText}-${contact.deviceNum}`}
                    contact={contact}
                  />
                ))}
              </ul>
            ) : (
              <p className="site-footer__muted">{t('footer.noContacts')}</p>
            )}
            <Link className="site-footer__service" to="/iframeCustomerService">
              <Icon name="headset" size={16} />
              {t('footer.onlineService')}
            </Link>
          </section>
          <section>
            <h2 className="site-footer__heading">{t('footer.responsibleTitle')}</h2>
            <div className="site-footer__responsible">
              <span className="age-badge age-badge--lg">18+</span>
              <p>{t('footer.responsibleNote')}</p>
            </div>
            <p className="site-footer__muted">{t('footer.licenceNote')}</p>
          </section>
        </div>
        <div className="site-footer__bottom">
          <p>{t('footer.copyright', { year, siteName: brand.siteName })}</p>
          <p className="site-footer__muted">{t('footer.bottomNote')}</p>
        </div>
      </div>
    </footer>
  );
}
