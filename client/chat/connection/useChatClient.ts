/**
 * The signed-in user's ChatClient, shared by every chat view on screen. Made on first use, closed a
 * moment after the last view lets go (so moving between the floating window and /chats keeps the
 * connection), and replaced when the session changes.
 */
import { useCallback, useEffect, useMemo, useReducer, useSyncExternalStore } from 'react';
import { useAuth } from '../../session/useAuth.js';
import { ChatClient, type ChatSnapshot } from './chatClient.js';
import type { Draft } from './drafts.js';

const RELEASE_DELAY_MS = 1000;

let current: ChatClient | null = null;
let holders = 0;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRelease(): void {
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    if (holders > 0 || !current) return;
    current.close();
    current = null;
  }, RELEASE_DELAY_MS);
}

function clientFor(token: string, userId: string): ChatClient {
  if (current && current.token === token && current.userId === userId) return current;
  current?.close();
  current = new ChatClient(token, userId);
  // Made during a render that may never commit: closed again unless a view takes hold of it.
  scheduleRelease();
  return current;
}

/** The chat connection of the signed-in user; null when signed out. */
export function useChatClient(): ChatClient | null {
  const { token, user } = useAuth();
  const [generation, renew] = useReducer((count: number) => count + 1, 0);
  const client = useMemo(
    () => (token && user ? clientFor(token, user.sub) : null),
    // generation: a new client after the one this render made was released (see the effect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token, user, generation],
  );
  useEffect(() => {
    if (!client) return;
    // A render that took longer than RELEASE_DELAY_MS to commit (a busy phone, a lazy chunk) finds its
    // client already released and closed: it would show a dead connection forever. Make a new one.
    if (client.isClosed) return void renew();
    holders += 1;
    return () => {
      holders -= 1;
      if (client === current) scheduleRelease();
      else client.close();
    };
  }, [client]);
  return client;
}

const EMPTY: ChatSnapshot = {
  connection: 'connecting',
  chats: null,
  histories: new Map(),
  typing: new Set(),
  error: null,
  errors: new Map(),
  busy: false,
};
const noop = () => () => {};
const empty = () => EMPTY;

export function useChatSnapshot(client: ChatClient | null): ChatSnapshot {
  return useSyncExternalStore(client?.subscribe ?? noop, client?.getSnapshot ?? empty, empty);
}

/** The chat's draft in its composer (drafts.ts), live. */
export function useDraft(client: ChatClient, chatId: number): Draft {
  const subscribe = useCallback(
    (listener: () => void) => client.drafts.subscribe(chatId, listener),
    [client, chatId],
  );
  const get = useCallback(() => client.drafts.get(chatId), [client, chatId]);
  return useSyncExternalStore(subscribe, get, get);
}

/** Shows a chat while the calling view is mounted: join + history + read, then leave. */
export function useOpenChat(client: ChatClient | null, chatId: number | null): void {
  useEffect(() => {
    if (!client || chatId === null) return;
    return client.open(chatId);
  }, [client, chatId]);
}
