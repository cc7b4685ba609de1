export type TabItem<T extends string> = { value: T; label: string; count?: number };

/** A row of tabs (also used as segmented filter buttons). */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  variant = 'line',
}: {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  variant?: 'line' | 'pill';
}) {
  return (
    <div className={`tabs tabs--${variant}`} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          className={item.value === value ? 'tabs__tab is-active' : 'tabs__tab'}
          onClick={() => onChange(item.value)}
        >
          {item.label}
          {item.count !== undefined ? <span className="tabs__count">{item.count}</span> : null}
        </button>
      ))}
    </div>
  );
}
