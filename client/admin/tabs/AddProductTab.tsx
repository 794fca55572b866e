import { useState } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { useCategoriesQuery } from '../api/categories.js';
import { useNextIdQuery } from '../api/nextId.js';
import { AddProductForm } from './AddProductForm.js';

/**
 * The Add tab: on entry it fetches the next id and the category lists (docs/product.md §4). A saved or reset form
 * starts over as a fresh form with a freshly fetched id.
 */
export function AddProductTab({ shop }: { shop: ShopConfig }) {
  const nextId = useNextIdQuery(shop.key);
  const categories = useCategoriesQuery(shop.key);
  const [generation, setGeneration] = useState(0);

  const startOver = () => {
    setGeneration((current) => current + 1);
    void nextId.refetch();
  };

  return (
    <AddProductForm
      key={generation}
      shop={shop}
      nextId={nextId.data}
      categories={categories.data}
      onStartOver={startOver}
    />
  );
}
