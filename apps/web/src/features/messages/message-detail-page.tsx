import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

/** /user/messageDetail: one message. */
export function MessageDetailPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="message"
        title={t('messages.detailTitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/message">
            <Icon name="chevronLeft" size={16} />
            {t('messages.backToList')}
          </Link>
        }
      />
      <Panel>
        <EmptyState
          icon="message"
          title={t('messages.detailEmpty')}
          hint={t('messages.detailEmptyHint')}
        />
      </Panel>
    </div>
  );
}
