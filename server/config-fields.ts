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
