import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import type { NavItem } from '../navigation.ts';

/** Bottom tab bar at phone width. */
export function TabBar({ items, className }: { items: readonly NavItem[]; className?: string }) {
  const { t } = useTranslation('web');
  return (
    <nav className={className ? `tab-bar ${className}` : 'tab-bar'} aria-label={t('nav.tabs')}>
      {items.map((item) => (
        <NavLink
          key={item.path}
          to={item.path}
          end={item.path === '/user'}
          className={({ isActive }) => (isActive ? 'tab-bar__item is-active' : 'tab-bar__item')}
        >
          <Icon name={item.icon} size={22} />
          <span>{t(item.labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
