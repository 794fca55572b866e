import type { ConnectionState } from './connection/chatClient.js';
import styles from './ConnectionNote.module.css';

export const CHAT_BUSY_NOTE = 'The chat is busy — retrying…';

/**
 * 'The chat is busy — retrying…' while the client waits the server's retryAfter (a refused connection, a
 * send answered busy: it tries again by itself), else 'Reconnecting…' from a dropped connection until it is back, announced politely. The status region is
 * always there and only its words change, so screen readers announce them; it takes no room while empty.
 * The composer's Send names it as the reason it is unavailable (aria-describedby, `id`).
 */
export function ConnectionNote({
  connection,
  busy,
  id,
}: {
  connection: ConnectionState;
  busy: boolean;
  id?: string;
}) {
  return (
    <p id={id} role="status" className={styles.note}>
      {busy ? CHAT_BUSY_NOTE : connection === 'reconnecting' ? 'Reconnecting…' : ''}
    </p>
  );
}
