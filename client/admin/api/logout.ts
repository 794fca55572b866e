/** POST /api/logout: ends the admin session on the server, so Exit really logs out (not only this browser). */
export async function logoutAdmin(token: string | null): Promise<void> {
  if (!token) return;
  await fetch('/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(
    (error: unknown) => console.error('Could not end the admin session on the server', error),
  );
}
