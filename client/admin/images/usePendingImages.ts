/**
 * Images chosen or downloaded but not uploaded yet, in gallery order, each with an object URL for its
 * preview. URLs are released when an image is removed or the form goes away.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { moveItem } from './moveItem.js';

export interface PendingImage {
  key: string;
  file: Blob;
  previewUrl: string;
}

export interface PendingImages {
  images: readonly PendingImage[];
  add: (files: readonly Blob[]) => void;
  remove: (key: string) => void;
  move: (from: number, to: number) => void;
}

let nextKey = 0;

export function usePendingImages(): PendingImages {
  const [images, setImages] = useState<readonly PendingImage[]>([]);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const add = useCallback((files: readonly Blob[]) => {
    const added = files.map((file) => {
      const previewUrl = URL.createObjectURL(file);
      urls.current.add(previewUrl);
      nextKey += 1;
      return { key: `pending-${nextKey}`, file, previewUrl };
    });
    setImages((current) => [...current, ...added]);
  }, []);

  const remove = useCallback(
    (key: string) => {
      const image = images.find((candidate) => candidate.key === key);
      if (!image) return;
      URL.revokeObjectURL(image.previewUrl);
      urls.current.delete(image.previewUrl);
      setImages((current) => current.filter((candidate) => candidate.key !== key));
    },
    [images],
  );

  const move = useCallback((from: number, to: number) => {
    setImages((current) => moveItem(current, from, to));
  }, []);

  return { images, add, remove, move };
}
