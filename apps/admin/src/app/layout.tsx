import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Layout, Menu, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { roleLabel } from '../lib/labels.ts';
import type { Permission } from '@lobby/contracts';
import { useOperator } from '../lib/operator-context.tsx';
import { useSession } from '../lib/session.tsx';
import type { MenuGroup } from '../lib/feature.ts';
import { FEATURES } from './features.ts';

/** The sidebar entries the operator's permissions allow, in their `order`. */
export function menuEntries(permissions: readonly Permission[]) {
  return FEATURES.flatMap((feature) =>
    feature.routes.flatMap((route) =>
      route.menu && (!route.permission || permissions.includes(route.permission))
        ? [{ feature: feature.key, path: `/${route.path}`, ...route.menu }]
        : [],
    ),
  ).sort((a, b) => a.order - b.order);
}

type MenuEntry = ReturnType<typeof menuEntries>[number];
type MenuItem = { key: string; icon: ReactNode; label: ReactNode; children?: MenuItem[] };

/**
 * The sidebar's items: ungrouped entries as they are, grouped ones (`menu.group`) inside one
 * submenu per group, placed where the group's first entry would be.
 */
export function menuItems(
  entries: readonly MenuEntry[],
  label: (entry: MenuEntry) => ReactNode,
  groupLabel: (group: MenuGroup) => ReactNode,
): MenuItem[] {
  const items: MenuItem[] = [];
  const groups = new Map<MenuGroup, MenuItem>();
  for (const entry of entries) {
    const item = { key: entry.path, icon: entry.icon, label: label(entry) };
    if (!entry.group) {
      items.push(item);
      continue;
    }
    let group = groups.get(entry.group);
    if (!group) {
      group = {
        key: `group:${entry.group}`,
        icon: entry.icon,
        label: groupLabel(entry.group),
        children: [],
      };
      groups.set(entry.group, group);
      items.push(group);
    }
    group.children?.push(item);
  }
  return items;
}

/** The entry of the current path: the longest menu path it starts with. */
function selectedKey(pathname: string, paths: string[]): string[] {
  const match = paths
    .filter((path) => pathname === path || pathname.startsWith(path === '/' ? '/' : `${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  return match ? [match] : [];
}

function BrandScope() {
  const operator = useOperator();
  const { t } = useTranslation('app');
  if (operator.brands === 'all') return <Tag color="gold">{t('allBrands')}</Tag>;
  const shown = operator.brands.slice(0, 3);
  const more = operator.brands.length - shown.length;
  return (
    <Tooltip title={operator.brands.join(', ')}>
      <Space size={0} wrap={false}>
        {shown.map((brand) => (
          <Tag key={brand}>{brand}</Tag>
        ))}
        {more > 0 ? <Tag>+{more}</Tag> : null}
      </Space>
    </Tooltip>
  );
}

/** The console's frame: sidebar menu, header (who, brands, language, logout), the screen. */
export function AdminLayout() {
  const operator = useOperator();
  const session = useSession();
  const { t, i18n } = useTranslation('app');
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const entries = useMemo(() => menuEntries(operator.permissions), [operator.permissions]);
  const items = menuItems(
    entries,
    (entry) => <Link to={entry.path}>{t(`${entry.feature}:${entry.label}`)}</Link>,
    (group) => t(`group.${group}`),
  );
  const selected = selectedKey(
    location.pathname,
    entries.map((entry) => entry.path),
  );
  const [openGroups, setOpenGroups] = useState<string[]>(() =>
    entries
      .filter((entry) => entry.group && selected.includes(entry.path))
      .map((entry) => `group:${entry.group}`),
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        width={208}
        theme="dark"
      >
        <Flex align="center" justify="center" style={{ height: 56, color: '#fff' }}>
          <Typography.Text strong style={{ color: '#fff', fontSize: collapsed ? 14 : 16 }}>
            {collapsed ? 'Lobby' : t('title')}
          </Typography.Text>
        </Flex>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selected}
          openKeys={collapsed ? undefined : openGroups}
          onOpenChange={setOpenGroups}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            paddingInline: 24,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 16,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle" wrap={false}>
            <Typography.Text strong data-testid="operator-name">
              {operator.username}
            </Typography.Text>
            <Tag color="blue">{roleLabel(i18n, operator.role)}</Tag>
            <BrandScope />
            <LanguageSwitch />
            <Tooltip title={t('idleHint')}>
              <Button icon={<LogoutOutlined />} onClick={() => void session.logout()}>
                {t('logout')}
              </Button>
            </Tooltip>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 48 }} aria-busy="true">
                <Spin />
              </Flex>
            }
          >
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
