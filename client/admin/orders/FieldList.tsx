import { FieldGrid, type Field } from '../ui/FieldGrid.js';
import styles from './OrderCard.module.css';

/** A titled group of label/value pairs of an order card. */
export function FieldList({ label, fields }: { label: string; fields: readonly Field[] }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{label}</h3>
      <FieldGrid fields={fields} />
    </section>
  );
}
