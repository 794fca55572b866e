import { useEffect, useRef, useState } from 'react';
import form from '../ui/Form.module.css';
import { loadGoogleIdentity } from './loadGoogleIdentity.js';
import styles from './SignIn.module.css';

interface GoogleSignInButtonProps {
  clientId: string;
  onCredential: (credential: string) => void;
  busy: boolean;
  error: string | undefined;
}

/** Google's own sign-in button (Google Identity Services); its credential goes to POST /api/auth/google. */
export function GoogleSignInButton({ clientId, onCredential, busy, error }: GoogleSignInButtonProps) {
  const slot = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    latest.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !slot.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            if (credential) latest.current(credential);
          },
        });
        const dark = document.documentElement.dataset.theme === 'dark';
        google.accounts.id.renderButton(slot.current, {
          theme: dark ? 'filled_black' : 'outline',
          size: 'large',
          shape: 'pill',
          text: 'signin_with',
        });
      })
      .catch((failure: unknown) => {
        console.error('Login failed:', failure);
        if (!cancelled) setLoadError('Google sign-in could not be loaded. Please try again later.');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  const message = loadError ?? error;
  return (
    <div className={styles.form}>
      <div ref={slot} className={styles.google} aria-busy={busy} />
      {busy && <p role="status">Signing in…</p>}
      {message && (
        <p className={form.error} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
