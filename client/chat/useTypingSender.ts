/**
 * docs/product.md §4 / §9: typing is announced on input and stop-typing after 2000 ms without a key. While the
 * user keeps typing, typing is repeated now and then, so the other side's stale-mark timeout
 * (chatClient.ts) never hides a live indicator.
 */
import { useCallback, useEffect, useRef } from 'react';
import { TYPING_STOP_MS } from '../../shared/constants.js';
import type { ChatClient } from './connection/chatClient.js';

const TYPING_REPEAT_MS = TYPING_STOP_MS * 2;

export function useTypingSender(client: ChatClient, chatId: number) {
  const state = useRef({
    active: false,
    lastSent: 0,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  const stop = useCallback(() => {
    const current = state.current;
    clearTimeout(current.timer);
    if (!current.active) return;
    current.active = false;
    client.stopTyping(chatId);
  }, [client, chatId]);

  const onInput = useCallback(() => {
    const current = state.current;
    const now = Date.now();
    if (!current.active || now - current.lastSent > TYPING_REPEAT_MS) {
      client.typing(chatId);
      current.active = true;
      current.lastSent = now;
    }
    clearTimeout(current.timer);
    current.timer = setTimeout(stop, TYPING_STOP_MS);
  }, [client, chatId, stop]);

  useEffect(() => stop, [stop]);
  return { onInput, stop };
}
