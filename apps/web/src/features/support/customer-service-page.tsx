import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/brand-context.tsx';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { ContactItem } from '../../components/ui/contact-item.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState } from '../../components/ui/page.tsx';

/**
 * /iframeCustomerService (stand-alone): the online chat fills this page in a frame once a
 * chat provider is configured (later issue); meanwhile the brand's contacts are listed.
 */
export function CustomerServicePage() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/home');
  };
  return (
    <div className="service-page">
      <header className="service-page__bar">
        <button type="button" className="icon-button" onClick={back} aria-label={t('common.back')}>
          <Icon name="chevronLeft" size={22} />
        </button>
        <h1 className="service-page__title">
          <Icon name="headset" size={20} />
          {t('service.title')}
        </h1>
        <Link to="/home" className="service-page__brand" aria-label={brand.siteName}>
          <BrandMark name={brand.siteName} size={30} />
        </Link>
      </header>
      <main className="service-page__main">
        <section className="panel service-page__frame">
          <EmptyState
            icon="headset"
            title={t('service.unavailable')}
            hint={t('service.unavailableHint')}
          />
        </section>
        <section className="panel service-page__contacts">
          <h2 className="panel__title">{t('footer.contactTitle')}</h2>
          {brand.contacts.length > 0 ? (
            <ul className="contact-list">
              {brand.contacts.map((contact) => (
                <ContactItem key={`${contact.deviceText}-${contact.deviceNum}`} contact={contact} />
              ))}
            </ul>
          ) : (
            <p className="muted">{t('footer.noContacts')}</p>
          )}
        </section>
      </main>
    </div>
  );
}
