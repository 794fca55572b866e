/**
 * POST /api/auth/demo, POST /api/auth/demo/seller and POST /api/auth/google (docs/architecture.md §5): each
 * answers { token, user }.
 */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { demoSignInBodySchema, SignInResponse } from '../../../shared/schemas/buying.js';
import { postJson, serverChecked } from '../../endpoints/http.js';
import { useAuth } from '../useAuth.js';

export type DemoSignInBody = z.infer<typeof demoSignInBodySchema>;

export function demoSignIn(body: DemoSignInBody): Promise<SignInResponse> {
  return postJson('/api/auth/demo', body, serverChecked<SignInResponse>());
}

/** As the seller: the server signs in as SELLER_USER_ID, so the browser names no id. */
export function demoSellerSignIn(): Promise<SignInResponse> {
  return postJson('/api/auth/demo/seller', {}, serverChecked<SignInResponse>());
}

export function googleSignIn(credential: string): Promise<SignInResponse> {
  return postJson('/api/auth/google', { credential }, serverChecked<SignInResponse>());
}

type SignInRequest =
  { kind: 'demo'; body: DemoSignInBody } | { kind: 'seller' } | { kind: 'google'; credential: string };

function send(request: SignInRequest): Promise<SignInResponse> {
  switch (request.kind) {
    case 'demo':
      return demoSignIn(request.body);
    case 'seller':
      return demoSellerSignIn();
    case 'google':
      return googleSignIn(request.credential);
  }
}

/** Signs in any of these ways and keeps the token; docs/product.md §8 logs a failed login (the form shows it too). */
export function useSignIn(onSignedIn?: () => void) {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ token }) => {
      signIn(token);
      onSignedIn?.();
    },
    onError: (error) => console.error('Login failed:', error.message),
  });
}
