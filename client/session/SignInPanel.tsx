import { usePublicConfig } from '../endpoints/config.js';
import form from '../ui/Form.module.css';
import { useSignIn } from './api/signIn.js';
import { DemoSignInForm } from './DemoSignInForm.js';
import { GoogleSignInButton } from './GoogleSignInButton.js';

/** The sign-in the server offers (GET /api/config): Google's button, or the demo form without Google. */
export function SignInPanel({ onSignedIn }: { onSignedIn?: () => void }) {
  const config = usePublicConfig();
  const signIn = useSignIn(onSignedIn);
  const error = signIn.error?.message;

  if (config.isPending) return <p role="status">Loading sign-in…</p>;
  if (config.isError) {
    return (
      <p className={form.error} role="alert">
        Sign-in is unavailable right now. Please try again later.
      </p>
    );
  }
  const { signInMode, googleClientId, sellerSignIn } = config.data;
  if (signInMode === 'google' && googleClientId) {
    return (
      <GoogleSignInButton
        clientId={googleClientId}
        onCredential={(credential) => signIn.mutate({ kind: 'google', credential })}
        busy={signIn.isPending}
        error={error}
      />
    );
  }
  return (
    <DemoSignInForm
      onSubmit={(body) => signIn.mutate({ kind: 'demo', body })}
      onSignInAsSeller={sellerSignIn ? () => signIn.mutate({ kind: 'seller' }) : undefined}
      busy={signIn.isPending}
      error={error}
    />
  );
}
