import { LIMITS } from '@thaiyal/contract/limits';
import { z } from 'zod';

/**
 * A chosen picture: an image type of at most 10 MB (docs/product.md#validation; docs/product.md#admin-dashboard).
 * The server decides by decoding the bytes; this only spares a doomed upload. Messages are
 * i18n keys.
 */
export const ImageFileSchema = z
  .instanceof(File, { message: 'admin.imageRequired' })
  // A file of no declared type is left to the server, which decodes the bytes anyway.
  .refine((file) => file.type === '' || file.type.startsWith('image/'), 'admin.imageType')
  .refine((file) => file.size <= LIMITS.maxImageBytes, 'admin.imageTooLarge');
