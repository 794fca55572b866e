import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, chatEventsSection, END, sectionOf, START, withSection } from './chat-events-doc.js';

describe("docs/api.md's socket.io events", () => {
  it('are what the chat’s zod schemas say (else run `npm run docs:chat-events`)', async () => {
    const doc = fs.readFileSync(API_DOC, 'utf8');
    const expected = sectionOf(await withSection(doc, chatEventsSection()));
    expect(sectionOf(doc), 'docs/api.md’s socket.io section is stale: run `npm run docs:chat-events`').toBe(
      expected,
    );
  });

  it('lists every event of both directions with its payload', () => {
    const section = chatEventsSection();
    for (const event of ['registerUser', 'sendMessage', 'chatHistory', 'chatError', 'newMessage']) {
      expect(section).toContain(`#### \`${event}\``);
    }
    expect(section).toContain('| `clientMessageId` | text (matching `^[\\w-]{8,64}$`) | no |');
  });

  it('notices a stale section', async () => {
    const stale = `# Doc\n\n${START}\n\nold\n\n${END}\n\nAfter.\n`;
    expect(sectionOf(await withSection(stale, `${START}\n\nnew\n\n${END}`))).not.toBe(sectionOf(stale));
  });
});
