import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

/** /activity/list/:id: one promotion with its rules and the join button. */
export function ActivityDetailPage() {
  const { t } = useTranslation('web');
  return (
    <div className="container container--narrow page">
      <PageHeader
        icon="gift"
        title={t('activity.detail.title')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/activity/discount">
            <Icon name="chevronLeft" size={16} />
            {t('activity.detail.back')}
          </Link>
        }
      />
      <Panel>
        <EmptyState
          icon="gift"
          title={t('activity.detail.empty')}
          hint={t('activity.detail.emptyHint')}
        />
      </Panel>
    </div>
  );
}
