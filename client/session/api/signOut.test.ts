import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionToken, storeSessionToken } from '../sessionStore.js';
import { signOut } from './signOut.js';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = [
  segment({ alg: 'HS256', typ: 'JWT' }),
  segment({ sub: 'buyer-1', name: 'Ada', email: 'ada@example.com', picture: '', exp: 4_102_444_800 }),
  'signature',
].join('.');

describe('signOut (issue 33)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server to end the token, and forgets it at once without waiting for the answer', () => {
    const calls: [string, RequestInit | undefined][] = [];
    // An answer that never comes: the sign-out must not wait on the network.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Promise<Response>(() => {});
    });
    storeSessionToken(token);
    expect(getSessionToken()).toBe(token);
    signOut();
    expect(getSessionToken()).toBeNull();
    expect(calls).toEqual([
      [
        '/api/auth/logout',
        { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true },
      ],
    ]);
  });

  it('sends nothing when nobody is signed in, and a failed request is no error', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('offline')));
    vi.stubGlobal('fetch', fetch);
    signOut();
    expect(fetch).not.toHaveBeenCalled();
    storeSessionToken(token);
    signOut();
    expect(fetch).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(getSessionToken()).toBeNull();
  });
});
