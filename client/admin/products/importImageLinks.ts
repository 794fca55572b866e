/**
 * After an import: each product's new image links go through the guarded 'Add from links' path (the
 * server downloads them) and are appended to its gallery, one product at a time.
 */
import type { ImportResponse } from '../../../shared/schemas/adminProducts.js';
import type { ShopConfig } from '../../../shared/shops.js';
import type { TransferProgress } from '../../endpoints/sendWithProgress.js';
import { uploadProductImages } from '../api/uploadImages.js';
import { downloadLinkedImages } from '../images/useImportFromLinks.js';

/** Counts links, so the bar moves as images arrive; answers how many images were added. */
export async function importImageLinks(
  shop: ShopConfig,
  products: ImportResponse['imageLinks'],
  controls: { signal: AbortSignal; onProgress: (progress: TransferProgress) => void },
): Promise<number> {
  const total = products.reduce((sum, product) => sum + product.links.length, 0);
  let done = 0;
  let added = 0;
  controls.onProgress({ loaded: 0, total });
  for (const product of products) {
    if (controls.signal.aborted) break;
    const images = await downloadLinkedImages(product.links.join('\n'));
    if (images.length > 0 && !controls.signal.aborted) {
      await uploadProductImages({
        shop,
        productId: String(product.id),
        rate: 0,
        images: images.map((file, index) => ({ file, name: `${index + 1}.webp` })),
        // Cancel stops the product being sent, not only the ones after it.
        controls: { signal: controls.signal, onProgress: () => {} },
      });
      added += images.length;
    }
    done += product.links.length;
    controls.onProgress({ loaded: done, total });
  }
  return added;
}
