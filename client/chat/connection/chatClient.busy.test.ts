/**
 * The browser's side of a busy server (issue 21): a send answered busy goes again after retryAfter with the
 * same clientMessageId, a connection refused with a retryAfter connects again after it, and meanwhile the
 * snapshot says busy (a calm note), not an error. socket.io-client is replaced by a socket this test drives
 * (the server's side is server/modules/chat/capacity.test.ts, over real sockets).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendMessageAck, SendMessageEvent } from '../../../shared/schemas/chat.js';

type Listener = (...args: unknown[]) => void;

/** The part of a socket.io client socket ChatClient uses, answering sendMessage from `answers`. */
class FakeSocket {
  connected = false;
  sendBuffer: unknown[] = [];
  readonly sent: SendMessageEvent[] = [];
  readonly answers: SendMessageAck[] = [];
  connects = 0;
  private readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** The connection is made (or made again). */
  connectNow() {
    this.connected = true;
    this.fire('connect');
  }
  emit() {
    return this;
  }
  timeout() {
    return {
      emitWithAck: (_event: string, payload: SendMessageEvent) => {
        this.sent.push(payload);
        return Promise.resolve(this.answers.shift());
      },
    };
  }
  connect() {
    this.connects += 1;
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
  }
  disconnect() {}
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const { ChatClient } = await import('./chatClient.js');
const BUSY = 'The chat is busy right now.';
const message = {
  id: 7,
  chat_id: 3,
  sender_google_id: 'buyer-1',
  content: 'hello',
  images: [],
  timestamp: '2026-01-01T00:00:00.000Z',
};

/** A client whose socket has connected. */
function connectedClient() {
  const client = new ChatClient('token', 'buyer-1');
  const socket = sockets.at(-1)!;
  socket.connectNow();
  return { client, socket };
}

describe('ChatClient past the server capacity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    sockets.splice(0);
  });

  it('sends a message answered busy again after retryAfter, with the same id, showing busy meanwhile', async () => {
    const { client, socket } = connectedClient();
    socket.answers.push({ ok: false, error: BUSY, retryAfter: 1500 }, {
      ok: true,
      message,
    } as SendMessageAck);

    const answer = client.send(3, 'hello', [], 'message-id-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toHaveLength(1);
    expect(client.getSnapshot().busy).toBe(true);
    expect(client.getSnapshot().error).toBeNull();

    await vi.advanceTimersByTimeAsync(1_499);
    expect(socket.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBeNull();
    expect(socket.sent.map((event) => event.clientMessageId)).toEqual(['message-id-1', 'message-id-1']);
    expect(client.getSnapshot().busy).toBe(false);
    client.close();
  });

  it('connects again after a refused connection’s retryAfter, showing busy meanwhile', async () => {
    const client = new ChatClient('token', 'buyer-1');
    const socket = sockets[0]!;
    socket.fire(
      'connect_error',
      Object.assign(new Error('full'), { data: { error: 'full', retryAfter: 4000 } }),
    );
    expect(client.getSnapshot().busy).toBe(true);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(socket.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connects).toBe(1);
    // Busy until a connection is made (the attempt may be refused again).
    expect(client.getSnapshot().busy).toBe(true);
    socket.connectNow();
    expect(client.getSnapshot().busy).toBe(false);
    client.close();
  });

  it('leaves a message waiting out its retryAfter to its timer when the connection comes back meanwhile', async () => {
    const { client, socket } = connectedClient();
    socket.answers.push({ ok: false, error: BUSY, retryAfter: 1500 }, {
      ok: true,
      message,
    } as SendMessageAck);
    const answer = client.send(3, 'hello', [], 'message-id-2');
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toHaveLength(1);

    // The connection drops and comes back before the wait is over: the message is not sent early.
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    socket.connectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1500);
    expect(await answer).toBeNull();
    expect(socket.sent).toHaveLength(2);
    // Stored: nothing is sent again later.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.sent).toHaveLength(2);
    client.close();
  });

  it('keeps the busy note on through retries answered busy again, so it is announced once', async () => {
    const { client, socket } = connectedClient();
    const shown: boolean[] = [];
    client.subscribe(() => {
      const { busy } = client.getSnapshot();
      if (shown.at(-1) !== busy) shown.push(busy);
    });
    socket.answers.push(
      { ok: false, error: BUSY, retryAfter: 1000 },
      { ok: false, error: BUSY, retryAfter: 1000 },
      { ok: true, message } as SendMessageAck,
    );
    const answer = client.send(3, 'hello', [], 'message-id-3');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await answer).toBeNull();
    expect(socket.sent).toHaveLength(3);
    expect(shown).toEqual([true, false]);
    client.close();
  });
});
