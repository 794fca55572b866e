import { AccountMenu } from '../../session/AccountMenu.js';
import { CartButton } from '../cart/CartButton.js';

/** The header-actions slot of a shop with a cart: cart badge and account. Loaded up front, so tiny. */
export function OpenBoxHeaderActions() {
  return (
    <>
      <CartButton />
      <AccountMenu />
    </>
  );
}
