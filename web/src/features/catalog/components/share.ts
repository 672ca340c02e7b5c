import type { Product } from '@thaiyal/contract';
import { absoluteUrl, paths } from '../../../lib/paths';

/**
 * Longest wait for the picture before the share sheet opens without it: the sheet needs the
 * click's user activation, which Chromium keeps for about 5 s.
 */
const IMAGE_TIMEOUT_MS = 2000;

/** The product's first picture as a File the browser can share, or undefined (no picture, no file sharing, a failed fetch). */
async function firstImageFile(url: string | undefined): Promise<File | undefined> {
  if (!url || typeof navigator.canShare !== 'function') return undefined;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const blob = await response.blob();
    const name = new URL(url, location.href).pathname.split('/').pop() || 'product';
    const file = new File([blob], name, { type: blob.type || 'image/webp' });
    return navigator.canShare({ files: [file] }) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shares a product through the browser's native share sheet with its name, a line of text,
 * the absolute link to `/view/{id}/{category}` and, where the browser can share files, its
 * first picture (docs/product.md#product-card: "image, name and a link"; Product detail: "name, text
 * and first image"). Where `navigator.share` is missing only an error is logged (docs/product.md#screens). A
 * dismissed sheet is not an error.
 */
export async function shareProduct(product: Pick<Product, '_id' | 'name' | 'description' | 'category' | 'images'>): Promise<void> {
  const url = absoluteUrl(paths.view(product._id, product.category));
  if (typeof navigator.share !== 'function') {
    console.error('Sharing is not supported in this browser', url);
    return;
  }
  const image = await firstImageFile(product.images[0]);
  try {
    await navigator.share({ title: product.name, text: product.description || product.name, url, ...(image ? { files: [image] } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.error('Sharing failed', error);
  }
}
