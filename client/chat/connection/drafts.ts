/**
 * What each conversation's composer holds, kept by the ChatClient rather than the composer: a draft
 * outlives the composer that shows it (the floating window closed and opened again, the page changed
 * between the window and /chat/{id}, a re-render while the connection comes back), and a send under way
 * finishes even when its composer is gone.
 */

export interface Draft {
  text: string;
  /**
   * The id the next send of this draft goes with (sendMessage's `clientMessageId`): kept across
   * retries, so a send whose answer was lost is never stored twice. null once the draft changes.
   */
  messageId: string | null;
  /** This draft is being sent (images uploading, or waiting for the server's answer). */
  sending: boolean;
}

export const EMPTY_DRAFT: Draft = { text: '', messageId: null, sending: false };

/** Drafts per chat, each with its own listeners (typing in one composer re-renders only that composer). */
export class DraftStore {
  private readonly drafts = new Map<number, Draft>();
  private readonly listeners = new Map<number, Set<() => void>>();

  get(chatId: number): Draft {
    return this.drafts.get(chatId) ?? EMPTY_DRAFT;
  }

  update(chatId: number, patch: Partial<Draft>): void {
    const next = { ...this.get(chatId), ...patch };
    if (next.text === '' && next.messageId === null && !next.sending) this.drafts.delete(chatId);
    else this.drafts.set(chatId, next);
    for (const listener of this.listeners.get(chatId) ?? []) listener();
  }

  subscribe(chatId: number, listener: () => void): () => void {
    const set = this.listeners.get(chatId) ?? new Set();
    set.add(listener);
    this.listeners.set(chatId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(chatId);
    };
  }
}
