import { useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MAX_IMAGES, CHAT_MESSAGE_MAX_LENGTH } from '../../shared/constants.js';
import { Icon } from '../ui/Icon.js';
import { isAbortError } from '../endpoints/sendWithProgress.js';
import { countOf } from '../ui/plural.js';
import { UploadProgress } from '../ui/UploadProgress.js';
import { useUploadProgress } from '../ui/useUploadProgress.js';
import { uploadChatImages } from './api/uploadChatImage.js';
import { AttachmentList } from './AttachmentList.js';
import { canSend } from './chatRules.js';
import { type ChatClient, newClientMessageId } from './connection/chatClient.js';
import { useAttachments } from './useAttachments.js';
import { useTypingSender } from './useTypingSender.js';
import styles from './Composer.module.css';

/** Text and images for the next message; Enter sends, Shift+Enter starts a new line (docs/product.md §5). */
export function Composer({ client, chatId }: { client: ChatClient; chatId: number }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attachments = useAttachments();
  const upload = useUploadProgress();
  const typing = useTypingSender(client, chatId);
  const textRef = useRef<HTMLTextAreaElement>(null);
  /** The draft's message id: kept across retries of the same draft, so a lost ack cannot double it. */
  const draftId = useRef<string | null>(null);
  const ready = canSend(text, attachments.items.length);

  const submit = async () => {
    // Not disabled while sending: a disabled button would drop the keyboard focus.
    if (busy || !ready) return;
    setBusy(true);
    setError(null);
    typing.stop();
    let paths: string[];
    try {
      const files = attachments.items.map((item) => item.file);
      paths =
        files.length === 0 ? [] : await upload.track((controls) => uploadChatImages(chatId, files, controls));
    } catch (failure) {
      setBusy(false);
      // Cancelled on purpose: the draft stays as it was, to send or change.
      if (!isAbortError(failure)) window.alert('Image upload error'); // docs/product.md §8
      return;
    }
    draftId.current ??= newClientMessageId();
    const problem = await client.send(chatId, text.trim(), paths, draftId.current);
    setBusy(false);
    if (problem) return setError(problem);
    draftId.current = null;
    setText('');
    attachments.clear();
    textRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <AttachmentList
        items={attachments.items}
        onRemove={(item) => {
          attachments.remove(item);
          draftId.current = null;
        }}
      />
      {attachments.tooMany && (
        <p className={styles.note} role="status">
          A message holds at most {countOf(CHAT_MAX_IMAGES, 'image')}.
        </p>
      )}
      {upload.progress && (
        <UploadProgress label="Sending images" progress={upload.progress} onCancel={upload.cancel} />
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <label className={styles.attach} title="Attach images">
          <input
            type="file"
            accept="image/*"
            multiple
            className="visually-hidden"
            onChange={(event) => {
              attachments.add(event.target.files);
              draftId.current = null;
              event.target.value = ''; // The same file can be picked again after removing it.
            }}
          />
          <Icon name="image" />
          <span className="visually-hidden">Attach images</span>
        </label>
        <textarea
          ref={textRef}
          className={styles.input}
          aria-label="Message"
          placeholder="Type a message…"
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          readOnly={busy}
          onChange={(event) => {
            setText(event.target.value);
            draftId.current = null; // An edited draft is a different message.
            typing.onInput();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.send} aria-label="Send" aria-disabled={!ready || busy}>
          <Icon name="arrowUp" />
        </button>
      </div>
    </form>
  );
}
