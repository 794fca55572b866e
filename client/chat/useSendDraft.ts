/**
 * Sends a composer's draft: its images uploaded first, then the text, under the draft's message id (kept
 * across retries, so a send whose answer was lost is not stored twice). The draft is marked as sending in
 * the ChatClient's store, so a composer shown again meanwhile shows it so too, and it is cleared once the
 * server has the message, even if the composer that sent it is gone by then.
 */
import { useState } from 'react';
import { isAbortError } from '../endpoints/sendWithProgress.js';
import { useUploadProgress } from '../ui/useUploadProgress.js';
import { uploadChatImages } from './api/uploadChatImage.js';
import { canSend } from './chatRules.js';
import { type ChatClient, newClientMessageId } from './connection/chatClient.js';
import type { useAttachments } from './useAttachments.js';

export function useSendDraft(
  client: ChatClient,
  chatId: number,
  attachments: ReturnType<typeof useAttachments>,
  /** After a send: the typing mark stopped first, and the focus put back once it is stored. */
  hooks: { beforeSend: () => void; afterSend: () => void },
) {
  const upload = useUploadProgress();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const draft = client.drafts.get(chatId);
    if (draft.sending || !canSend(draft.text, attachments.items.length)) return;
    const messageId = draft.messageId ?? newClientMessageId();
    client.drafts.update(chatId, { sending: true, messageId });
    setError(null);
    hooks.beforeSend();
    let paths: string[];
    try {
      const files = attachments.items.map((item) => item.file);
      paths =
        files.length === 0 ? [] : await upload.track((controls) => uploadChatImages(chatId, files, controls));
    } catch (failure) {
      client.drafts.update(chatId, { sending: false });
      // Cancelled on purpose: the draft stays as it was, to send or change.
      if (!isAbortError(failure)) window.alert('Image upload error'); // docs/product.md §8
      return;
    }
    const problem = await client.send(chatId, draft.text.trim(), paths, messageId);
    if (problem) {
      client.drafts.update(chatId, { sending: false });
      return setError(problem);
    }
    client.drafts.update(chatId, { text: '', messageId: null, sending: false });
    attachments.clear();
    hooks.afterSend();
  };

  return { submit, upload, error };
}
