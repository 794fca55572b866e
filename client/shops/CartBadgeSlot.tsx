/**
 * Where the open-box header's cart icon with its count badge goes (SPEC §2). The cart arrives with
 * the cart issue; until a signed-in buyer has items, SPEC says nothing is shown, so this renders nothing.
 */
export function CartBadgeSlot() {
  return null;
}
