import { describe, expect, it } from 'vitest';
import { sendMessageEventSchema } from '../../../shared/schemas/chat.js';
import { newClientMessageId, retryDelayMs } from './chatClient.js';

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

describe('retryDelayMs', () => {
  it('waits what the server asked for, and up to as long again at random', () => {
    expect(retryDelayMs(1, 0)).toBe(1000);
    expect(retryDelayMs(1, 0.5)).toBe(1500);
    expect(retryDelayMs(5, 0.999)).toBe(9995);
  });
});
