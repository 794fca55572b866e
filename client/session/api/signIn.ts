/** POST /api/auth/demo and POST /api/auth/google (docs/architecture.md §5): both answer { token, user }. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { demoSignInBodySchema, SignInResponse } from '../../../shared/schemas/buying.js';
import { postJson, serverChecked } from '../../endpoints/http.js';
import { useAuth } from '../useAuth.js';

export type DemoSignInBody = z.infer<typeof demoSignInBodySchema>;

export function demoSignIn(body: DemoSignInBody): Promise<SignInResponse> {
  return postJson('/api/auth/demo', body, serverChecked<SignInResponse>());
}

export function googleSignIn(credential: string): Promise<SignInResponse> {
  return postJson('/api/auth/google', { credential }, serverChecked<SignInResponse>());
}

type SignInRequest = { kind: 'demo'; body: DemoSignInBody } | { kind: 'google'; credential: string };

/** Signs in either way and keeps the token; docs/product.md §8 logs a failed login (the form shows it too). */
export function useSignIn(onSignedIn?: () => void) {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (request: SignInRequest) =>
      request.kind === 'demo' ? demoSignIn(request.body) : googleSignIn(request.credential),
    onSuccess: ({ token }) => {
      signIn(token);
      onSignedIn?.();
    },
    onError: (error) => console.error('Login failed:', error.message),
  });
}
