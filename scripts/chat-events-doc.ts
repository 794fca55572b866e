/**
 * `npm run docs:chat-events`: writes docs/api.md's socket.io section (between the two markers) from the
 * chat's event list and zod schemas (shared/schemas/chat.ts, CHAT_SOCKET_EVENTS). chat-events-doc.test.ts
 * fails when the written section differs from what this would write.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { z } from 'zod';
import { CHAT_SOCKET_EVENTS, chatMessageSchema, chatSummarySchema } from '../shared/schemas/chat.js';

export const API_DOC = fileURLToPath(new URL('../docs/api.md', import.meta.url));
export const START = '<!-- chat-events:start (written by `npm run docs:chat-events`; do not edit) -->';
export const END = '<!-- chat-events:end -->';

type Schema = {
  type?: string | string[];
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
};

/** The two shapes several events carry, shown once each as their own table. */
const NAMED = z.registry<{ id: string }>();
NAMED.add(chatSummarySchema, { id: 'ChatSummary' });
NAMED.add(chatMessageSchema, { id: 'ChatMessage' });

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Schema & { $defs?: Record<string, Schema> } {
  return z.toJSONSchema(schema, { io, metadata: NAMED, unrepresentable: 'any', reused: 'inline' }) as Schema;
}

/** One schema as a short phrase: "text (at most 255 characters)", "list of ChatMessage". */
function typeText(schema: Schema): string {
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return `[${name}](#${name.toLowerCase()})`;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeText).join(', or ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' or ');
  const limits: string[] = [];
  // z.int()'s own bounds (the safe integers) say nothing a reader needs.
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) {
    limits.push(`from ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) {
    limits.push(`to ${schema.maximum}`);
  }
  if (schema.minLength === 1) limits.push('not empty');
  else if (schema.minLength) limits.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength} characters`);
  if (schema.maxItems !== undefined) limits.push(`at most ${schema.maxItems}`);
  if (schema.pattern) limits.push(`matching \`${schema.pattern}\``);
  if (schema.default !== undefined) limits.push(`default \`${JSON.stringify(schema.default)}\``);
  const type = [schema.type ?? 'any'].flat().filter((name) => name !== 'null');
  const nullable = [schema.type].flat().includes('null') ? ' or null' : '';
  let base: string;
  if (type[0] === 'array') base = `list of ${schema.items ? typeText(schema.items) : 'any'}`;
  else if (type[0] === 'object') base = objectText(schema);
  else
    base =
      { string: 'text', integer: 'whole number', number: 'number', boolean: 'true or false' }[type[0]!] ??
      type.join(' or ');
  return `${base}${limits.length ? ` (${limits.join(', ')})` : ''}${nullable}`;
}

/** An object inline: { ok: true, message: ChatMessage }. */
function objectText(schema: Schema): string {
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const optional = schema.required?.includes(name) ? '' : '?';
    return `${name}${optional}: ${typeText(field)}`;
  });
  return `{ ${fields.join(', ')} }`;
}

/** An object's fields as a table; anything else as one line. */
function payloadText(schema: Schema): string {
  if (schema.type !== 'object' || !schema.properties) return `Payload: ${typeText(schema)}.\n`;
  const rows = Object.entries(schema.properties).map(([name, field]) => {
    const required = schema.required?.includes(name) ? 'yes' : 'no';
    return `| \`${name}\` | ${typeText(field).replaceAll('|', '\\|')} | ${required} |`;
  });
  return ['| Field | Type | Required |', '| --- | --- | --- |', ...rows, ''].join('\n');
}

function eventsText(direction: keyof typeof CHAT_SOCKET_EVENTS, io: 'input' | 'output'): string {
  return Object.entries(CHAT_SOCKET_EVENTS[direction])
    .map(([name, event]) => {
      const ack = event.ack
        ? `\nAcknowledgement (socket.io's callback): ${typeText(jsonSchema(event.ack, 'output'))}.\n`
        : '';
      return `#### \`${name}\`\n\n${event.about}\n\n${payloadText(jsonSchema(event.payload, io))}${ack}`;
    })
    .join('\n');
}

function namedText(): string {
  return [chatSummarySchema, chatMessageSchema]
    .map((schema) => {
      // Without the registry, or the shape would name itself.
      const own = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Schema;
      return `#### ${NAMED.get(schema)!.id}\n\n${payloadText(own)}`;
    })
    .join('\n');
}

/** The whole generated section, markers included. */
export function chatEventsSection(): string {
  return [
    START,
    '',
    '### Client → server',
    '',
    'Payloads are checked with these schemas; a refused one is answered with `chatError`.',
    '',
    eventsText('clientToServer', 'input'),
    '### Server → client',
    '',
    eventsText('serverToClient', 'output'),
    '### Shapes',
    '',
    namedText(),
    END,
  ].join('\n');
}

/** The section of a docs/api.md text, markers included. */
export function sectionOf(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no ${START} … ${END} markers.`);
  return doc.slice(start, end + END.length);
}

/** docs/api.md's text with the section replaced, formatted as `prettier --check` wants it. */
export async function withSection(doc: string, section: string): Promise<string> {
  const replaced = doc.replace(sectionOf(doc), () => section);
  const options = await prettier.resolveConfig(API_DOC);
  return prettier.format(replaced, { ...options, filepath: API_DOC });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(API_DOC, await withSection(fs.readFileSync(API_DOC, 'utf8'), chatEventsSection()));
  console.log('docs/api.md: socket.io events section written.');
}
