import type { ReactNode } from 'react';
import styles from './Card.module.css';

export interface Field {
  label: string;
  value: ReactNode;
  /** Spans both columns: long values such as an address or a payment id. */
  wide?: boolean;
  /** Shown in a fixed-width font, for references copied letter by letter. */
  code?: boolean;
}

interface FieldGridProps {
  fields: readonly Field[];
  /** Figures line up from card to card (times, counts). */
  numeric?: boolean;
  /** One pair a line at 400 px and below, for cards whose values are all short. */
  stackOnNarrow?: boolean;
}

/** A card's label/value pairs, two a row. */
export function FieldGrid({ fields, numeric = false, stackOnNarrow = false }: FieldGridProps) {
  const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
  return (
    <dl className={classes(styles.fields, stackOnNarrow && styles.stackOnNarrow)}>
      {fields.map((field) => (
        <div key={field.label} className={classes(styles.field, field.wide === true && styles.wide)}>
          <dt className={styles.fieldLabel}>{field.label}</dt>
          <dd
            className={classes(
              styles.fieldValue,
              field.code === true && styles.code,
              numeric && styles.numeric,
            )}
          >
            {field.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
