/**
 * The shade of a cohort cell: the share of the cohort counted in that week, as the opacity of
 * the console's blue (none for an empty or not yet begun week, at least a tint for any member).
 */
export function cohortShade(value: number | null, size: number): string | undefined {
  if (value === null || size <= 0 || value <= 0) return undefined;
  const share = Math.min(1, value / size);
  const alpha = Math.round((0.08 + share * 0.62) * 100) / 100;
  return `rgba(22, 119, 255, ${alpha})`;
}
