/** /chats (docs/product.md §2): the chat list as a page. */
import { useNavigate } from '../app/router.js';
import { ChatListView } from './ChatListView.js';
import { useChatClient, useChatSnapshot } from './connection/useChatClient.js';
import { useChatViewer } from './useChatViewer.js';
import styles from './ChatPages.module.css';

export default function ChatsPage() {
  const client = useChatClient();
  const snapshot = useChatSnapshot(client);
  const viewer = useChatViewer();
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <section className={styles.panel} aria-labelledby="chats-heading">
        <ChatListView
          snapshot={snapshot}
          viewerIsSeller={viewer.isSeller}
          onOpen={(chatId) => void navigate(`/chat/${chatId}`)}
          headingAs="h1"
          headingId="chats-heading"
        />
      </section>
    </main>
  );
}
