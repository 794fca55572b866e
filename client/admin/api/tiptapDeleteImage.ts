/** POST /api/tiptap-delete-image {src}: removes a description image file. Failures are only logged. */
import { okSchema } from '../../../shared/schemas/common.js';
import { adminFetchJson } from './adminFetch.js';

export async function deleteDescriptionImage(src: string): Promise<void> {
  await adminFetchJson('/api/tiptap-delete-image', okSchema, { method: 'POST', json: { src } });
}
