import { useState, type FormEvent } from 'react';
import type { CategoriesResponse, ProductDetail } from '../../../shared/schemas/catalog.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { LazyDescriptionEditor } from '../editor/LazyDescriptionEditor.js';
import { ProductFields } from '../form/ProductFields.js';
import { productRequestBody } from '../form/productFields.js';
import { useProductForm } from '../form/useProductForm.js';
import { ExistingImages } from '../images/ExistingImages.js';
import { usePendingImages } from '../images/usePendingImages.js';
import { useUploadProgress } from '../../ui/useUploadProgress.js';
import { BusyOverlay } from '../ui/BusyOverlay.js';
import { FormFooter } from './FormFooter.js';
import { OptionsAndImages } from './OptionsAndImages.js';
import { ProductFormLayout } from './ProductFormLayout.js';
import { useSaveProductChangesMutation } from './saveProductChanges.js';
import { StaleProductNotice } from './StaleProductNotice.js';
import styles from './Tabs.module.css';

interface EditProductFormProps {
  shop: ShopConfig;
  /** The loaded product's id; null until a product is loaded. */
  productId: string | null;
  initial: ProductDetail | null;
  /** The product's version this form holds (its updated_at as loaded, moved on by its own saves). */
  version: string | null;
  onVersion: (version: string) => void;
  categories: CategoriesResponse | undefined;
  onStartOver: () => void;
  /** Loads the product again from the server, replacing this form. */
  onReload: () => void;
  reloading: boolean;
}

export function EditProductForm(props: EditProductFormProps) {
  const { shop, productId, initial, version, onVersion, categories, onStartOver } = props;
  const form = useProductForm(initial);
  const pending = usePendingImages();
  const save = useSaveProductChangesMutation();
  const upload = useUploadProgress();
  const [notice, setNotice] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!productId || !version) {
      setNotice('Load a product first: enter its ID and press Load product.');
      return;
    }
    setNotice(null);
    setStale(null);
    const body = { ...productRequestBody(shop, 'edit', form.values, form), updated_at: version };
    const images = pending.images.map((image) => image.file);
    save.mutate(
      { shop, id: productId, body, rate: form.rate, images, track: upload.track },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'stale') setStale(outcome.message);
          else if (outcome.kind === 'update-failed') window.alert('Error updating the product');
          else onVersion(outcome.version);
          if (outcome.kind === 'upload-failed') window.alert('Error uploading new images');
          else if (outcome.kind === 'upload-cancelled')
            setNotice('The changes were saved; the new images were not uploaded (cancelled).');
          else if (outcome.kind === 'updated') {
            onStartOver();
            window.alert('Product updated');
          }
        },
        onError: (error) => {
          console.error(error);
          window.alert('An error occurred while editing');
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      <ProductFormLayout
        fields={
          <ProductFields
            shop={shop}
            mode="edit"
            values={form.values}
            onChange={form.setField}
            categories={categories}
          />
        }
        editor={
          <LazyDescriptionEditor
            value={form.description}
            onChange={form.setDescription}
            shop={shop.key}
            productId={productId}
          />
        }
      >
        <ExistingImages shop={shop} productId={productId} heldVersion={version} onVersion={onVersion} />
        <OptionsAndImages shop={shop} form={form} pending={pending} pickerLabel="add images" />
        {stale && (
          <StaleProductNotice message={stale} onReload={props.onReload} reloading={props.reloading} />
        )}
        <FormFooter message={notice} submitLabel="Save changes" busy={save.isPending} onReset={onStartOver} />
      </ProductFormLayout>
      {save.isPending && <BusyOverlay message="Attention, saving is in progress" upload={upload} />}
    </form>
  );
}
