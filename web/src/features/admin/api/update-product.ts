import type { Product, ProductPatchBody, ProductResponse } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useCatalogSync } from './catalog-sync';
import { editAdminProducts } from './admin-product-cache';

/** One picture of the edited product, in the order it will be shown: one it has (its URL) or a new file. */
export type EditedPicture = { url: string } | { file: File };

/** What the edit form sends: the product's fields (prices in rupees) and, when they changed, its pictures. */
export interface UpdateProductInput {
  id: string;
  fields: ProductPatchBody;
  /** The pictures after the edit in order; absent when they did not change (a JSON edit). */
  pictures?: readonly EditedPicture[];
}

/** A multipart field's text: flags as 'true'/'false', a missing compare-at price as ''. */
function asText(value: unknown): string {
  return value === null ? '' : String(value);
}

/**
 * `PATCH /api/product/{id}` (docs/product.md#editing-a-product): JSON when
 * the pictures stay as they are; else multipart with the fields as text, the new files as
 * `images` and `imageOrder` naming every picture in order (a kept one by its URL, the n-th new
 * file as `new:<n>`). → the product as the admin sees it (with `hidden`).
 * @throws ApiError: 400 with the field's message, 404 unknown product, 413/415 a picture refused.
 */
export async function updateProduct({ id, fields, pictures }: UpdateProductInput): Promise<Product> {
  const path = `/product/${encodeURIComponent(id)}`;
  if (!pictures) {
    const { product } = await api<ProductResponse>(path, { method: 'PATCH', body: fields });
    return product;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, asText(value));
  let uploads = 0;
  for (const picture of pictures) {
    if ('url' in picture) {
      form.append('imageOrder', picture.url);
    } else {
      form.append('imageOrder', `new:${uploads}`);
      uploads += 1;
    }
  }
  for (const picture of pictures) if ('file' in picture) form.append('images', picture.file, picture.file.name);
  const { product } = await api<ProductResponse>(path, { method: 'PATCH', body: form });
  return product;
}

/**
 * Mutation of the edit form: on success the Products tab shows the edited product, as the server
 * answered it, in place of the listed one at once, without fetching its pages again
 * (docs/product.md#lists-by-page), and the shop's catalog queries reload (home, category pages,
 * the product page), as after a create.
 */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      editAdminProducts(queryClient, (item) => (item._id === product._id ? product : item));
      catalogChanged('products');
    },
  });
}
