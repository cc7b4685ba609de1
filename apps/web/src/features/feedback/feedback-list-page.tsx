import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';

/** /user/feedBackList: what the member wrote and the operator's answers. */
export function FeedbackListPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="record"
        title={t('feedback.listTitle')}
        subtitle={t('feedback.listSubtitle')}
        actions={
          <Link className="btn btn--primary btn--sm" to="/user/feedBack">
            <Icon name="plus" size={16} />
            {t('feedback.new')}
          </Link>
        }
      />
      <Panel>
        <DataTable
          columns={[
            { key: 'time', label: t('feedback.columns.time') },
            { key: 'type', label: t('feedback.columns.type') },
            { key: 'content', label: t('feedback.columns.content') },
            { key: 'status', label: t('feedback.columns.status'), align: 'center' },
          ]}
          emptyIcon="feedback"
          emptyTitle={t('feedback.listEmpty')}
        />
      </Panel>
    </div>
  );
}
