import type { ReactNode } from 'react';
import styles from './DescriptionEditor.module.css';

interface ToolbarButtonProps {
  /** What the button does, shown as a tooltip; the accessible name of a glyph-only button (B, ↶). */
  label: string;
  /**
   * The words the button shows ('H1', '• List'), when it shows words rather than a glyph. The
   * accessible name then starts with them, so a speech user says what they see (WCAG 2.5.3).
   */
  text?: string;
  onClick: () => void;
  /** For toggles (bold, lists…): whether the format is on at the cursor. */
  active?: boolean;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  children?: ReactNode;
}

export function ToolbarButton({
  label,
  text,
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
      aria-label={text ? `${text} (${label})` : label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // Keep the editor's selection while clicking the toolbar.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {text ?? children}
    </button>
  );
}
