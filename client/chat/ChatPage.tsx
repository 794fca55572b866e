/** /chat/{chatId} (docs/product.md §2): one conversation as a page. */
import { useNavigate, useParams } from '../app/router.js';
import { useChatClient } from './connection/useChatClient.js';
import { ConversationView } from './ConversationView.js';
import styles from './ChatPages.module.css';

export default function ChatPage() {
  const { chatId } = useParams();
  const client = useChatClient();
  const navigate = useNavigate();
  const id = /^\d{1,10}$/.test(chatId ?? '') ? Number(chatId) : null;

  return (
    <main className={styles.page}>
      <section className={styles.panel} aria-labelledby="chat-heading">
        {client && id !== null && id >= 1 ? (
          <ConversationView
            client={client}
            chatId={id}
            onBack={() => void navigate('/chats')}
            headingAs="h1"
            headingId="chat-heading"
          />
        ) : (
          <p className={styles.missing} id="chat-heading">
            This chat does not exist.
          </p>
        )}
      </section>
    </main>
  );
}
