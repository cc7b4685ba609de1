import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';

/** Any path the site does not have. */
export function NotFoundPage() {
  const { t } = useTranslation('web');
  return (
    <div className="container page">
      <section className="not-found">
        <p className="not-found__code">404</p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.body')}</p>
        <div className="button-row button-row--center">
          <Link className="btn btn--primary" to="/home">
            <Icon name="home" size={18} />
            {t('common.backHome')}
          </Link>
          <Link className="btn btn--ghost" to="/iframeCustomerService">
            <Icon name="headset" size={18} />
            {t('nav.service')}
          </Link>
        </div>
      </section>
    </div>
  );
}
