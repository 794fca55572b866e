/**
 * docs/product.md §2 "Floating chat": the toggle with the unread badge (+N) and a window with the chat list and
 * the 'Support Chat' conversation. Holds the user's socket while signed in, so the badge stays live
 * on every page. Loaded lazily by ChatMount. The /chats pages show the same views full size.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from '../app/router.js';
import { Icon } from '../ui/Icon.js';
import { useCornerButton } from '../ui/useCornerButton.js';
import { PRODUCT_PARAM } from '../shops/product/useProductDialog.js';
import { ChatListView } from './ChatListView.js';
import { badgeText, unreadTotal } from './chatRules.js';
import { useChatClient, useChatSnapshot } from './connection/useChatClient.js';
import { ConversationView } from './ConversationView.js';
import { onOpenChatRequest } from './openChatRequest.js';
import { useChatViewer } from './useChatViewer.js';
import styles from './FloatingChat.module.css';

const onChatPage = (pathname: string) => pathname === '/chats' || pathname.startsWith('/chat/');

export default function FloatingChat() {
  const client = useChatClient();
  const snapshot = useChatSnapshot(client);
  const viewer = useChatViewer();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [chatId, setChatId] = useState<number | null>(null);
  const [requested, setRequested] = useState<number | null>(null);
  const windowRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const windowId = useId();
  const headingId = useId();
  const productOpen = new URLSearchParams(search).has(PRODUCT_PARAM);
  // The footer keeps room under the page's last line for the toggle.
  useCornerButton('chat');

  useEffect(() => onOpenChatRequest(setRequested), []);

  // A chat asked for from the product dialog opens once the dialog has closed, so the dialog's focus
  // restore does not land after ours.
  if (requested !== null && !productOpen) {
    setRequested(null);
    setChatId(requested);
    setOpen(true);
  }

  useEffect(() => {
    if (!open) return;
    const panel = windowRef.current;
    (panel?.querySelector('textarea') ?? panel)?.focus();
  }, [open, chatId]);

  if (!client || onChatPage(pathname)) return null;

  const unread = unreadTotal(snapshot.chats);
  const close = () => {
    // The toggle opens on the list again (docs/product.md §2: the list, then a conversation).
    setOpen(false);
    setChatId(null);
    toggleRef.current?.focus();
  };
  const closeButton = (
    <button type="button" className={styles.close} onClick={close} aria-label="Close chat">
      <Icon name="close" />
    </button>
  );

  return (
    <>
      {open && (
        <section
          ref={windowRef}
          id={windowId}
          className={styles.window}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
          }}
        >
          {chatId === null ? (
            <ChatListView
              snapshot={snapshot}
              viewerIsSeller={viewer.isSeller}
              onOpen={setChatId}
              headingAs="h2"
              headingId={headingId}
              actions={closeButton}
            />
          ) : (
            <ConversationView
              client={client}
              chatId={chatId}
              onBack={() => setChatId(null)}
              headingAs="h2"
              headingId={headingId}
              actions={closeButton}
              focusComposer
            />
          )}
        </section>
      )}
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? windowId : undefined}
        aria-label={unread > 0 ? `Chats, ${unread} unread` : 'Chats'}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name={open ? 'close' : 'chat'} size={24} />
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
    </>
  );
}
