import { describe, expect, it } from 'vitest';
import { sendMessageEventSchema } from '../../../shared/schemas/chat.js';
import { newClientMessageId } from './chatClient.js';

describe('newClientMessageId', () => {
  it('makes ids the server accepts, a new one each time', () => {
    const ids = Array.from({ length: 50 }, () => newClientMessageId());
    expect(new Set(ids).size).toBe(50);
    for (const clientMessageId of ids) {
      const parsed = sendMessageEventSchema.safeParse({
        chatId: 1,
        senderGoogleId: 'u',
        content: 'hi',
        clientMessageId,
      });
      expect(parsed.success, clientMessageId).toBe(true);
    }
  });
});
