/** The product form's state: text fields, description HTML, rating and availability. */
import { useCallback, useState } from 'react';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import {
  emptyFormValues,
  formValuesFromProduct,
  productExtras,
  type ProductFieldName,
  type ProductFormValues,
} from './productFields.js';

export interface ProductFormState {
  values: ProductFormValues;
  setField: (name: ProductFieldName, value: string) => void;
  description: string;
  setDescription: (html: string) => void;
  rate: number;
  setRate: (rate: number) => void;
  available: boolean;
  setAvailable: (on: boolean) => void;
}

/** Starts empty (availability on, no rating) or from a loaded product. */
export function useProductForm(initial: ProductDetail | null = null): ProductFormState {
  const [values, setValues] = useState<ProductFormValues>(() =>
    initial ? formValuesFromProduct(initial) : emptyFormValues(),
  );
  const [description, setDescription] = useState(initial?.description ?? '');
  const [rate, setRate] = useState(() => (initial ? productExtras(initial).rate : 0));
  const [available, setAvailable] = useState(() => (initial ? productExtras(initial).available : true));

  const setField = useCallback((name: ProductFieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  return { values, setField, description, setDescription, rate, setRate, available, setAvailable };
}
