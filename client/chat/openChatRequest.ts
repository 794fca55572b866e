/**
 * "Open this chat" from anywhere (the open-box offer's Contact the seller) to the floating chat, which
 * loads lazily: a request made before it listens waits for it. Part of the up-front bundle, so tiny.
 */
type Listener = (chatId: number) => void;

let listener: Listener | null = null;
let pending: number | null = null;

export function requestOpenChat(chatId: number): void {
  if (listener) listener(chatId);
  else pending = chatId;
}

export function onOpenChatRequest(next: Listener): () => void {
  listener = next;
  if (pending !== null) {
    const chatId = pending;
    pending = null;
    next(chatId);
  }
  return () => {
    if (listener === next) listener = null;
  };
}
