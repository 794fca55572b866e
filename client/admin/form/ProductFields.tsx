import type { CategoriesResponse } from '../../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../../shared/shops.js';
import {
  fieldInputMode,
  fieldLabel,
  productFieldNames,
  REQUIRED_FIELDS,
  type FormMode,
  type ProductFieldName,
  type ProductFormValues,
} from './productFields.js';
import { TextField } from './TextField.js';
import styles from './Fields.module.css';

interface ProductFieldsProps {
  shop: ShopConfig;
  mode: FormMode;
  values: ProductFormValues;
  onChange: (name: ProductFieldName, value: string) => void;
  categories: CategoriesResponse | undefined;
}

/** The shop's text fields, with suggestion lists on category and main_category. */
export function ProductFields({ shop, mode, values, onChange, categories }: ProductFieldsProps) {
  const suggestionsFor = (name: ProductFieldName) => {
    if (name === 'main_category') return categories?.mainCategories ?? [];
    if (name === 'category') return categories?.categories ?? [];
    return undefined;
  };

  return (
    <div className={styles.grid}>
      {productFieldNames(shop, mode).map((name) => (
        <TextField
          key={name}
          name={name}
          label={fieldLabel(name)}
          value={values[name]}
          onChange={(value) => onChange(name, value)}
          required={REQUIRED_FIELDS.has(name)}
          suggestions={suggestionsFor(name)}
          inputMode={fieldInputMode(name)}
        />
      ))}
    </div>
  );
}
