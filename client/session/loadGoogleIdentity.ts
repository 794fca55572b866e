/**
 * Google Identity Services, loaded only when a sign-in is shown in Google mode. The CSP allows this one
 * script from outside (docs/architecture.md §6); it is fetched once per page.
 */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(
        parent: HTMLElement,
        options: { theme?: string; size?: string; text?: string; shape?: string; width?: number },
      ): void;
    };
  };
}

let loading: Promise<GoogleIdentity> | undefined;

function loaded(): GoogleIdentity | undefined {
  return (window as unknown as { google?: GoogleIdentity }).google;
}

export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const ready = loaded();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const google = loaded();
      if (google) resolve(google);
      else reject(new Error('Google sign-in did not start.'));
    };
    script.onerror = () => {
      loading = undefined; // A later attempt may succeed (e.g. back online).
      script.remove();
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}
