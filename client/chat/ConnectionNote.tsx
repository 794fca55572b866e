import type { ConnectionState } from './connection/chatClient.js';
import styles from './ConnectionNote.module.css';

/**
 * 'Reconnecting…' from a dropped connection until it is back, announced politely. The status region is
 * always there and only its words change, so screen readers announce them; it takes no room while empty.
 * The composer's Send names it as the reason it is unavailable (aria-describedby, `id`).
 */
export function ConnectionNote({ connection, id }: { connection: ConnectionState; id?: string }) {
  return (
    <p id={id} role="status" className={styles.note}>
      {connection === 'reconnecting' ? 'Reconnecting…' : ''}
    </p>
  );
}
