/**
 * A chat image as a blob: URL. Chat images are private (participants only), so the browser cannot
 * load them with a plain <img src>; they are fetched with the buyer's token instead (the CSP allows
 * img-src blob:). The server marks them immutable, so a second view comes from the HTTP cache.
 */
import { useEffect, useState } from 'react';
import { CHAT_IMAGE_PATH } from '../../../shared/schemas/chat.js';
import { getSessionToken } from '../../session/sessionStore.js';

export type ChatImageState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

export function useChatImageUrl(path: string): ChatImageState {
  const [state, setState] = useState<ChatImageState>({ status: 'loading' });
  useEffect(() => {
    const token = getSessionToken();
    // Only the server's own chat image paths are fetched, never a link someone typed.
    if (!token || !CHAT_IMAGE_PATH.test(path)) {
      setState({ status: 'error' });
      return;
    }
    const abort = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`chat image ${response.status}`);
        url = URL.createObjectURL(await response.blob());
        if (abort.signal.aborted) return URL.revokeObjectURL(url);
        setState({ status: 'ready', url });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ status: 'error' });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}
