import { use } from 'react';
import { AuthContext, type AuthState } from './AuthContext.js';

export function useAuth(): AuthState {
  return use(AuthContext);
}
