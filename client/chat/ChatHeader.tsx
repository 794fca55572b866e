import type { ReactNode } from 'react';
import { Icon } from '../ui/Icon.js';
import styles from './ChatHeader.module.css';

interface ChatHeaderProps {
  title: string;
  id?: string;
  /** Under the title: what the chat is about. */
  subtitle?: string;
  headingAs: 'h1' | 'h2';
  onBack?: () => void;
  /** On the right: the floating window's close button. */
  actions?: ReactNode;
}

/** The bar above the list and the conversation: back, title, actions. */
export function ChatHeader({ title, id, subtitle, headingAs: Heading, onBack, actions }: ChatHeaderProps) {
  return (
    <div className={styles.header}>
      {onBack && (
        <button type="button" className={styles.iconButton} onClick={onBack} aria-label="Back to chats">
          <Icon name="chevronLeft" />
        </button>
      )}
      <div className={styles.titles}>
        <Heading id={id} className={styles.title}>
          {title}
        </Heading>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}
