import type { ReactNode } from 'react';
import styles from './DescriptionEditor.module.css';

interface ToolbarButtonProps {
  /** Accessible name, also shown as a tooltip. */
  label: string;
  onClick: () => void;
  /** For toggles (bold, lists…): whether the format is on at the cursor. */
  active?: boolean;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  children: ReactNode;
}

export function ToolbarButton({
  label,
  onClick,
  active,
  disabled,
  tone = 'default',
  children,
}: ToolbarButtonProps) {
  return (
    <button
      type="button"
      className={`${styles.toolButton} ${active ? styles.active : ''} ${tone === 'danger' ? styles.danger : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // Keep the editor's selection while clicking the toolbar.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
