import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Accounts and roles are two routes of one screen. */
export function OperatorsTabs() {
  const { t } = useTranslation('operators');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Tabs
      activeKey={pathname.endsWith('/roles') ? '/operators/roles' : '/operators'}
      onChange={(key) => void navigate(key)}
      items={[
        { key: '/operators', label: t('tabOperators') },
        { key: '/operators/roles', label: t('tabRoles') },
      ]}
    />
  );
}
