/** How a chat's last message reads in the list (docs/product.md §9). */
import { LAST_MESSAGE_PREVIEW_LENGTH } from '../constants.js';

/**
 * docs/product.md §9: a chat's last message as the list shows it, on one line and cut at 50 characters (47 plus
 * an ellipsis). Counted in code points, so an emoji is never cut in half.
 */
export function chatPreview(text: string, max = LAST_MESSAGE_PREVIEW_LENGTH): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 3).join('')}…` : chars.join('');
}

/**
 * What a message shows as the chat's last message: its text, or for a message of images only one label
 * (the server's list and the browser's live update both use it, so they never disagree).
 */
export function chatLastMessageText(content: string, imageCount: number): string {
  if (content.trim() !== '' || imageCount === 0) return content;
  return imageCount === 1 ? 'Image' : `${imageCount} images`;
}
