import type { Product } from '@thaiyal/contract';
import { absoluteUrl, paths } from '../../../lib/paths';

/**
 * Shares a product through the browser's native share sheet with its name, a line of text
 * and the absolute link to `/view/{id}/{category}` (SPEC §2 Product card and detail). Where
 * `navigator.share` is missing only an error is logged (SPEC §2). A dismissed sheet is not
 * an error.
 */
export async function shareProduct(product: Pick<Product, '_id' | 'name' | 'description' | 'category'>): Promise<void> {
  const url = absoluteUrl(paths.view(product._id, product.category));
  if (typeof navigator.share !== 'function') {
    console.error('Sharing is not supported in this browser', url);
    return;
  }
  try {
    await navigator.share({ title: product.name, text: product.description || product.name, url });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    console.error('Sharing failed', error);
  }
}
