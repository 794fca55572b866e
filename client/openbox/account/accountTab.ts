/** The account page's tab, remembered under localStorage `account_tab`; the default is cart (docs/product.md §2, §9). */
export const ACCOUNT_TAB_KEY = 'account_tab';
export const ACCOUNT_TABS = ['orders', 'cart'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const DEFAULT_ACCOUNT_TAB: AccountTab = 'cart';

type TabStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readAccountTab(storage: TabStorage | undefined): AccountTab {
  try {
    const stored = storage?.getItem(ACCOUNT_TAB_KEY);
    return ACCOUNT_TABS.find((tab) => tab === stored) ?? DEFAULT_ACCOUNT_TAB;
  } catch {
    return DEFAULT_ACCOUNT_TAB;
  }
}

export function writeAccountTab(storage: TabStorage | undefined, tab: AccountTab): void {
  try {
    storage?.setItem(ACCOUNT_TAB_KEY, tab);
  } catch {
    // Storage unavailable (private mode, quota): the tab still switches for this visit.
  }
}
