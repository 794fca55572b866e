import uPlot from 'uplot';
import type { PriceHistoryResponse } from '../../../shared/schemas/priceChecks.js';
import { useUplotChart } from '../ui/useUplotChart.js';
import styles from './Prices.module.css';

const HEIGHT = 200;

/** A product's price changes of the last 90 days as a step line, drawn by uPlot (as the sales chart is). */
export function PriceHistoryChart({ points }: { points: PriceHistoryResponse['points'] }) {
  const box = useUplotChart(
    HEIGHT,
    ({ accent, axis }) => {
      // The last price holds until now: the step line runs to today, and one change alone still spans
      // a range of days (uPlot gave a single point an axis of years).
      const last = points.at(-1);
      const now = Date.now() / 1000;
      return {
        data: [
          [...points.map((point) => Date.parse(point.at) / 1000), ...(last ? [now] : [])],
          [...points.map((point) => Number(point.price)), ...(last ? [Number(last.price)] : [])],
        ],
        options: {
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
      };
    },
    [points],
  );

  const prices = points.map((point) => Number(point.price));
  const summary = `${points.length} price ${points.length === 1 ? 'change' : 'changes'}; from $${Math.min(...prices).toFixed(2)} to $${Math.max(...prices).toFixed(2)}.`;
  return <div ref={box} className={styles.chart} role="img" aria-label={summary} />;
}

export default PriceHistoryChart;
