import { describe, expect, it } from 'vitest';
import { SHARE_IMAGE_WIDTH, imageUrlAt, shareImageUrl, storedImageUrls } from './images.js';

describe('share-preview image URLs (docs/product.md#share-previews)', () => {
  it.each([
    ['/uploads/products/ab12-640.webp', `/uploads/products/ab12-${SHARE_IMAGE_WIDTH}.jpg`],
    ['/uploads/banners/demo-banner-0-aari-1280.webp', `/uploads/banners/demo-banner-0-aari-${SHARE_IMAGE_WIDTH}.jpg`],
    ['/uploads/products/ab12-320.webp', `/uploads/products/ab12-${SHARE_IMAGE_WIDTH}.jpg`],
  ])('names the JPEG beside %s', (url, jpeg) => {
    expect(shareImageUrl(url)).toBe(jpeg);
  });

  it.each(['https://example.com/picture.png', '/uploads/products/x.webp', '/uploads/products/x-640.jpg', ''])(
    'leaves %j, which is not a stored WebP URL, unchanged',
    (url) => {
      expect(shareImageUrl(url)).toBe(url);
      expect(storedImageUrls(url)).toEqual([]);
    },
  );

  it('lists every file the server keeps of an image: each WebP width, then the JPEG', () => {
    const url = '/uploads/products/ab12-640.webp';
    expect(storedImageUrls(url)).toEqual([
      imageUrlAt(url, 320),
      imageUrlAt(url, 640),
      imageUrlAt(url, 1280),
      `/uploads/products/ab12-${SHARE_IMAGE_WIDTH}.jpg`,
    ]);
  });
});
