import type { MouseEvent, ReactNode } from 'react';
import styles from './SkipLink.module.css';

interface SkipLinkProps {
  /** The id of the element that receives focus; give it tabIndex={-1}. */
  targetId: string;
  children: ReactNode;
}

/**
 * The page's first Tab stop, shown only while focused: moves focus past the header to the content.
 * Focus is moved by hand, because following `#id` would add a history entry the router sees.
 */
export function SkipLink({ targetId, children }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a className={styles.link} href={`#${targetId}`} onClick={skip}>
      {children}
    </a>
  );
}
