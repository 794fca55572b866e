/**
 * The sales chart's order axis counts whole orders: its ticks are 0, 1, 2… or 0, 5, 10…, never 0.2 of
 * an order, and it starts at 0. Pure: SalesChart hands these to uPlot's scale and axis.
 */

const STEPS = [1, 2, 5] as const;

/** The step between ticks: the smallest of 1, 2, 5, 10, 20, 50… that covers `max` in at most `most` steps. */
export function orderAxisStep(max: number, most = 5): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const step of STEPS) if (step * magnitude * most >= max) return step * magnitude;
  }
}

/** From 0 to the first whole tick at or above the busiest day (0–1 for a period without orders). */
export function orderAxisRange(max: number | null | undefined): [number, number] {
  const top = Number.isFinite(max) && max! > 0 ? max! : 0;
  const step = orderAxisStep(top);
  return [0, Math.max(step, Math.ceil(top / step) * step)];
}

/** The ticks between `min` and `max`: whole multiples of the step. */
export function orderAxisTicks(min: number, max: number): number[] {
  const step = orderAxisStep(max);
  const ticks: number[] = [];
  for (let tick = Math.max(0, Math.ceil(min / step) * step); tick <= max; tick += step) ticks.push(tick);
  return ticks;
}
