/**
 * ECharts, the parts the dashboard draws with and nothing else (decision 0023): the core, the
 * line, bar and pie charts, the grid, tooltip and legend, and the canvas renderer. Imported by
 * the dashboard page only, so the library is in that page's chunk and loaded with it.
 */
import { init, use as register, type ComposeOption, type ECharts } from 'echarts/core';
import {
  BarChart,
  LineChart,
  PieChart,
  type BarSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

register([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The options the dashboard's charts may use: what is registered above. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export { init, type ECharts };
