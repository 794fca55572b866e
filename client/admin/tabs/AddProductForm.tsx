import { useState, type FormEvent } from 'react';
import type { CategoriesResponse } from '../../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { deleteDescriptionFolder } from '../api/tiptapDeleteFolder.js';
import { LazyDescriptionEditor } from '../editor/LazyDescriptionEditor.js';
import { ProductFields } from '../form/ProductFields.js';
import { productRequestBody, type ProductFieldName } from '../form/productFields.js';
import { useProductForm } from '../form/useProductForm.js';
import { usePendingImages } from '../images/usePendingImages.js';
import { useUploadProgress } from '../../ui/useUploadProgress.js';
import { BusyOverlay } from '../ui/BusyOverlay.js';
import { useAddProductMutation } from './addProductWithImages.js';
import { FormFooter } from './FormFooter.js';
import { OptionsAndImages } from './OptionsAndImages.js';
import { ProductFormLayout } from './ProductFormLayout.js';
import styles from './Tabs.module.css';

interface AddProductFormProps {
  shop: ShopConfig;
  nextId: number | undefined;
  categories: CategoriesResponse | undefined;
  /** After a save or a reset: the tab replaces this form with a fresh one. */
  onStartOver: () => void;
}

export function AddProductForm({ shop, nextId, categories, onStartOver }: AddProductFormProps) {
  const form = useProductForm();
  const pending = usePendingImages();
  const save = useAddProductMutation();
  const upload = useUploadProgress();
  // The id is the server's next id until the admin types another one.
  const [typedId, setTypedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = typedId ?? (nextId === undefined ? '' : String(nextId));
  const values = { ...form.values, id };

  const setField = (name: ProductFieldName, value: string) =>
    name === 'id' ? setTypedId(value) : form.setField(name, value);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (id.trim() === '') {
      window.alert('Please enter the product name');
      return;
    }
    setError(null);
    const body = productRequestBody(shop, 'add', values, form);
    const images = pending.images.map((image) => image.file);
    save.mutate(
      { shop, id: id.trim(), body, rate: form.rate, images, track: upload.track },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'created') {
            window.alert('Product added successfully');
            onStartOver();
          } else if (outcome.kind === 'upload-cancelled') {
            setError('The upload was cancelled, so the product was not added.');
          } else if (outcome.kind === 'create-failed') {
            setError(outcome.message);
          } else {
            setError('The images could not be uploaded, so the product was not added.');
          }
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  const reset = () => {
    if (id.trim() !== '') {
      deleteDescriptionFolder(shop.key, id.trim()).catch((failure: unknown) =>
        console.error('Could not delete the description images', failure),
      );
    }
    onStartOver();
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      <ProductFormLayout
        fields={
          <ProductFields shop={shop} mode="add" values={values} onChange={setField} categories={categories} />
        }
        editor={
          <LazyDescriptionEditor
            value={form.description}
            onChange={form.setDescription}
            shop={shop.key}
            productId={id.trim() || null}
          />
        }
      >
        <OptionsAndImages shop={shop} form={form} pending={pending} pickerLabel="choose images" />
        <FormFooter message={error} submitLabel="Add product" busy={save.isPending} onReset={reset} />
      </ProductFormLayout>
      {save.isPending && (
        <BusyOverlay message="Attention, item is in progress of being added" upload={upload} />
      )}
    </form>
  );
}
