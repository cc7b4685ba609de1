import { useEffect, useRef } from 'react';
import { init, type ChartOption, type ECharts } from './echarts.ts';

/**
 * One ECharts chart in a div: made on mount, given each new option, resized with its box and
 * disposed on unmount. The canvas renderer draws inside the element, and the tooltip is drawn
 * on the canvas too (`renderMode: 'richText'` in the options): ECharts' HTML tooltip carries
 * `style` attributes the console's Content-Security-Policy refuses (decision 0023).
 */
export function Chart({
  option,
  height = 300,
  testId,
}: {
  option: ChartOption;
  height?: number;
  testId?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const box = element.current;
    if (!box) return undefined;
    const instance = init(box, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // A new option replaces the old one whole (series may come and go).
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} data-testid={testId} style={{ width: '100%', height }} />;
}
