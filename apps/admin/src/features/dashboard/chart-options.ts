import type { AdminReportsDashboard, DashboardTotals } from '@lobby/contracts';
import { GAME_CATEGORIES } from '@lobby/contracts';
import type { ChartOption } from './echarts.ts';

/**
 * The dashboard's chart options, built from the dashboard's answer (one currency of it). Pure
 * functions, so the tests check what is drawn without a canvas. Amounts are decimal strings: a
 * chart needs numbers to place its points, so they become floats here and only here; the
 * figures themselves are shown from the strings, in the cards and the tables.
 */

export type DashboardCurrency = AdminReportsDashboard['currencies'][number];
/** A figure of the totals the day chart can draw. */
export type DayMetric = Exclude<keyof DashboardTotals, never>;
/** A figure of the platform and category rows. */
export type GameMetric = 'bets' | 'validBets' | 'payouts' | 'ggr' | 'players';

/** The tooltip is drawn in the canvas: the HTML one carries inline styles CSP refuses. */
const TOOLTIP = { renderMode: 'richText' } as const;

/** A figure as a chart value: counts as they are, amounts parsed from their decimal string. */
export function chartValue(value: string | number): number {
  if (typeof value === 'number') return value;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * The day line: this period's figure per day against the previous period's, day n beside day
 * n (the x axis names this period's days; the tooltip names both).
 */
export function dayChartOption(
  currency: DashboardCurrency,
  metric: DayMetric,
  labels: { current: string; previous: string },
): ChartOption {
  const days = currency.byDay.map((row) => row.day.slice(5));
  return {
    tooltip: { ...TOOLTIP, trigger: 'axis' },
    legend: { data: [labels.current, labels.previous], top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days, boundaryGap: false },
    yAxis: { type: 'value' },
    series: [
      {
        name: labels.current,
        type: 'line',
        showSymbol: days.length <= 31,
        data: currency.byDay.map((row) => chartValue(row[metric])),
      },
      {
        name: labels.previous,
        type: 'line',
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: currency.previousByDay.slice(0, days.length).map((row) => chartValue(row[metric])),
      },
    ],
  };
}

/** The platforms by a figure, largest first, at most `limit` bars. */
export function platformChartOption(
  currency: DashboardCurrency,
  metric: GameMetric,
  label: string,
  limit = 10,
): ChartOption {
  const rows = [...currency.byPlatform]
    .sort((a, b) => chartValue(b[metric]) - chartValue(a[metric]))
    .slice(0, limit)
    // The largest on top: a horizontal bar chart draws its first category at the bottom.
    .reverse();
  return {
    tooltip: { ...TOOLTIP, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: rows.map((row) => row.platformName) },
    series: [
      {
        name: label,
        type: 'bar',
        barMaxWidth: 24,
        data: rows.map((row) => chartValue(row[metric])),
      },
    ],
  };
}

const CATEGORY_NAMES = new Map<string, string>(
  Object.entries(GAME_CATEGORIES).map(([name, code]) => [String(code), name]),
);

/** The name of a GAME_CATEGORIES code ("4" -> "slot"); "other" for a code it does not know. */
export function categoryName(code: string): string {
  return CATEGORY_NAMES.get(code) ?? 'other';
}

/**
 * The game categories' share of a figure. A pie cannot show a negative share, so a category
 * below zero (a GGR the members won) is left out of the pie; the table beside it lists it.
 */
export function categoryChartOption(
  currency: DashboardCurrency,
  metric: GameMetric,
  label: string,
  nameOf: (code: string) => string,
): ChartOption {
  const data = currency.byCategory
    .map((row) => ({ name: nameOf(row.category), value: chartValue(row[metric]) }))
    .filter((item) => item.value > 0);
  return {
    tooltip: { ...TOOLTIP, trigger: 'item' },
    legend: { type: 'plain', bottom: 0 },
    series: [
      {
        name: label,
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}: {d}%' },
        data,
      },
    ],
  };
}
