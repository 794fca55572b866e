/**
 * One socket.io connection per signed-in user (docs/product.md §7 realtime events), shared by the floating chat
 * and the /chats pages, with the state they show kept as an immutable snapshot for
 * useSyncExternalStore. Every (re)connect registers, reloads the list and re-joins the chats on screen,
 * so a dropped connection reloads their history and misses nothing; a message whose answer the drop
 * lost is sent again, with its own id, so the server stores it once (see `send`).
 */
import { io, type Socket } from 'socket.io-client';
import { TYPING_STOP_MS } from '../../../shared/constants.js';
import type {
  ChatMessage,
  ChatSummary,
  ClientToServerEvents,
  SendMessageAck,
  SendMessageEvent,
  ServerToClientEvents,
} from '../../../shared/schemas/chat.js';
import { clearSessionToken, getSessionToken } from '../../session/sessionStore.js';
import {
  appendMessage,
  applyMessageToList,
  markChatRead,
  mergeChat,
  mergeMessages,
  sortChats,
  withChatError,
} from '../chatRules.js';
import { DraftStore } from './drafts.js';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * 'connecting' until the first connection, 'online' while connected, 'reconnecting' from a drop until
 * the connection is back (socket.io tries again by itself; see the disconnect handler).
 */
export type ConnectionState = 'connecting' | 'online' | 'reconnecting';

export interface ChatSnapshot {
  connection: ConnectionState;
  /** null until the first chatsList. */
  chats: ChatSummary[] | null;
  histories: ReadonlyMap<number, ChatMessage[]>;
  /** Chats where the other party is typing. */
  typing: ReadonlySet<number>;
  /** The last refusal of an event that named no chat (chatError without chatId). */
  error: string | null;
  /** The last refusal per conversation, until that chat's history arrives. */
  errors: ReadonlyMap<number, string>;
  /**
   * The server said it is too busy (a refused connection, or sends answered busy) and the client is
   * waiting its retryAfter to try again by itself: a calm 'busy, retrying' note, not an error.
   */
  busy: boolean;
}

const SEND_TIMEOUT_MS = 10_000;
export const COULD_NOT_SEND = 'The message could not be sent. Please check your connection and try again.';

/** A message given to `send`, until the server answers it. */
interface Outgoing {
  event: SendMessageEvent & { clientMessageId: string };
  answer: Promise<string | null>;
  settle: (problem: string | null) => void;
  /** Transmissions so far: only the latest one's answer counts (an earlier one died with its connection). */
  attempt: number;
  /** Waiting out a busy answer's retryAfter: this timer sends it again (a reconnect meanwhile does not). */
  retryTimer?: ReturnType<typeof setTimeout>;
  /** Answered busy, and not answered otherwise since: the chat shows busy until then. */
  busy: boolean;
}

/** A message's own id, made in the browser (getRandomValues works on plain http too, randomUUID does not). */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
/** The wait (ms) a busy refusal asks for, if it is one: `{ error, retryAfter }` (shared/schemas/chat.ts). */
function retryAfterOf(data: unknown): number | undefined {
  const retryAfter = (data as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  return typeof retryAfter === 'number' && retryAfter >= 0 ? Math.min(retryAfter, 60_000) : undefined;
}
/** A typing mark with no news this long is dropped: the other side may have closed its tab mid-word. */
const TYPING_STALE_MS = TYPING_STOP_MS * 5;

export class ChatClient {
  private readonly socket: ChatSocket;
  private snapshot: ChatSnapshot = {
    connection: 'connecting',
    chats: null,
    histories: new Map(),
    typing: new Set(),
    error: null,
    errors: new Map(),
    busy: false,
  };
  private readonly listeners = new Set<() => void>();
  /** Chats on screen, with how many views show each. */
  private readonly viewing = new Map<number, number>();
  private readonly typingTimers = new Map<number, ReturnType<typeof setTimeout>>();
  /** Messages sent and not answered yet, by their clientMessageId, oldest first. */
  private readonly outbox = new Map<string, Outgoing>();
  private closed = false;
  /** Retries waiting their retryAfter: sends answered busy, and a refused connection. */
  private readonly retries = new Set<ReturnType<typeof setTimeout>>();
  /** The last connection was refused with a retryAfter, and no connection has succeeded since. */
  private connectionBusy = false;
  /** What each conversation's composer holds (drafts.ts): kept for as long as this connection. */
  readonly drafts = new DraftStore();

  constructor(
    readonly token: string,
    readonly userId: string,
  ) {
    // WebSocket from the start: no long-polling handshake to upgrade from (an upgrade that stalls on a
    // busy machine left the chat on 'Loading messages…'), and no sticky sessions needed behind a
    // load balancer with several processes.
    this.socket = io({ auth: { token }, transports: ['websocket'] });
    this.socket.on('connect', this.onConnect);
    this.socket.on('disconnect', (reason) => {
      // Nothing waits in socket.io's own buffer for the connection to come back: typing marks would be
      // stale by then, and messages are the outbox's to send again (onConnect), each once.
      this.socket.sendBuffer = [];
      this.update({ connection: 'reconnecting', typing: new Set() });
      // The server closed this socket (it is shutting down for a restart, or the session ran out), which
      // socket.io does not retry by itself: try again. A session that ran out is refused ('unauthorized'
      // below, which signs out); a restarting server answers once it is back.
      if (reason === 'io server disconnect') this.socket.connect();
    });
    this.socket.on('connect_error', (error) => {
      // The server refused the token (expired, revoked): sign out, as a 401 from a buyer call does.
      if (error.message === 'unauthorized' && getSessionToken() === token) clearSessionToken();
      // The server is full or too busy and said when to come back (a refusal socket.io does not retry).
      const retryAfter = retryAfterOf((error as Error & { data?: unknown }).data);
      this.connectionBusy = retryAfter !== undefined;
      if (retryAfter !== undefined) this.later(retryAfter, () => this.socket.connect());
      this.showBusy();
    });
    this.socket.on('chatsList', this.onChatsList);
    this.socket.on('chatHistory', ({ chatId, messages }) => {
      const histories = new Map(this.snapshot.histories);
      histories.set(chatId, mergeMessages(histories.get(chatId) ?? [], messages));
      const patch: Partial<ChatSnapshot> = { histories };
      if (this.snapshot.errors.has(chatId)) {
        const errors = new Map(this.snapshot.errors);
        errors.delete(chatId);
        patch.errors = errors;
      }
      this.update(patch);
    });
    this.socket.on('chatUpdated', this.onChatUpdated);
    this.socket.on('newMessage', this.onNewMessage);
    this.socket.on('typing', ({ chatId, userId }) => this.setTyping(chatId, userId, true));
    this.socket.on('stopTyping', ({ chatId, userId }) => this.setTyping(chatId, userId, false));
    this.socket.on('chatError', (refusal) => this.update(withChatError(this.snapshot, refusal)));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => this.snapshot;

  /** Shows a chat: join, load its history, mark it read. Returns the matching close. */
  open(chatId: number): () => void {
    const count = this.viewing.get(chatId) ?? 0;
    this.viewing.set(chatId, count + 1);
    if (count === 0) this.join(chatId);
    return () => {
      const left = (this.viewing.get(chatId) ?? 1) - 1;
      if (left > 0) return void this.viewing.set(chatId, left);
      this.viewing.delete(chatId);
      if (this.socket.connected) this.socket.emit('leaveChat', { chatId });
    };
  }

  refreshChats(): void {
    if (this.socket.connected) this.socket.emit('getChats', { participantId: this.userId });
  }

  typing(chatId: number): void {
    if (this.socket.connected) this.socket.emit('typing', { chatId, userId: this.userId });
  }

  stopTyping(chatId: number): void {
    if (this.socket.connected) this.socket.emit('stopTyping', { chatId, userId: this.userId });
  }

  /**
   * Sends and waits for the server's ack: null when stored, else the sentence saying why not. A resend
   * of the same message passes the same `clientMessageId`, so a send whose ack was lost is not stored
   * twice. Sent while the connection is away, or lost with it before the answer came, the message
   * waits and goes (again) once connected, with the same id: the server stores it once, and answers
   * the resend of one it already stored with that message. Only a connected socket that gets no answer
   * in time gives up (COULD_NOT_SEND), leaving the retry to the user.
   */
  send(
    chatId: number,
    content: string,
    images: string[],
    clientMessageId: string = newClientMessageId(),
  ): Promise<string | null> {
    const waiting = this.outbox.get(clientMessageId);
    if (waiting) return waiting.answer;
    let settle: (problem: string | null) => void = () => {};
    const answer = new Promise<string | null>((resolve) => (settle = resolve));
    const event = { chatId, senderGoogleId: this.userId, content, images, clientMessageId };
    const outgoing: Outgoing = { event, answer, settle, attempt: 0, busy: false };
    this.outbox.set(clientMessageId, outgoing);
    this.transmit(outgoing);
    return answer;
  }

  private transmit(outgoing: Outgoing): void {
    if (!this.socket.connected) return; // onConnect sends it.
    const attempt = ++outgoing.attempt;
    this.socket
      .timeout(SEND_TIMEOUT_MS)
      .emitWithAck('sendMessage', outgoing.event)
      .then(
        (answer) => this.answered(outgoing, attempt, answer as SendMessageAck),
        () => {
          // Lost with the connection (socket.io fails every unanswered emit on a drop): onConnect sends it again.
          if (attempt !== outgoing.attempt || !this.socket.connected) return;
          this.settle(outgoing, COULD_NOT_SEND);
        },
      );
  }

  private answered(outgoing: Outgoing, attempt: number, answer: SendMessageAck): void {
    // A settled message, or an older attempt's answer (a reconnect sent it again meanwhile): the latest decides.
    if (this.outbox.get(outgoing.event.clientMessageId) !== outgoing || attempt !== outgoing.attempt) return;
    // Busy: nothing was stored; the same message (same id) goes again after the wait the server asked for,
    // and only then: one retry timer per message, which onConnect leaves to it.
    if (!answer.ok && answer.retryAfter !== undefined) {
      outgoing.busy = true;
      outgoing.retryTimer = this.later(answer.retryAfter, () => {
        outgoing.retryTimer = undefined;
        if (this.outbox.get(outgoing.event.clientMessageId) === outgoing) this.transmit(outgoing);
      });
      return this.showBusy();
    }
    if (answer.ok) this.onNewMessage(answer.message);
    this.settle(outgoing, answer.ok ? null : answer.error);
  }

  private settle(outgoing: Outgoing, problem: string | null): void {
    if (outgoing.retryTimer !== undefined) {
      clearTimeout(outgoing.retryTimer);
      this.retries.delete(outgoing.retryTimer);
      outgoing.retryTimer = undefined;
    }
    outgoing.busy = false;
    this.outbox.delete(outgoing.event.clientMessageId);
    outgoing.settle(problem);
    this.showBusy();
  }

  /** Runs `retry` after `ms` (unless the client closed meanwhile). */
  private later(ms: number, retry: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      if (!this.closed) retry();
    }, ms);
    this.retries.add(timer);
    return timer;
  }

  /**
   * Busy while a refused connection waits to try again or a message answered busy has not been answered
   * otherwise since. Not cleared when a retry goes out (its answer may be busy again): a status region
   * that emptied and filled at every retry would be read out again each time.
   */
  private showBusy(): void {
    if (this.closed) return;
    const busy = this.connectionBusy || [...this.outbox.values()].some((outgoing) => outgoing.busy);
    if (busy !== this.snapshot.busy) this.update({ busy });
  }

  clearError(): void {
    if (this.snapshot.error !== null || this.snapshot.errors.size > 0) {
      this.update({ error: null, errors: new Map() });
    }
  }

  /** True once close() ran: the socket is gone for good and this client cannot be used again. */
  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    for (const timer of this.retries) clearTimeout(timer);
    for (const outgoing of [...this.outbox.values()]) this.settle(outgoing, COULD_NOT_SEND);
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private readonly onConnect = () => {
    this.connectionBusy = false;
    this.update({ connection: 'online', error: null, errors: new Map() });
    this.showBusy();
    this.socket.emit('registerUser', { userId: this.userId });
    this.socket.emit('getChats', { participantId: this.userId });
    for (const chatId of this.viewing.keys()) this.join(chatId);
    // A message waiting out a busy answer goes when its wait is over, not now (the server asked for the wait).
    for (const outgoing of this.outbox.values())
      if (outgoing.retryTimer === undefined) this.transmit(outgoing);
  };

  private join(chatId: number): void {
    if (!this.socket.connected) return; // onConnect joins it.
    // The server marks the chat read on join (docs/product.md §4: read on open) and sends the new list.
    this.socket.emit('joinChat', { chatId });
  }

  private readonly onChatsList = (chats: ChatSummary[]) => {
    let list = sortChats(chats);
    for (const chat of list) {
      // A message that arrived while the chat is on screen has been read, whatever the list says.
      if (this.viewing.has(chat.id) && (chat.has_unread_messages || chat.unread_count > 0)) {
        this.socket.emit('markAsRead', { chatId: chat.id });
        list = markChatRead(list, chat.id);
      }
    }
    this.update({ chats: list });
  };

  /** One chat changed (a message, a read): merged into the list; until the list is loaded, getChats brings it. */
  private readonly onChatUpdated = (chat: ChatSummary) => {
    if (!this.snapshot.chats) return;
    let chats = mergeChat(this.snapshot.chats, chat);
    if (this.viewing.has(chat.id) && (chat.has_unread_messages || chat.unread_count > 0)) {
      this.socket.emit('markAsRead', { chatId: chat.id });
      chats = markChatRead(chats, chat.id);
    }
    this.update({ chats });
  };

  private readonly onNewMessage = (message: ChatMessage) => {
    const chatId = message.chat_id;
    const patch: Partial<ChatSnapshot> = {};
    const history = this.snapshot.histories.get(chatId);
    if (history) {
      const histories = new Map(this.snapshot.histories);
      histories.set(chatId, appendMessage(history, message));
      patch.histories = histories;
    }
    if (this.snapshot.chats) patch.chats = applyMessageToList(this.snapshot.chats, message);
    if (message.sender_google_id !== this.userId) {
      if (this.snapshot.typing.has(chatId)) patch.typing = this.withoutTyping(chatId);
      if (this.viewing.has(chatId)) {
        this.socket.emit('markAsRead', { chatId });
        if (patch.chats) patch.chats = markChatRead(patch.chats, chatId);
      }
    }
    this.update(patch);
  };

  private setTyping(chatId: number, userId: string, on: boolean): void {
    if (userId === this.userId) return;
    clearTimeout(this.typingTimers.get(chatId));
    this.typingTimers.delete(chatId);
    if (on) {
      this.typingTimers.set(
        chatId,
        setTimeout(() => this.setTyping(chatId, userId, false), TYPING_STALE_MS),
      );
      if (!this.snapshot.typing.has(chatId))
        this.update({ typing: new Set(this.snapshot.typing).add(chatId) });
    } else if (this.snapshot.typing.has(chatId)) {
      this.update({ typing: this.withoutTyping(chatId) });
    }
  }

  private withoutTyping(chatId: number): Set<number> {
    const typing = new Set(this.snapshot.typing);
    typing.delete(chatId);
    return typing;
  }

  private update(patch: Partial<ChatSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
