import type { ReactNode } from 'react';
import styles from './OrderCard.module.css';

export interface Field {
  label: string;
  value: ReactNode;
  /** Spans both columns: long values such as an address or a payment id. */
  wide?: boolean;
  /** Shown in a fixed-width font, for references copied letter by letter. */
  code?: boolean;
}

/** A titled group of label/value pairs of an order card. */
export function FieldList({ label, fields }: { label: string; fields: readonly Field[] }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{label}</h3>
      <dl className={styles.fields}>
        {fields.map((field) => (
          <div key={field.label} className={field.wide ? `${styles.field} ${styles.wide}` : styles.field}>
            <dt className={styles.fieldLabel}>{field.label}</dt>
            <dd className={field.code ? `${styles.fieldValue} ${styles.code}` : styles.fieldValue}>
              {field.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
