import { useRef, type KeyboardEvent } from 'react';
import { ADMIN_TABS, tabAfterKey, type AdminTabId } from './adminTabs.js';
import styles from './AdminPanel.module.css';

interface AdminTabsProps {
  active: AdminTabId;
  onChange: (tab: AdminTabId) => void;
  /** Prefix of the tab and panel element ids. */
  idPrefix: string;
}

/** The Add / Delete / Edit tab list (ARIA tabs: arrow keys, Home and End move between them). */
export function AdminTabs({ active, onChange, idPrefix }: AdminTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(active, event.key);
    if (!next) return;
    event.preventDefault();
    onChange(next);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-tab-${next}`)}`)?.focus();
  };

  return (
    <div
      ref={listRef}
      className={styles.tabs}
      role="tablist"
      aria-label="Product actions"
      onKeyDown={onKeyDown}
    >
      {ADMIN_TABS.map((tab) => (
        <button
          key={tab.id}
          id={`${idPrefix}-tab-${tab.id}`}
          type="button"
          role="tab"
          aria-selected={tab.id === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.id === active ? 0 : -1}
          className={`${styles.tab} ${tab.id === active ? styles.activeTab : ''}`}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
