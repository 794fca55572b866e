import { useEffect, useRef } from 'react';
import type { ShopKey } from '../../../shared/shops.js';
import { useRecordView } from '../../endpoints/recordView.js';

/** Records one view per opening of a product dialog (docs/product.md §4), even under StrictMode's double effects. */
export function useRecordViewOnce(shop: ShopKey, id: number): void {
  const { mutate } = useRecordView(shop);
  const recordedId = useRef<number | null>(null);
  useEffect(() => {
    if (recordedId.current === id) return;
    recordedId.current = id;
    mutate(id);
  }, [id, mutate]);
}
