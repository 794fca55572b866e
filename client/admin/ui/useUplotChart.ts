import { type RefObject, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useDocumentTheme } from './useDocumentTheme.js';

/** The theme's colours a chart draws with, read from its CSS variables when it is drawn. */
export interface ChartColours {
  accent: string;
  deal: string;
  /** For axes: `{ stroke }`. */
  axis: { stroke: string };
}

/**
 * A uPlot chart drawn into the returned element at its width and `height`, drawn again when `deps` or the
 * theme change (its colours are the theme's CSS variables), resized with its container, and destroyed
 * when it goes. `build` gives the options (without width and height) and the data.
 */
export function useUplotChart(
  height: number,
  build: (colours: ChartColours) => {
    options: Omit<uPlot.Options, 'width' | 'height'>;
    data: uPlot.AlignedData;
  },
  deps: readonly unknown[],
): RefObject<HTMLDivElement | null> {
  const box = useRef<HTMLDivElement>(null);
  const theme = useDocumentTheme();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const colour = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const { options, data } = build({
      accent: colour('--color-accent', '#4f46e5'),
      deal: colour('--color-deal', '#047857'),
      axis: { stroke: colour('--color-text-muted', '#5b6474') },
    });
    const chart = new uPlot({ ...options, width: element.clientWidth, height }, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
    // `build` is made anew each render; what it reads is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, theme, height]);
  return box;
}
