import { useEffect, useRef, useState } from 'react';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { useCategoriesQuery } from '../api/categories.js';
import { useLoadProductMutation } from '../api/productDetail.js';
import { EditProductForm } from './EditProductForm.js';
import { IdLookupForm } from './IdLookupForm.js';
import controls from '../ui/Controls.module.css';
import styles from './Tabs.module.css';

/**
 * The Edit tab (docs/product.md §2, §4): load a product by id, which fills the form, rating, availability and the
 * image list. A reset or a save replaces the form with an empty one; the loaded id and its images stay.
 * The product's version (updated_at as loaded) stays too, moved on by this form's own saves and gallery
 * changes: a save answers 409 when anything else changed the product since, and the form offers a reload.
 */
export function EditProductTab({ shop, initialId }: { shop: ShopConfig; initialId?: string | undefined }) {
  const categories = useCategoriesQuery(shop.key);
  const loadProduct = useLoadProductMutation();
  const [typedId, setTypedId] = useState(initialId ?? '');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [initial, setInitial] = useState<ProductDetail | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  const showForm = (id: string | null, product: ProductDetail | null) => {
    setEditingId(id);
    setInitial(product);
    setGeneration((current) => current + 1);
  };

  const loadById = (id: string) => {
    loadProduct.mutate(
      { shop: shop.key, id },
      {
        onSuccess: (product) => {
          setVersion(product.updated_at);
          showForm(id, product);
        },
        onError: (error) => {
          console.error(error);
          setVersion(null);
          showForm(null, null);
          window.alert('Product not found');
        },
      },
    );
  };
  const load = () => {
    const id = typedId.trim();
    if (id !== '') loadById(id);
  };

  // Opened from the products table's edit link: the product loads at once.
  const loadedInitial = useRef(false);
  useEffect(() => {
    if (initialId && !loadedInitial.current) {
      loadedInitial.current = true;
      load();
    }
  });

  return (
    <div className={styles.stack}>
      <div className={controls.card}>
        <IdLookupForm
          label="Enter product ID"
          buttonLabel="Load product"
          value={typedId}
          onChange={setTypedId}
          onSubmit={load}
          busy={loadProduct.isPending}
        />
        {editingId && initial && (
          <p className={styles.editing}>
            Editing product {editingId}: <strong>{initial.title}</strong>
          </p>
        )}
      </div>
      <EditProductForm
        key={generation}
        shop={shop}
        productId={editingId}
        initial={initial}
        version={version}
        onVersion={setVersion}
        categories={categories.data}
        onStartOver={() => showForm(editingId, null)}
        onReload={() => editingId && loadById(editingId)}
        reloading={loadProduct.isPending}
      />
    </div>
  );
}
