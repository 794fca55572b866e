/**
 * 'Add from links' (docs/product.md §4): each pasted link is downloaded through the server as an image; failures
 * are skipped and logged, the rest are appended to the pending images in the order pasted.
 */
import { useMutation } from '@tanstack/react-query';
import { fetchImageFromLink } from '../api/imageFromLink.js';
import { splitLinks } from './splitLinks.js';

export async function downloadLinkedImages(text: string): Promise<Blob[]> {
  const results = await Promise.allSettled(splitLinks(text).map((link) => fetchImageFromLink(link)));
  const images: Blob[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') images.push(result.value);
    else console.error(`Could not add the image from link ${index + 1}`, result.reason);
  });
  return images;
}

export function useImportFromLinks() {
  return useMutation({ mutationFn: downloadLinkedImages });
}
