/**
 * The always-loaded part of the chat: nothing for a visitor who is not signed in; for a signed-in
 * user, the floating chat, loaded lazily so the shop bundle does not carry the socket client.
 */
import { lazy, Suspense } from 'react';
import { useAuth } from '../session/useAuth.js';

const FloatingChat = lazy(() => import('./FloatingChat.js'));

export function ChatMount() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <FloatingChat />
    </Suspense>
  );
}
