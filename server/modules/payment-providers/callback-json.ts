import secureJson from 'secure-json-parse';
import { badRequest } from '../../http/errors.js';

/**
 * A callback's bytes read as JSON, by the same rules as every other body (app.ts): blank is no body, and
 * keys that would reach prototypes are refused. Callback routes take their bytes raw, for the signature.
 */
export function parseCallbackJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error', safe: true });
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
  if (parsed === null && text.trim() !== 'null') {
    throw badRequest('The body must not use "__proto__" or "constructor.prototype" as a key.');
  }
  return parsed;
}

/** The 400 sentence for the first thing zod found wrong. */
export function invalidField(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const issue = issues[0];
  return badRequest(`Invalid field "${issue?.path.join('.') || 'body'}": ${issue?.message ?? 'is invalid'}.`);
}
