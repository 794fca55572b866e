import form from '../../ui/Form.module.css';
import type { ShippingForm } from './shipping.js';
import styles from './Checkout.module.css';

interface FieldSpec {
  name: keyof ShippingForm;
  label: string;
  autoComplete: string;
  maxLength: number;
  type?: 'email' | 'tel';
  wide?: boolean;
}

/** docs/product.md §3's shipping form; lengths are the server's limits (shared/schemas/buying.ts). */
const FIELDS: readonly FieldSpec[] = [
  { name: 'contactName', label: 'Contact name', autoComplete: 'name', maxLength: 100, wide: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', maxLength: 300, wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'state', label: 'State / Province', autoComplete: 'address-level1', maxLength: 100 },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', maxLength: 32 },
  { name: 'phoneNumber', label: 'Phone number', autoComplete: 'tel', maxLength: 40, type: 'tel' },
  { name: 'email', label: 'E-mail', autoComplete: 'email', maxLength: 300, type: 'email', wide: true },
];

/**
 * Every field required; only the e-mail has a type check (docs/product.md §5). `initial` fills them
 * (the buyer's last address); the buyer may change any before paying.
 */
export function ShippingFields({ initial }: { initial: Partial<ShippingForm> }) {
  return (
    <div className={styles.fields}>
      {FIELDS.map((field) => (
        <label key={field.name} className={`${form.field} ${field.wide ? styles.wide : ''}`}>
          {field.label}
          <input
            className={form.input}
            name={field.name}
            type={field.type ?? 'text'}
            autoComplete={`shipping ${field.autoComplete}`}
            maxLength={field.maxLength}
            defaultValue={initial[field.name]}
            required
          />
        </label>
      ))}
    </div>
  );
}
