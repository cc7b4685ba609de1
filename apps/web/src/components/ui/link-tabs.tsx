import { NavLink } from 'react-router';
import { Icon, type IconName } from './icon.tsx';

export type LinkTab = { to: string; label: string; icon?: IconName };

/** Tabs that are links: sibling screens of one area (deposit, withdraw, transfer). */
export function LinkTabs({ items, label }: { items: readonly LinkTab[]; label: string }) {
  return (
    <nav className="tabs tabs--line" aria-label={label}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end
          className={({ isActive }) => (isActive ? 'tabs__tab is-active' : 'tabs__tab')}
        >
          {item.icon ? <Icon name={item.icon} size={16} /> : null}
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
