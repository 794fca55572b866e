import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CHAT_MAX_IMAGES, CHAT_MESSAGE_MAX_LENGTH } from '../../shared/constants.js';
import { Icon } from '../ui/Icon.js';
import { countOf } from '../ui/plural.js';
import { UploadProgress } from '../ui/UploadProgress.js';
import { AttachmentList } from './AttachmentList.js';
import { canSend } from './chatRules.js';
import type { ChatClient } from './connection/chatClient.js';
import { useDraft } from './connection/useChatClient.js';
import { useAttachments } from './useAttachments.js';
import { useSendDraft } from './useSendDraft.js';
import { useTypingSender } from './useTypingSender.js';
import styles from './Composer.module.css';

interface ComposerProps {
  client: ChatClient;
  chatId: number;
  /** Connected: while not, Send is unavailable, described by the note `offlineNoteId` ('Reconnecting…'). */
  online: boolean;
  offlineNoteId: string;
  /** Take the focus when shown, if it is on a window around the composer (opened while loading). */
  takeFocus: boolean;
}

/**
 * Text and images for the next message; Enter sends, Shift+Enter starts a new line (docs/product.md §5).
 * The text is the ChatClient's draft (drafts.ts), so it outlives this component: a drop of the connection,
 * the window closed and opened again, or a move to /chat/{id} keeps what was typed.
 */
export function Composer({ client, chatId, online, offlineNoteId, takeFocus }: ComposerProps) {
  const draft = useDraft(client, chatId);
  const attachments = useAttachments();
  const typing = useTypingSender(client, chatId);
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ready = canSend(draft.text, attachments.items.length);
  const { submit, upload, error } = useSendDraft(client, chatId, attachments, {
    beforeSend: typing.stop,
    // Back to the box for the next message, unless the person moved on while it was on its way.
    afterSend: () => {
      if (formRef.current?.contains(document.activeElement)) textRef.current?.focus();
    },
  });
  const forget = () => client.drafts.update(chatId, { messageId: null }); // A changed draft is a new message.

  useEffect(() => {
    const active = document.activeElement;
    if (takeFocus && active instanceof HTMLElement && active.contains(formRef.current))
      textRef.current?.focus();
    // Only when it first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (online) void submit();
  };

  return (
    <form
      ref={formRef}
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        if (online) void submit();
      }}
    >
      <AttachmentList
        items={attachments.items}
        onRemove={(item) => {
          attachments.remove(item);
          forget();
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
              forget();
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
          value={draft.text}
          readOnly={draft.sending}
          onChange={(event) => {
            client.drafts.update(chatId, { text: event.target.value, messageId: null });
            typing.onInput();
          }}
          onKeyDown={onKeyDown}
        />
        {/* Never `disabled`: a disabled button would drop the keyboard focus. */}
        <button
          type="submit"
          className={styles.send}
          aria-label="Send"
          aria-disabled={!ready || draft.sending || !online}
          aria-describedby={online ? undefined : offlineNoteId}
        >
          <Icon name="arrowUp" />
        </button>
      </div>
    </form>
  );
}
