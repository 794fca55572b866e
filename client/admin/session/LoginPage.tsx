import { useId, useState, type FormEvent } from 'react';
import { Link } from '../../app/router.js';
import { useLoginMutation } from '../api/login.js';
import { formatCountdown } from '../../../shared/rules/display.js';
import { useLoginBlock } from './useLoginBlock.js';
import controls from '../ui/Controls.module.css';
import styles from './LoginPage.module.css';

interface LoginPageProps {
  onSignedIn: (token: string) => void;
  /** Why the admin is here again, e.g. an expired session. */
  notice: string | null;
}

/** The admin login gate (docs/product.md §2): password form, or the lockout countdown after too many attempts. */
export function LoginPage({ onSignedIn, notice }: LoginPageProps) {
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLoginMutation();
  const lockout = useLoginBlock();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    login.mutate(password, {
      onSuccess: (result) => {
        if (result.kind === 'signed-in') return onSignedIn(result.token);
        setPassword('');
        if (result.kind === 'wrong-password') window.alert('Wrong password');
        else lockout.block(result.retryAfterSeconds);
      },
      onError: (failure) => {
        console.error('Admin login failed', failure);
        setError(failure.message);
      },
    });
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Admin Panel</h1>
        {notice && !lockout.isBlocked && <p className={styles.notice}>{notice}</p>}
        {lockout.isBlocked ? (
          <p className={styles.blocked} role="status">
            {`Too many login attempts. Please try again in ${formatCountdown(lockout.secondsLeft)}`}
          </p>
        ) : (
          <form className={styles.form} onSubmit={submit}>
            <label htmlFor={passwordId} className={controls.label}>
              Password
            </label>
            <input
              id={passwordId}
              type="password"
              className={controls.input}
              placeholder="Enter password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            {error && (
              <p className={controls.error} role="alert">
                {error}
              </p>
            )}
            <button
              type="submit"
              className={`${controls.button} ${controls.primary}`}
              disabled={login.isPending}
            >
              Login
            </button>
          </form>
        )}
        <Link className={styles.back} to="/">
          Back to Shop
        </Link>
      </div>
    </main>
  );
}
