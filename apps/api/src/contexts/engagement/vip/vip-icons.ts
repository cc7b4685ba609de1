import { VIP_LEVEL_MAX, VIP_LEVEL_MIN } from '@lobby/contracts';

/**
 * The icons of VIP levels 0-30 (SPEC.md section 9: each level has an icon image path), drawn
 * from the level number alone: a shield in the colours of the level's tier (grey for level 0,
 * then bronze, silver, gold, platinum, diamond and crown every five levels), up to five stars
 * for the level within its tier, and the level's name. Every level gets a different drawing and
 * the same one for every brand, so browsers may keep them for a year (the version is in the URL).
 */

type Tier = { from: string; to: string; rim: string; text: string };

const TIERS: readonly Tier[] = [
  { from: '#9ca3af', to: '#4b5563', rim: '#e5e7eb', text: '#ffffff' }, // level 0
  { from: '#f0b27a', to: '#8d4a1c', rim: '#fde3c8', text: '#ffffff' }, // 1-5 bronze
  { from: '#e5e7eb', to: '#7b8794', rim: '#ffffff', text: '#1f2937' }, // 6-10 silver
  { from: '#fde68a', to: '#c58a09', rim: '#fff7d6', text: '#5b3a00' }, // 11-15 gold
  { from: '#a7f3d0', to: '#0f766e', rim: '#e6fffa', text: '#ffffff' }, // 16-20 platinum
  { from: '#bae6fd', to: '#4f46e5', rim: '#eef2ff', text: '#ffffff' }, // 21-25 diamond
  { from: '#fca5a5', to: '#7f1d1d', rim: '#fde68a', text: '#fff7d6' }, // 26-30 crown
];

export function isVipLevel(level: number): boolean {
  return Number.isInteger(level) && level >= VIP_LEVEL_MIN && level <= VIP_LEVEL_MAX;
}

/** The level of an icon file name (`vip-7.svg`), or null. */
export function levelOfIconFile(file: string): number | null {
  const match = /^vip-(0|[1-9]\d?)\.svg$/.exec(file);
  if (!match) return null;
  const level = Number(match[1]);
  return isVipLevel(level) ? level : null;
}

function star(cx: number, cy: number, radius: number, fill: string): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const r = index % 2 === 0 ? radius : radius * 0.45;
    const angle = (Math.PI / 5) * index - Math.PI / 2;
    points.push(
      `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

export function vipIconSvg(level: number): string {
  if (!isVipLevel(level)) throw new RangeError(`not a VIP level: ${level}`);
  const tierIndex = level === 0 ? 0 : Math.ceil(level / 5);
  const tier = TIERS[tierIndex] ?? TIERS[TIERS.length - 1];
  if (!tier) throw new Error('no VIP tiers');
  const stars = level === 0 ? 0 : ((level - 1) % 5) + 1;
  const starRow = Array.from({ length: stars }, (_, index) =>
    star(80 + (index - (stars - 1) / 2) * 20, 124, 8, tier.rim),
  ).join('');
  const crown =
    tierIndex >= 6
      ? `<path d="M52 40 L62 22 L72 36 L80 16 L88 36 L98 22 L108 40 Z" fill="${tier.rim}"/>`
      : '';
  const label = `VIP${level}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" ` +
    `role="img" aria-label="${label}">` +
    `<defs><linearGradient id="v" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${tier.from}"/><stop offset="1" stop-color="${tier.to}"/>` +
    `</linearGradient></defs>` +
    `<path d="M80 12 L136 32 V78 C136 112 112 136 80 148 C48 136 24 112 24 78 V32 Z" ` +
    `fill="url(#v)" stroke="${tier.rim}" stroke-width="5"/>` +
    crown +
    `<text x="80" y="${level >= 10 ? 94 : 96}" text-anchor="middle" ` +
    `font-family="Arial, Helvetica, sans-serif" font-size="${level >= 10 ? 36 : 40}" ` +
    `font-weight="800" fill="${tier.text}">${label}</text>` +
    starRow +
    `</svg>`
  );
}
