import { useId, type FormEvent } from 'react';
import form from '../ui/Form.module.css';
import type { DemoSignInBody } from './api/signIn.js';
import styles from './SignIn.module.css';

interface DemoSignInFormProps {
  onSubmit: (body: DemoSignInBody) => void;
  /** Offered only where the server says so (GET /api/config sellerSignIn: development, a seller named). */
  onSignInAsSeller?: (() => void) | undefined;
  busy: boolean;
  error: string | undefined;
}

/**
 * The visible demo sign-in of docs/architecture.md §5 (no Google client configured): a name and an e-mail,
 * and in development 'Sign in as the seller' to try the seller's side.
 */
export function DemoSignInForm({ onSubmit, onSignInAsSeller, busy, error }: DemoSignInFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({ name: String(data.get('name') ?? ''), email: String(data.get('email') ?? '') });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-describedby={`${id}-note`}>
      <label className={form.field}>
        Name
        <input className={form.input} name="name" autoComplete="name" maxLength={100} required />
      </label>
      <label className={form.field}>
        E-mail
        <input
          className={form.input}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={300}
          required
        />
      </label>
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={form.primary} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p id={`${id}-note`} className={form.note}>
        Demo sign-in: no password. The same e-mail address always opens the same account.
      </p>
      {onSignInAsSeller && (
        <>
          <button
            type="button"
            className={form.secondary}
            onClick={onSignInAsSeller}
            disabled={busy}
            aria-describedby={`${id}-seller`}
          >
            Sign in as the seller
          </button>
          <p id={`${id}-seller`} className={form.note}>
            Development only: the seller answers the chats buyers start.
          </p>
        </>
      )}
    </form>
  );
}
