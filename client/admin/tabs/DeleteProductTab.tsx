import { useState } from 'react';
import type { ShopConfig } from '../../../shared/shops.js';
import { ApiError } from '../../endpoints/http.js';
import { useDeleteProductMutation } from '../api/deleteProduct.js';
import { IdLookupForm } from './IdLookupForm.js';
import controls from '../ui/Controls.module.css';

/** The Delete tab (docs/product.md §2, §5, §8): an id, a confirmation, then the product and its images are gone. */
export function DeleteProductTab({ shop }: { shop: ShopConfig }) {
  const [id, setId] = useState('');
  const deleteProduct = useDeleteProductMutation();

  const submit = () => {
    const productId = id.trim();
    if (productId === '') {
      window.alert('Please enter the ID of the item to be deleted');
      return;
    }
    if (!window.confirm(`Are you sure you want to delete the product with ID - ${productId}?`)) return;
    deleteProduct.mutate(
      { shop: shop.key, id: productId },
      {
        onSuccess: () => {
          window.alert(`Product with ID ${productId} has been deleted`);
          setId('');
        },
        onError: (error) => {
          console.error(error);
          window.alert(error instanceof ApiError ? error.message : 'Error deleting the product');
        },
      },
    );
  };

  return (
    <div className={controls.card}>
      <IdLookupForm
        label="Enter the ID to delete"
        buttonLabel="Delete product"
        value={id}
        onChange={setId}
        onSubmit={submit}
        busy={deleteProduct.isPending}
        tone="danger"
      />
    </div>
  );
}
