import { useId } from 'react';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import form from '../../ui/Form.module.css';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { usePreferencesQuery } from './api/preferences.js';
import { useSavePreferences } from './api/savePreferences.js';
import styles from './ChatEmailSetting.module.css';

/**
 * Whether chat messages the buyer has not read are e-mailed to them (issue 18), saved as soon as it is
 * switched. Order e-mails are no choice: the note says so.
 */
export function ChatEmailSetting({ user }: { user: SessionUser }) {
  const headingId = useId();
  const noteId = useId();
  const preferences = usePreferencesQuery(user.sub);
  const save = useSavePreferences(user.sub);

  if (preferences.isPending) return null;
  if (preferences.isError) {
    return (
      <StatusMessage
        tone="error"
        title="Your e-mail settings could not be loaded."
        action={{ label: 'Try again', onClick: () => void preferences.refetch() }}
      />
    );
  }
  // While a change is being saved, the box shows it (and ignores another click until it is stored).
  const checked = save.isPending ? save.variables.chat_emails : preferences.data.chat_emails;

  return (
    <section className={styles.setting} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        E-mails
      </h2>
      <label className={styles.option}>
        <input
          type="checkbox"
          className={styles.box}
          checked={checked}
          aria-describedby={noteId}
          aria-busy={save.isPending}
          onChange={(event) => {
            if (!save.isPending) save.mutate({ chat_emails: event.target.checked });
          }}
        />
        <span>E-mail me chat messages I have not read</span>
      </label>
      <p id={noteId} className={form.note}>
        Sent a few minutes after a message, while you are not on the site. E-mails about your orders always
        go.
      </p>
      {save.isError && (
        <p className={form.error} role="alert">
          Your choice could not be saved: {save.error.message}
        </p>
      )}
    </section>
  );
}
