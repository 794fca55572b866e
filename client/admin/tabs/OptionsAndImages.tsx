import type { ShopConfig } from '../../../shared/shops.js';
import { ProductOptions } from '../form/ProductOptions.js';
import type { ProductFormState } from '../form/useProductForm.js';
import { PendingImagesSection } from '../images/PendingImagesSection.js';
import type { PendingImages } from '../images/usePendingImages.js';

interface OptionsAndImagesProps {
  shop: ShopConfig;
  form: ProductFormState;
  pending: PendingImages;
  /** 'choose images' on Add, 'add images' on Edit (docs/product.md §2). */
  pickerLabel: string;
}

/** The lower part both product forms share: availability and rating where the shop has them, new images. */
export function OptionsAndImages({ shop, form, pending, pickerLabel }: OptionsAndImagesProps) {
  return (
    <>
      <ProductOptions
        shop={shop}
        available={form.available}
        onAvailableChange={form.setAvailable}
        rate={form.rate}
        onRateChange={form.setRate}
      />
      <PendingImagesSection pending={pending} pickerLabel={pickerLabel} />
    </>
  );
}
