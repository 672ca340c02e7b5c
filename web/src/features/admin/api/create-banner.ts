import type { Banner } from '@thaiyal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCatalogSync } from './catalog-sync';
import { adminKeys } from './keys';
import { uploadMultipart } from './upload';

/** What the banner form sends (docs/product.md#validation Banner form). */
export interface CreateBannerInput {
  category: string;
  /** The text over the picture (docs/product.md#home); empty or absent ones are not sent. */
  headline?: string | undefined;
  headlineTa?: string | undefined;
  line?: string | undefined;
  lineTa?: string | undefined;
  image: File;
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * `POST /api/banner` as multipart (category, the headline and line texts that are not
 * empty, `image`) → the banner, or null when the answer holds none (docs/product.md#messages
 * tells that case apart: 'Failed to create banner. Please try again.').
 * @throws ApiError when the upload fails: 400, 413, 415, network.
 */
async function createBanner({ category, image, onProgress, ...text }: CreateBannerInput): Promise<Banner | null> {
  const form = new FormData();
  form.append('category', category);
  for (const [name, value] of Object.entries(text)) if (value) form.append(name, value);
  form.append('image', image, image.name);
  const body = await uploadMultipart<{ banner?: Banner }>('/banner', form, { onProgress });
  return body?.banner ?? null;
}

/** Mutation that uploads a banner, then reloads the Banners tab and the home carousel. */
export function useCreateBanner() {
  const queryClient = useQueryClient();
  const catalogChanged = useCatalogSync();
  return useMutation({
    mutationFn: createBanner,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.banners });
      catalogChanged('banners');
    },
  });
}
