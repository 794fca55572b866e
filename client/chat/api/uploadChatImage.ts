/**
 * POST /api/chats/{chatId}/upload (docs/product.md §7): one image as multipart field `image`, answered with the
 * stored image's filePath. Carries the buyer's token; a 401 signs out, as every buyer call does.
 */
import type { z } from 'zod';
import type { chatUploadResponseSchema } from '../../../shared/schemas/chat.js';
import { ApiError, serverChecked } from '../../endpoints/http.js';
import { sendWithProgress } from '../../endpoints/sendWithProgress.js';
import type { UploadControls } from '../../ui/useUploadProgress.js';
import { clearSessionToken, getSessionToken } from '../../session/sessionStore.js';

type UploadResponse = z.infer<typeof chatUploadResponseSchema>;

async function uploadChatImage(chatId: number, file: File, controls: UploadControls): Promise<string> {
  const token = getSessionToken();
  if (!token) throw new ApiError('Please log in to your account', 401);
  const body = new FormData();
  body.append('image', file, file.name);
  try {
    const { filePath } = await sendWithProgress(
      `/api/chats/${chatId}/upload`,
      serverChecked<UploadResponse>(),
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body,
        ...controls,
      },
    );
    return filePath;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && getSessionToken() === token) clearSessionToken();
    throw error;
  }
}

/**
 * The images of one message, sent side by side; their progress is reported as one (bytes of all of
 * them), and cancelling stops every one still on its way.
 */
export async function uploadChatImages(
  chatId: number,
  files: readonly File[],
  controls: UploadControls = { signal: new AbortController().signal, onProgress: () => {} },
): Promise<string[]> {
  const loaded = files.map(() => 0);
  const totals = files.map((file) => file.size);
  const report = () =>
    controls.onProgress({
      loaded: loaded.reduce((a, b) => a + b, 0),
      total: totals.reduce((a, b) => a + b, 0),
    });
  return Promise.all(
    files.map((file, index) =>
      uploadChatImage(chatId, file, {
        signal: controls.signal,
        onProgress: (progress) => {
          loaded[index] = progress.loaded;
          if (progress.total > 0) totals[index] = progress.total;
          report();
        },
      }),
    ),
  );
}
