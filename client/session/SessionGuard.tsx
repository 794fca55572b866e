/**
 * The guard SPEC §2 wraps around / and /account. Its rules are "not shown"; for now it lets
 * every visitor through, and is the one place the sign-in issue will add them.
 */
import type { ReactNode } from 'react';

export function SessionGuard({ children }: { children: ReactNode }) {
  return children;
}
