import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.js';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES, type UploadedFile } from '../modules/images/index.js';

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  /** How many files one form may carry (IMAGE_MAX_FILES unless told). */
  files?: number;
}

/** Reads a multipart form into memory within the upload limits; files come from `fileField` only. */
export async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
  limits: MultipartLimits = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const form: MultipartForm = { fields: {}, files: [] };
  const maxFiles = limits.files ?? IMAGE_MAX_FILES;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_MAX_BYTES, files: maxFiles, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === fileField) form.files.push({ filename: part.filename || 'image', data });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `An image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new HttpError(
        413,
        `Upload at most ${maxFiles} ${maxFiles === 1 ? 'image' : 'images'} at a time.`,
      );
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(413, 'The form has too many fields.');
    if (code === 'FST_PROTO_VIOLATION') throw badRequest('The form has a field name that is not allowed.');
    // Only the caller's bytes are read in the loop above: whatever else fails there (no boundary, a cut-off
    // or garbled body, an aborted upload) is a form that cannot be read, not a fault of the server.
    throw badRequest('The upload is not a readable multipart/form-data form.');
  }
  return form;
}
