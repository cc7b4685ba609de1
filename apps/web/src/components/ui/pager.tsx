import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

/** Previous and next page of a paged list, with where the member is ("第 2 / 5 页"). */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
}) {
  const { t } = useTranslation('web');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <Icon name="chevronLeft" size={16} />
        {t('pager.previous')}
      </button>
      <span className="pager__where">{t('pager.where', { page, pages, total })}</span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {t('pager.next')}
        <Icon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
