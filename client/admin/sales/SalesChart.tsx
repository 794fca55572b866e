import uPlot from 'uplot';
import type { SalesResponse } from '../../../shared/schemas/adminProducts.js';
import { countOf } from '../../ui/plural.js';
import { orderAxisRange, orderAxisTicks } from './orderAxis.js';
import { useUplotChart } from '../ui/useUplotChart.js';
import styles from './Sales.module.css';

const HEIGHT = 280;

/** Orders (bars) and paid revenue (line) per day, drawn by uPlot on a canvas sized to its container. */
export function SalesChart({ days }: { days: SalesResponse['days'] }) {
  const box = useUplotChart(
    HEIGHT,
    ({ accent, deal, axis }) => ({
      data: [
        days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
        days.map((day) => day.orders),
        days.map((day) => Number(day.revenue)),
      ],
      options: {
        scales: {
          x: { time: true },
          // Whole orders from 0: uPlot's own ticks would split one order into 0.2 steps.
          orders: { range: (_u, _min, max) => orderAxisRange(max) },
          revenue: { auto: true },
        },
        axes: [
          axis,
          {
            ...axis,
            scale: 'orders',
            label: 'Orders',
            splits: (_u, _axis, min, max) => orderAxisTicks(min, max),
            values: (_u, ticks) => ticks.map(String),
          },
          { ...axis, scale: 'revenue', side: 1, label: 'Revenue ($)', grid: { show: false } },
        ],
        series: [
          {},
          {
            label: 'Orders',
            scale: 'orders',
            stroke: accent,
            fill: `${accent}33`,
            paths: uPlot.paths.bars!({ size: [0.6, 40] }),
          },
          {
            label: 'Revenue ($)',
            scale: 'revenue',
            stroke: deal,
            width: 2,
            value: (_u, v) => (v == null ? '' : `$${v.toFixed(2)}`),
          },
        ],
      },
    }),
    [days],
  );

  return <div ref={box} className={styles.chart} role="img" aria-label={chartSummary(days)} />;
}

/** The chart in words, for screen readers: the busiest day and the totals. */
function chartSummary(days: SalesResponse['days']): string {
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const busiest = days.reduce((best, day) => (day.orders > best.orders ? day : best), days[0]!);
  const period = `the last ${countOf(days.length, 'day')}`;
  return orders === 0
    ? `No orders in ${period}.`
    : `${countOf(orders, 'order')} in ${period}; the busiest day was ${busiest.date} with ${busiest.orders}.`;
}

export default SalesChart;
