/** The three tabs of every admin screen, in order; the first is where the screen starts (docs/product.md §2). */
export const ADMIN_TABS = [
  { id: 'add', label: 'Add product' },
  { id: 'delete', label: 'Delete product' },
  { id: 'edit', label: 'Edit product' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/** The tab an arrow, Home or End key moves to from `current`, wrapping around; null for other keys. */
export function tabAfterKey(current: AdminTabId, key: string): AdminTabId | null {
  const index = ADMIN_TABS.findIndex((tab) => tab.id === current);
  const last = ADMIN_TABS.length - 1;
  const target =
    key === 'ArrowRight'
      ? (index + 1) % ADMIN_TABS.length
      : key === 'ArrowLeft'
        ? (index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : null;
  return target === null ? null : (ADMIN_TABS[target]?.id ?? null);
}
