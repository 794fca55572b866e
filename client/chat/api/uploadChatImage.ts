/**
 * POST /api/chats/{chatId}/upload (docs/product.md §7): one image as multipart field `image`, answered with the
 * stored image's filePath. Carries the buyer's token; a 401 signs out, as every buyer call does.
 */
import type { z } from 'zod';
import type { chatUploadResponseSchema } from '../../../shared/schemas/chat.js';
import { ApiError, fetchJson, serverChecked } from '../../endpoints/http.js';
import { clearSessionToken, getSessionToken } from '../../session/sessionStore.js';

type UploadResponse = z.infer<typeof chatUploadResponseSchema>;

export async function uploadChatImage(chatId: number, file: File): Promise<string> {
  const token = getSessionToken();
  if (!token) throw new ApiError('Please log in to your account', 401);
  const body = new FormData();
  body.append('image', file, file.name);
  try {
    const { filePath } = await fetchJson(`/api/chats/${chatId}/upload`, serverChecked<UploadResponse>(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body,
    });
    return filePath;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && getSessionToken() === token) clearSessionToken();
    throw error;
  }
}
