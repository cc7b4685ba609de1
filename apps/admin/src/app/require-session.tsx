import type { ReactNode } from 'react';
import { Button, Flex, Result, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminMeEndpoint, type Permission } from '@lobby/contracts';
import { useEndpointQuery } from '../lib/api-context.tsx';
import { holdsPermission, OperatorContext, useOperator } from '../lib/operator-context.tsx';
import { useAuth } from './auth-store.ts';

/** A whole-page spinner while the console learns who is logged in. */
function PageSpinner() {
  const { t } = useTranslation('app');
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} aria-busy="true">
      <Spin size="large" description={t('loading')} />
    </Flex>
  );
}

/**
 * The screens behind the login: without a token the operator goes to /login (and comes back
 * after); with one, `GET /admin/api/me` says who they are. An operator who must enrol TOTP is
 * sent to /enrol, the only screen they may use until they have.
 */
export function RequireSession({
  enrolment = false,
  children,
}: {
  /** True for the enrolment screen itself. */
  enrolment?: boolean;
  children: ReactNode;
}) {
  const { token } = useAuth();
  const location = useLocation();
  const me = useEndpointQuery(adminMeEndpoint, {}, { enabled: token !== null, staleTime: 60_000 });
  const { t } = useTranslation('common');
  if (token === null) {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  if (me.isPending) return <PageSpinner />;
  if (me.isError) {
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        subTitle={me.error.message}
        extra={<Button onClick={() => void me.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  if (me.data.totpEnrolmentRequired && !enrolment) return <Navigate to="/enrol" replace />;
  return <OperatorContext.Provider value={me.data}>{children}</OperatorContext.Provider>;
}

/** A screen for operators holding `permission`; the others see why they cannot use it. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission | undefined;
  children: ReactNode;
}) {
  const operator = useOperator();
  const { t } = useTranslation('app');
  if (permission && !holdsPermission(operator, permission)) {
    return <Result status="403" title="403" subTitle={t('forbidden')} />;
  }
  return children;
}
