/** The admin area's two localStorage entries (docs/product.md §3): the admin token and the login blocked-until time. */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_BLOCKED_UNTIL_KEY = 'adminBlockedUntil';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts for this page only.
  }
}

export const readAdminToken = (): string | null => read(ADMIN_TOKEN_KEY);
export const storeAdminToken = (token: string): void => write(ADMIN_TOKEN_KEY, token);
export const clearAdminToken = (): void => write(ADMIN_TOKEN_KEY, null);

export const readBlockedUntil = (): string | null => read(ADMIN_BLOCKED_UNTIL_KEY);
export const storeBlockedUntil = (until: number): void => write(ADMIN_BLOCKED_UNTIL_KEY, String(until));
export const clearBlockedUntil = (): void => write(ADMIN_BLOCKED_UNTIL_KEY, null);
