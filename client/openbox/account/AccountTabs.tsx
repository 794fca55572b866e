import { useRef, type KeyboardEvent } from 'react';
import { ACCOUNT_TABS, type AccountTab } from './accountTab.js';
import styles from './Account.module.css';

export const TAB_LABELS: Record<AccountTab, string> = { orders: 'My Orders', cart: 'Cart' };

export const tabId = (tab: AccountTab) => `account-tab-${tab}`;
export const panelId = (tab: AccountTab) => `account-panel-${tab}`;

interface AccountTabsProps {
  tab: AccountTab;
  onChange: (tab: AccountTab) => void;
  counts: Partial<Record<AccountTab, number>>;
}

/** 'My Orders' and 'Cart' (docs/product.md §2) as a tab list: arrow keys, Home and End move between them. */
export function AccountTabs({ tab, onChange, counts }: AccountTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const index = ACCOUNT_TABS.indexOf(tab);
    const last = ACCOUNT_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % ACCOUNT_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % ACCOUNT_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const chosen = ACCOUNT_TABS[next]!;
    onChange(chosen);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(chosen)}`)?.focus();
  };
  return (
    <div ref={list} className={styles.tabs} role="tablist" aria-label="My Account" onKeyDown={move}>
      {ACCOUNT_TABS.map((key) => (
        <button
          key={key}
          id={tabId(key)}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={key === tab}
          aria-controls={panelId(key)}
          tabIndex={key === tab ? 0 : -1}
          onClick={() => onChange(key)}
        >
          {TAB_LABELS[key]}
          {counts[key] ? <span className={styles.count}>{counts[key]}</span> : null}
        </button>
      ))}
    </div>
  );
}
