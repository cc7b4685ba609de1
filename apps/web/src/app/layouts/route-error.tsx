import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';

/** A screen that failed (most often a chunk that could not load after a new release). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('web');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="container">
      <section className="route-error panel">
        <span className="route-error__icon">
          <Icon name={notFound ? 'search' : 'refresh'} size={32} />
        </span>
        <h1>{notFound ? t('notFound.title') : t('routeError.title')}</h1>
        <p>{notFound ? t('notFound.body') : t('routeError.body')}</p>
        <div className="route-error__actions">
          {notFound ? null : (
            <button type="button" className="btn btn--primary" onClick={() => location.reload()}>
              {t('routeError.reload')}
            </button>
          )}
          <Link className="btn btn--ghost" to="/home">
            {t('common.backHome')}
          </Link>
        </div>
      </section>
    </div>
  );
}
