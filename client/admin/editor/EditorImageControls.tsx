import type { Editor } from '@tiptap/react';
import type { ChangeEvent } from 'react';
import type { ShopKey } from '../../../shared/shops.js';
import { Icon } from '../../ui/Icon.js';
import { UploadProgress } from '../../ui/UploadProgress.js';
import { useUploadProgress } from '../../ui/useUploadProgress.js';
import { isAbortError } from '../../endpoints/sendWithProgress.js';
import { deleteDescriptionImage } from '../api/tiptapDeleteImage.js';
import { useUploadDescriptionImageMutation } from '../api/tiptapUploadImage.js';
import { ToolbarButton } from './ToolbarButton.js';
import styles from './DescriptionEditor.module.css';

interface EditorImageControlsProps {
  editor: Editor;
  shop: ShopKey;
  /** The product the description images belong to; uploads wait until there is one. */
  productId: string | null;
  selectedImageSrc: string | null;
  isEmpty: boolean;
}

/** Image upload, delete-selected-image and clear-all (docs/product.md §2). Failures are only logged (docs/product.md §8). */
export function EditorImageControls({
  editor,
  shop,
  productId,
  selectedImageSrc,
  isEmpty,
}: EditorImageControlsProps) {
  const upload = useUploadDescriptionImageMutation();
  const progress = useUploadProgress();

  const uploadImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!productId) {
      console.error('Description image not uploaded: the product has no ID yet.');
      return;
    }
    upload.mutate(
      { shop, productId, file, track: progress.track },
      {
        onSuccess: (imageUrl) => {
          const alt = file.name.replace(/\.[^.]+$/, '');
          editor.chain().focus().setImage({ src: imageUrl, alt }).run();
        },
        onError: (error) => {
          if (!isAbortError(error)) console.error('Could not upload the description image', error);
        },
      },
    );
  };

  const deleteSelectedImage = () => {
    if (!selectedImageSrc) return;
    editor.chain().focus().deleteSelection().run();
    deleteDescriptionImage(selectedImageSrc).catch((error: unknown) =>
      console.error('Could not delete the description image', error),
    );
  };

  return (
    <>
      <label className={`${styles.uploadLabel} ${upload.isPending ? styles.uploading : ''}`}>
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          disabled={upload.isPending || !productId}
          onChange={uploadImage}
        />
        <Icon name="image" size={16} />
        <span aria-live="polite">{upload.isPending ? 'Uploading an image...' : 'Insert image'}</span>
      </label>
      {progress.progress && (
        <UploadProgress label="Uploading an image" progress={progress.progress} onCancel={progress.cancel} />
      )}
      {selectedImageSrc && (
        <ToolbarButton label="Delete image" tone="danger" onClick={deleteSelectedImage}>
          Delete image
        </ToolbarButton>
      )}
      {!isEmpty && (
        <ToolbarButton
          label="Clear all"
          tone="danger"
          onClick={() => editor.chain().focus().clearContent(true).run()}
        >
          Clear all
        </ToolbarButton>
      )}
    </>
  );
}
