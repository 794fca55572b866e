import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PriceHistoryResponse } from '../../../shared/schemas/priceChecks.js';
import { useDocumentTheme } from '../sales/useDocumentTheme.js';
import styles from './Prices.module.css';

const HEIGHT = 200;

/** A product's price changes of the last 90 days as a step line, drawn by uPlot (as the sales chart is). */
export function PriceHistoryChart({ points }: { points: PriceHistoryResponse['points'] }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useDocumentTheme();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const accent = style.getPropertyValue('--color-accent').trim() || '#4f46e5';
    const axis = { stroke: style.getPropertyValue('--color-text-muted').trim() || '#5b6474' };
    // The last price holds until now: the step line runs to today, and one change alone still spans
    // a range of days (uPlot gave a single point an axis of years).
    const last = points.at(-1);
    const now = Date.now() / 1000;
    const data: uPlot.AlignedData = [
      [...points.map((point) => Date.parse(point.at) / 1000), ...(last ? [now] : [])],
      [...points.map((point) => Number(point.price)), ...(last ? [Number(last.price)] : [])],
    ];
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        scales: { x: { time: true }, price: { auto: true } },
        axes: [axis, { ...axis, scale: 'price', label: 'Price ($)' }],
        series: [
          {},
          {
            label: 'Price ($)',
            scale: 'price',
            stroke: accent,
            width: 2,
            paths: uPlot.paths.stepped!({ align: 1 }),
            value: (_u, v) => (v == null ? '' : `$${v.toFixed(2)}`),
          },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, theme]);

  const prices = points.map((point) => Number(point.price));
  const summary = `${points.length} price ${points.length === 1 ? 'change' : 'changes'}; from $${Math.min(...prices).toFixed(2)} to $${Math.max(...prices).toFixed(2)}.`;
  return <div ref={box} className={styles.chart} role="img" aria-label={summary} />;
}

export default PriceHistoryChart;
