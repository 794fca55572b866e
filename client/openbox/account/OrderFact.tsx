import type { ReactNode } from 'react';
import styles from './Orders.module.css';

/** One term and its value in an order's description list. */
export function OrderFact({
  term,
  children,
  wide = false,
}: {
  term: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? styles.wide : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
