import { describe, expect, it } from 'vitest';
import type { DashboardTotals } from '@lobby/contracts';
import {
  categoryChartOption,
  categoryName,
  chartValue,
  dayChartOption,
  platformChartOption,
  type DashboardCurrency,
} from './chart-options.ts';

const ZERO: DashboardTotals = {
  registrations: 0,
  ftdCount: 0,
  ftdAmount: '0.00',
  deposits: '0.00',
  depositCount: 0,
  withdrawals: '0.00',
  withdrawalCount: 0,
  netDeposits: '0.00',
  bets: '0.00',
  validBets: '0.00',
  payouts: '0.00',
  ggr: '0.00',
  bonus: '0.00',
  rebate: '0.00',
  commission: '0.00',
  ngr: '0.00',
  activeMembers: 0,
};

const game = (bets: string, payouts: string, ggr: string, players: number) => ({
  bets,
  validBets: bets,
  payouts,
  ggr,
  players,
});

const figures: DashboardCurrency = {
  currency: 'CNY',
  totals: { ...ZERO, ggr: '150.50', registrations: 3 },
  previous: { ...ZERO, ggr: '20.00', registrations: 1 },
  byDay: [
    { ...ZERO, day: '2026-03-01', ggr: '100.25', registrations: 2 },
    { ...ZERO, day: '2026-03-02', ggr: '50.25', registrations: 1 },
  ],
  previousByDay: [
    { ...ZERO, day: '2026-02-27', ggr: '-10.00', registrations: 0 },
    { ...ZERO, day: '2026-02-28', ggr: '30.00', registrations: 1 },
  ],
  byPlatform: [
    { platformId: '17', platformName: '鹏购电子', ...game('300.00', '200.00', '100.00', 2) },
    { platformId: '3', platformName: 'Casino', ...game('90.00', '110.00', '-20.00', 1) },
    { platformId: '5', platformName: 'Sports', ...game('500.00', '430.50', '69.50', 4) },
  ],
  byCategory: [
    { category: '4', ...game('300.00', '200.00', '100.00', 2) },
    { category: '2', ...game('90.00', '110.00', '-20.00', 1) },
    { category: '6', ...game('500.00', '430.50', '69.50', 4) },
  ],
};

const labels = { current: 'This period', previous: 'Previous period' };

describe('the dashboard charts', () => {
  it('draws this period’s days against the previous period’s, day by day', () => {
    const option = dayChartOption(figures, 'ggr', labels);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['03-01', '03-02'] });
    expect(option.series).toMatchObject([
      { type: 'line', name: 'This period', data: [100.25, 50.25] },
      { type: 'line', name: 'Previous period', data: [-10, 30], lineStyle: { type: 'dashed' } },
    ]);
    expect(option.legend).toMatchObject({ data: ['This period', 'Previous period'] });
    // Counts are drawn as they are.
    expect(dayChartOption(figures, 'registrations', labels).series).toMatchObject([
      { data: [2, 1] },
      { data: [0, 1] },
    ]);
  });

  it('draws its tooltips in the canvas (the HTML ones need inline styles CSP refuses)', () => {
    for (const option of [
      dayChartOption(figures, 'ggr', labels),
      platformChartOption(figures, 'ggr', 'GGR'),
      categoryChartOption(figures, 'ggr', 'GGR', categoryName),
    ]) {
      expect(option.tooltip).toMatchObject({ renderMode: 'richText' });
    }
  });

  it('ranks the platforms by the figure, the largest on top, at most the limit', () => {
    const option = platformChartOption(figures, 'ggr', 'GGR');
    // A horizontal bar chart draws its first category at the bottom.
    expect(option.yAxis).toMatchObject({ data: ['Casino', 'Sports', '鹏购电子'] });
    expect(option.series).toMatchObject([{ type: 'bar', name: 'GGR', data: [-20, 69.5, 100] }]);
    const top = platformChartOption(figures, 'players', 'Players', 2);
    expect(top.yAxis).toMatchObject({ data: ['鹏购电子', 'Sports'] });
    expect(top.series).toMatchObject([{ data: [2, 4] }]);
  });

  it('shares the categories by name, leaving out what a pie cannot show', () => {
    const option = categoryChartOption(figures, 'ggr', 'GGR', (code) => `#${categoryName(code)}`);
    expect(option.series).toMatchObject([
      {
        type: 'pie',
        data: [
          { name: '#slot', value: 100 },
          { name: '#sports', value: 69.5 },
        ],
      },
    ]);
    expect(categoryName('2')).toBe('casino');
    expect(categoryName('99')).toBe('other');
  });

  it('reads amounts from their decimal strings', () => {
    expect(chartValue('1234.56')).toBe(1234.56);
    expect(chartValue('-0.01')).toBe(-0.01);
    expect(chartValue(7)).toBe(7);
    expect(chartValue('n/a')).toBe(0);
  });
});
