/**
 * How an admin call that got 401 sends the admin back to the login gate: the fetch helper announces
 * it, the gate listens. A plain listener set keeps the API layer free of React.
 */
type Listener = (message: string) => void;

const listeners = new Set<Listener>();

export function onAdminSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceAdminSessionExpired(message: string): void {
  for (const listener of listeners) listener(message);
}
