/**
 * An accessible modal: role="dialog" with aria-modal, focus moved in and restored on close,
 * Tab kept inside, Escape and an overlay click close it, page scroll locked while open.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { trapTab } from './focusTrap.js';
import { Icon } from './Icon.js';
import { useScrollLock } from './useScrollLock.js';
import styles from './ModalShell.module.css';

interface ModalShellProps {
  /** The accessible name of the dialog. */
  label: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'md' | 'lg';
}

export function ModalShell({ label, onClose, children, size = 'lg' }: ModalShellProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useScrollLock();

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => previouslyFocused?.focus({ preventScroll: true });
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (dialogRef.current) trapTab(event, dialogRef.current);
  };

  return createPortal(
    <div
      className={styles.overlay}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${styles[size]}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        {/* A zero-height bar stuck to the top of the scrolling dialog: Close stays in reach at any scroll. */}
        <div className={styles.closeBar}>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
