import { lazy } from 'react';
import { Button, Result } from 'antd';
import { Link, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import EnrolPage from '../features/auth/enrol-page.tsx';
import LoginPage from '../features/auth/login-page.tsx';
import { FEATURES } from './features.ts';
import { AdminLayout } from './layout.tsx';
import { RequirePermission, RequireSession } from './require-session.tsx';

function NotFound() {
  const { t } = useTranslation('app');
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

/**
 * The route table, under the router's basename /admin: login and enrolment outside the
 * console's frame, every feature's routes (src/app/features.ts) inside it, each behind its
 * permission and loaded when first opened.
 */
export function createRoutes(): RouteObject[] {
  const screens: RouteObject[] = FEATURES.flatMap((feature) =>
    feature.routes.map((route) => {
      const Page = lazy(route.load);
      const element = (
        <RequirePermission permission={route.permission}>
          <Page />
        </RequirePermission>
      );
      return route.path === '' ? { index: true, element } : { path: route.path, element };
    }),
  );
  return [
    { path: 'login', element: <LoginPage /> },
    {
      path: 'enrol',
      element: (
        <RequireSession enrolment>
          <EnrolPage />
        </RequireSession>
      ),
    },
    {
      path: '/',
      element: (
        <RequireSession>
          <AdminLayout />
        </RequireSession>
      ),
      children: [...screens, { path: '*', element: <NotFound /> }],
    },
  ];
}
