/** Images picked for the next message (docs/product.md §5: image/*, several, removable before sending). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MAX_IMAGES } from '../../shared/constants.js';

export interface Attachment {
  id: number;
  file: File;
  /** A blob: URL for the thumbnail, revoked when the image is removed or sent. */
  preview: string;
}

let nextId = 1;

export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => () => itemsRef.current.forEach((item) => URL.revokeObjectURL(item.preview)), []);

  // Side effects (blob URLs) stay out of state updaters, which React may run twice.
  const add = useCallback((files: FileList | null) => {
    const images = Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));
    const current = itemsRef.current;
    const room = Math.max(CHAT_MAX_IMAGES - current.length, 0);
    const added = images
      .slice(0, room)
      .map((file) => ({ id: nextId++, file, preview: URL.createObjectURL(file) }));
    setTooMany(images.length > room);
    itemsRef.current = [...current, ...added];
    setItems(itemsRef.current);
  }, []);

  const remove = useCallback((id: number) => {
    const current = itemsRef.current;
    current.filter((item) => item.id === id).forEach((item) => URL.revokeObjectURL(item.preview));
    setTooMany(false);
    itemsRef.current = current.filter((item) => item.id !== id);
    setItems(itemsRef.current);
  }, []);

  const clear = useCallback(() => {
    itemsRef.current.forEach((item) => URL.revokeObjectURL(item.preview));
    setTooMany(false);
    itemsRef.current = [];
    setItems([]);
  }, []);

  return { items, tooMany, add, remove, clear };
}
