/** Field types of the environment schema (config.ts), shared with the payment providers that add their own variables. */
import { z } from 'zod';

/** Unset or blank: undefined. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const urlText = (protocols: string[]) =>
  optionalText.refine(
    (value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}://`)),
    { error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}` },
  );

/**
 * A whole number from the environment, within bounds, each refusal a sentence naming the unit:
 * wholeNumber({ unit: 'minutes', min: 1, max: [43_200, '30 days'] }).
 */
export function wholeNumber({
  unit,
  min,
  max,
}: {
  /** 'minutes', 'seconds'…; none for a plain count. */
  unit?: string;
  min: number;
  /** The largest value allowed, and what it is in words ('30 days'), for the refusal. */
  max?: [number, string];
}) {
  const kind = unit ? `must be a whole number of ${unit}` : 'must be a whole number';
  const field = z.coerce
    .number({ error: kind })
    .int({ error: kind })
    .min(min, { error: `must be ${min} or more` });
  return max ? field.max(max[0], { error: `must be at most ${max[0]} (${max[1]})` }) : field;
}
