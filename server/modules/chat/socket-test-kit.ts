/** Socket helpers for the chat tests: real socket.io clients against a listening app. */
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/schemas/chat.js';

export type ChatClient = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

/** A connected client, or the connect_error message it was refused with. */
export async function connect(url: string, auth: Record<string, unknown> | undefined): Promise<ChatClient> {
  const socket: ChatClient = connectClient(url, {
    ...(auth ? { auth } : {}),
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 3000,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** The next `event` the socket receives that passes `match`, or a rejection after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ChatClient,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  ms = 3000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Every `event` the socket receives up to and including the first that passes `last`, or a rejection after `ms`. */
export function collectUntil<E extends keyof ServerToClientEvents>(
  socket: ChatClient,
  event: E,
  last: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0][]> {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no last ${event} within ${ms} ms (saw ${seen.length})`));
    }, ms);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      seen.push(payload);
      if (!last(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(seen);
    };
    socket.on(event, listener as never);
  });
}

/** Every `event` the socket receives during `ms` (to check that something does NOT arrive). */
export async function collect<E extends keyof ServerToClientEvents>(
  socket: ChatClient,
  event: E,
  ms = 300,
): Promise<Parameters<ServerToClientEvents[E]>[0][]> {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => seen.push(payload);
  socket.on(event, listener as never);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event, listener as never);
  return seen;
}
