import { useState } from 'react';
import type { CartItem, SessionUser } from '../../../shared/schemas/buying.js';
import { useCartQuery } from '../cart/api/cart.js';
import { CartContents } from '../cart/CartContents.js';
import { sameLine } from '../cart/cartMath.js';
import { CheckoutModal } from './CheckoutModal.js';

/** The account page's Cart: the lines with quantity, delete and Buy, which opens the checkout modal. */
export function CartTab({ user }: { user: SessionUser }) {
  const cart = useCartQuery(user.sub);
  const [buying, setBuying] = useState<CartItem | null>(null);
  // The line as it is now (a quantity edited meanwhile counts) while its checkout is open.
  const line = buying && cart.data?.find((item) => sameLine(item, buying));
  return (
    <>
      <CartContents sub={user.sub} onBuy={setBuying} />
      {line && <CheckoutModal user={user} item={line} onClose={() => setBuying(null)} />}
    </>
  );
}
