import { useId } from 'react';

/**
 * The brand's logo mark, drawn from its name and theme: a crest in the primary and accent
 * colours carrying the first character of the site name. No brand ships a logo file.
 */
export function BrandMark({ name, size = 40 }: { name: string; size?: number }) {
  const id = useId();
  const initial = Array.from(name.trim())[0] ?? '';
  const isWide = /[\u3000-\u9fff\uf900-\ufaff]/.test(initial);
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`${id}-edge`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--color-primary)' }} />
          <stop offset="1" style={{ stopColor: 'var(--color-accent)' }} />
        </linearGradient>
        <linearGradient id={`${id}-face`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--color-surface)' }} />
          <stop offset="1" style={{ stopColor: 'var(--color-bg)' }} />
        </linearGradient>
      </defs>
      <path
        d="M24 2.5 42.6 13v22L24 45.5 5.4 35V13z"
        fill={`url(#${id}-edge)`}
        stroke="rgba(255,255,255,0.25)"
        strokeWidth="0.8"
      />
      <path d="M24 7.5 38.2 15.6v16.8L24 40.5 9.8 32.4V15.6z" fill={`url(#${id}-face)`} />
      <path d="M24 7.5 38.2 15.6 24 23.6 9.8 15.6z" fill="rgba(255,255,255,0.06)" />
      <text
        x="24"
        y={isWide ? 30.5 : 31}
        textAnchor="middle"
        fontSize={isWide ? 17 : 19}
        fontWeight="800"
        style={{ fill: 'var(--color-primary)' }}
      >
        {initial}
      </text>
    </svg>
  );
}
