import '../zodConfig.js';
import { z } from 'zod';
import { type TextKeyed, textKeyedEntries } from '../textKeyed.js';

function isJsonObject(input: unknown): input is object {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/**
 * A JSON object keyed by typed text, e.g. category name -> sub-categories. Not z.record: zod leaves a
 * "__proto__" key out of its output on parse and on encode (it builds into a plain {}), so a category
 * named "__proto__" would vanish from the response. This checks every own value and passes the object
 * through as it is.
 */
export function textKeyedSchema<V extends z.ZodType>(value: V) {
  return z.custom<TextKeyed<z.output<V>>>().superRefine((input, ctx) => {
    if (!isJsonObject(input)) {
      ctx.addIssue({ code: 'custom', message: 'must be an object' });
      return;
    }
    for (const [key, item] of textKeyedEntries(input)) {
      const result = value.safeParse(item);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
      }
    }
  });
}
