import { SignedInMenu } from './SignedInMenu.js';
import { SignInButton } from './SignInButton.js';
import { useAuth } from './useAuth.js';

/** The open-box header's account control: 'Sign in', or the avatar and name with My Account and Sign out. */
export function AccountMenu() {
  const { user } = useAuth();
  return user ? <SignedInMenu /> : <SignInButton />;
}
