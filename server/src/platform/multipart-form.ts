import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, IMAGE_MESSAGES, LIMITS, MAX_UPLOAD_FILES } from '@thaiyal/contract';
import { AppError } from './errors.js';

/**
 * Most text fields of an admin form: the product edit's ten fields and its picture order
 * (`imageOrder` once per picture, room for a few too many so the edit is refused with its
 * own message rather than a 413).
 */
const MAX_TEXT_FIELDS = 10 + 2 * LIMITS.maxProductImages;

/**
 * Options of `@fastify/multipart` for the admin upload forms (docs/product.md#admin-dashboard):
 * 10 MB a file, at most {@link MAX_UPLOAD_FILES} files (those past the kept count are read and
 * thrown away), a few short text fields. A description of LIMITS.maxDescriptionLength Tamil
 * characters takes up to 3 bytes each in UTF-8, hence the field size.
 */
export const MULTIPART_OPTIONS: FastifyMultipartBaseOptions = {
  throwFileSizeLimit: true,
  limits: {
    fileSize: LIMITS.maxImageBytes,
    files: MAX_UPLOAD_FILES,
    fields: MAX_TEXT_FIELDS,
    fieldSize: LIMITS.maxDescriptionLength * 4,
    fieldNameSize: 100,
    parts: MAX_UPLOAD_FILES + MAX_TEXT_FIELDS,
    headerPairs: 20,
  },
};

/** A multipart form read into memory: its text fields and the kept files' bytes. */
export interface MultipartForm {
  /** Text fields by name; a name sent twice holds an array (and so fails a strict schema). */
  fields: Record<string, string | string[]>;
  /** Bytes of the first `maxFiles` files of `fileField`, in the order sent. */
  files: Buffer[];
  /** How many files of `fileField` past `maxFiles` were read and thrown away. */
  discardedFiles: number;
}

/** Drain a file stream without keeping its bytes. */
async function discard(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * Map the multipart parser's failures to the app's one error type: a file over 10 MB → 413
 * 'Each image must be at most 10 MB', too many files or fields → 413, a request that is not
 * multipart → 415, anything the parser could not read (no boundary, truncated body) → 400.
 */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('too_large', ADMIN_MESSAGES.imageTooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('too_large', ADMIN_MESSAGES.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
      return new AppError('too_large', IMAGE_MESSAGES.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', IMAGE_MESSAGES.notMultipart);
    default:
      return new AppError('bad_request', IMAGE_MESSAGES.uploadUnreadable);
  }
}

/**
 * Read a multipart/form-data request (docs/product.md#admin-dashboard, docs/product.md#validation Product form):
 * text fields, and the files of `fileField`, keeping the first `maxFiles` in memory and
 * reading the rest to nothing (docs/product.md#limits: only the first 6 images are kept). Nothing is
 * written to disk here; the caller hands the bytes to the image store, which decides by
 * decoding them whether they are images (the declared name and type are ignored).
 * @throws AppError('too_large') for a file over LIMITS.maxImageBytes (any file, kept or not)
 *   or too many parts; AppError('unsupported_media_type') when the request is not multipart;
 *   AppError('bad_request') for a file under another field name, a text field longer than
 *   the limit or a body the parser cannot read.
 */
export async function readMultipartForm(request: FastifyRequest, options: { fileField: string; maxFiles: number }): Promise<MultipartForm> {
  const fields: Record<string, string | string[]> = {};
  const files: Buffer[] = [];
  let discardedFiles = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          await discard(part.file);
          throw new AppError('bad_request', ADMIN_MESSAGES.unexpectedFile, [
            { path: ['body', part.fieldname], message: `Send images as '${options.fileField}'` },
          ]);
        }
        if (files.length < options.maxFiles) {
          files.push(await part.toBuffer());
        } else {
          await discard(part.file);
          if (part.file.truncated) throw new AppError('too_large', ADMIN_MESSAGES.imageTooLarge);
          discardedFiles += 1;
        }
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) {
        throw new AppError('bad_request', ADMIN_MESSAGES.fieldTooLong, [{ path: ['body', part.fieldname], message: 'Too long' }]);
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const existing = fields[part.fieldname];
      fields[part.fieldname] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
  } catch (error) {
    throw toAppError(error);
  }
  return { fields, files, discardedFiles };
}
