import { useId } from 'react';

/**
 * The hero illustration: cards, chips, a coin and a ball on a glow, all in the brand's
 * colours (CSS variables), so every brand gets its own picture from the same drawing.
 */
export function HeroArt({ initial }: { initial: string }) {
  const id = useId();
  const primary = { stopColor: 'var(--color-primary)' };
  const accent = { stopColor: 'var(--color-accent)' };
  return (
    <svg className="hero-art" viewBox="0 0 480 360" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-glow`} cx="50%" cy="50%" r="50%">
          <stop offset="0" style={primary} stopOpacity="0.55" />
          <stop offset="0.55" style={accent} stopOpacity="0.16" />
          <stop offset="1" style={accent} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff7df" />
          <stop offset="0.35" style={primary} />
          <stop offset="1" style={primary} stopOpacity="0.7" />
        </linearGradient>
        <linearGradient id={`${id}-card`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#e9ebf2" />
        </linearGradient>
        <linearGradient id={`${id}-chip`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" style={accent} />
          <stop offset="1" style={accent} stopOpacity="0.7" />
        </linearGradient>
      </defs>

      <circle cx="250" cy="175" r="170" fill={`url(#${id}-glow)`} />
      <g fill="none" style={{ stroke: 'var(--color-primary)' }} strokeOpacity="0.35">
        <circle cx="250" cy="175" r="128" strokeDasharray="2 10" strokeWidth="2" />
        <circle cx="250" cy="175" r="150" strokeWidth="1" />
      </g>

      {/* Back card: king of hearts colours, tilted left. */}
      <g transform="translate(150 70) rotate(-14)">
        <rect width="120" height="170" rx="14" fill={`url(#${id}-card)`} />
        <rect
          x="8"
          y="8"
          width="104"
          height="154"
          rx="9"
          fill="none"
          stroke="#d5475b"
          strokeOpacity="0.35"
        />
        <text x="16" y="36" fontSize="24" fontWeight="800" fill="#d5475b">
          K
        </text>
        <path d="M60 70c-10-14-32-4-22 14l22 22 22-22c10-18-12-28-22-14z" fill="#d5475b" />
      </g>

      {/* Front card: ace of spades with the brand colour edge. */}
      <g transform="translate(232 58) rotate(9)">
        <rect width="128" height="180" rx="14" fill={`url(#${id}-card)`} />
        <rect
          x="7"
          y="7"
          width="114"
          height="166"
          rx="9"
          fill="none"
          style={{ stroke: 'var(--color-primary)' }}
          strokeWidth="2"
        />
        <text x="17" y="38" fontSize="26" fontWeight="800" fill="#141821">
          A
        </text>
        <path
          d="M64 58c-18 22-34 30-34 46 0 12 14 19 26 11-2 9-6 14-12 18h40c-6-4-10-9-12-18 12 8 26 1 26-11 0-16-16-24-34-46z"
          fill="#141821"
        />
      </g>

      {/* Chip stack. */}
      <g transform="translate(96 236)">
        {[0, 1, 2, 3].map((level) => (
          <g key={level} transform={`translate(0 ${-level * 13})`}>
            <ellipse cx="48" cy="26" rx="48" ry="17" fill="#0b0d12" fillOpacity="0.45" />
            <ellipse cx="48" cy="20" rx="48" ry="17" fill={`url(#${id}-chip)`} />
            <ellipse
              cx="48"
              cy="20"
              rx="32"
              ry="10"
              fill="none"
              stroke="#fff"
              strokeOpacity="0.55"
              strokeWidth="3"
              strokeDasharray="8 7"
            />
          </g>
        ))}
      </g>

      {/* Coin with the brand's initial. */}
      <g transform="translate(352 214)">
        <circle cx="44" cy="48" r="44" fill="#000" fillOpacity="0.3" />
        <circle cx="44" cy="44" r="44" fill={`url(#${id}-gold)`} />
        <circle
          cx="44"
          cy="44"
          r="34"
          fill="none"
          stroke="#fff"
          strokeOpacity="0.45"
          strokeWidth="2"
        />
        <text
          x="44"
          y="55"
          textAnchor="middle"
          fontSize="30"
          fontWeight="800"
          style={{ fill: 'var(--color-on-primary)' }}
        >
          {initial}
        </text>
      </g>

      {/* Ball for the sports venues. */}
      <g transform="translate(372 62)">
        <circle cx="32" cy="32" r="32" fill="#f7f8fb" />
        <path d="m32 16 13 9-5 15H24l-5-15z" fill="#141821" />
        <path
          d="M32 16V2M45 25l14-6M40 40l9 13M24 40l-9 13M19 25 5 19"
          stroke="#141821"
          strokeWidth="2.5"
        />
      </g>

      {/* Sparkles. */}
      <g style={{ fill: 'var(--color-primary)' }}>
        <path d="M96 92l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" />
        <path d="M424 160l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" opacity="0.8" />
        <path d="M214 300l2.5 6 6 2.5-6 2.5-2.5 6-2.5-6-6-2.5 6-2.5z" opacity="0.7" />
      </g>
    </svg>
  );
}
