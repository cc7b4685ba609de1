import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

/** /user/vip/detail: what each level brings. */
export function VipDetailPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="trophy"
        title={t('vip.detailTitle')}
        subtitle={t('vip.detailSubtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/vip">
            <Icon name="chevronLeft" size={16} />
            {t('vip.title')}
          </Link>
        }
      />
      <Panel title={t('vip.privileges')} icon="star">
        <EmptyState
          icon="crown"
          title={t('vip.privilegesEmpty')}
          hint={t('vip.privilegesEmptyHint')}
        />
      </Panel>
    </div>
  );
}
