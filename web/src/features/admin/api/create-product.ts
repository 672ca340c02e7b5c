import type { Product } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { useCatalogSync } from './catalog-sync';
import { adminKeys } from './keys';
import { uploadMultipart } from './upload';

/** What the create-product form sends (docs/product.md#entities Product; price in rupees). */
export interface CreateProductInput {
  name: string;
  /** The Tamil name and description; '' or absent for none (the English is shown). */
  nameTa?: string | undefined;
  description: string;
  descriptionTa?: string | undefined;
  category: string;
  price: number;
  /** The compare-at price (MRP) in rupees, above the price; null or absent for none. */
  compareAtPrice?: number | null | undefined;
  /** Whether the price includes the fabric (else it is for the stitching alone); false when absent. */
  priceIncludesFabric?: boolean;
  /** At most 6 (docs/product.md#limits); the form keeps only the first 6 chosen. */
  images: File[];
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * `POST /api/product` as multipart (name, `nameTa`, description, `descriptionTa`, price and
 * `compareAtPrice` as text ('' for none), category, `priceIncludesFabric` 'true' or 'false', `images`
 * repeated) → the created product (docs/product.md#api; docs/product.md#admin-dashboard).
 * @throws ApiError: 400 bad fields, 413 a file too large, 415 not an image; an answer
 *   without a product is a failure too.
 */
async function createProduct({ onProgress, images, ...fields }: CreateProductInput): Promise<Product> {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('nameTa', fields.nameTa ?? '');
  form.append('description', fields.description);
  form.append('descriptionTa', fields.descriptionTa ?? '');
  form.append('category', fields.category);
  form.append('price', String(fields.price));
  form.append('compareAtPrice', fields.compareAtPrice == null ? '' : String(fields.compareAtPrice));
  form.append('priceIncludesFabric', String(fields.priceIncludesFabric ?? false));
  for (const image of images) form.append('images', image, image.name);
  const body = await uploadMultipart<{ product?: Product }>('/product', form, { onProgress });
  if (!body?.product) throw new ApiError(500, {}, 'No product in the answer');
  return body.product;
}

/** Mutation that creates a product, then reloads the Products tab and the shop's catalog. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.products });
      catalogChanged('products');
    },
  });
}
