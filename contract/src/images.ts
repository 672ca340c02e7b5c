import { LIMITS } from './limits.js';

/**
 * Stored image widths in pixels. Every uploaded or generated image is kept as WebP at each
 * width; the API's image URL names the default width and the web app derives a srcset from
 * it (docs/decisions/001-in-memory-catalog.md, docs/performance.md#images-and-caching).
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Width named by every image URL the API returns. */
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 640;

const WIDTH_SUFFIX = /-(\d+)\.webp$/;

/**
 * URL of one stored width of an image, from the URL the API returns.
 * `imageUrlAt('/uploads/p/ab12-640.webp', 320)` → `'/uploads/p/ab12-320.webp'`.
 * A URL that does not follow the `-{width}.webp` naming comes back unchanged.
 */
export function imageUrlAt(url: string, width: ImageWidth): string {
  return WIDTH_SUFFIX.test(url) ? url.replace(WIDTH_SUFFIX, `-${width}.webp`) : url;
}

/**
 * A `srcset` attribute listing every stored width of an image, e.g.
 * `'/uploads/p/ab12-320.webp 320w, /uploads/p/ab12-640.webp 640w, …'`;
 * undefined for a URL without the width naming.
 */
export function imageSrcSet(url: string): string | undefined {
  if (!WIDTH_SUFFIX.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageUrlAt(url, width)} ${width}w`).join(', ');
}

/**
 * Width in pixels of the JPEG that the server also stores of every image, for link previews
 * (`og:image`, `twitter:image`): WhatsApp's and some other preview fetchers do not reliably
 * take WebP (docs/product.md#share-previews). One width, the stored default: a preview shows a 3:4 product
 * picture as a thumbnail, 640 px is above Facebook's 600-px minimum for a large preview, and
 * a progressive JPEG of it stays near 40 KB (demo catalog), far under WhatsApp's limits.
 */
export const SHARE_IMAGE_WIDTH: ImageWidth = 640;

/**
 * URL of the share-preview JPEG of an image, from the URL the API returns (any stored width).
 * `shareImageUrl('/uploads/p/ab12-640.webp')` → `'/uploads/p/ab12-640.jpg'`
 * (`{id}-{SHARE_IMAGE_WIDTH}.jpg`, 8-bit sRGB, progressive, no metadata). A URL that does not
 * follow the `-{width}.webp` naming comes back unchanged, as in {@link imageUrlAt}.
 */
export function shareImageUrl(url: string): string {
  return WIDTH_SUFFIX.test(url) ? url.replace(WIDTH_SUFFIX, `-${SHARE_IMAGE_WIDTH}.jpg`) : url;
}

/**
 * Every file URL the server keeps of one image: the WebP at each of {@link IMAGE_WIDTHS},
 * then the share JPEG ({@link shareImageUrl}). Empty for a URL without the width naming.
 */
export function storedImageUrls(url: string): string[] {
  if (!WIDTH_SUFFIX.test(url)) return [];
  return [...IMAGE_WIDTHS.map((width) => imageUrlAt(url, width)), shareImageUrl(url)];
}

/** Product pictures are portrait 3:4; banners are 16:7. Width / height. */
export const PRODUCT_IMAGE_ASPECT = 3 / 4;
export const BANNER_IMAGE_ASPECT = 16 / 7;

/**
 * Why an uploaded image or upload form is refused (docs/product.md#admin-dashboard: 413 too large,
 * 415 not an image). Limits from LIMITS; the admin dashboard shows them in its language by
 * their `reason` (errors.ts).
 */
export const IMAGE_MESSAGES = {
  fileTooLarge: `The image is larger than ${LIMITS.maxImageBytes / (1024 * 1024)} MB`,
  notAnImage: 'The file is not an image',
  unsupportedFormat: 'Images must be JPEG, PNG, WebP, GIF or AVIF',
  tooManyPixels: `The image has more than ${LIMITS.maxImagePixels / 1_000_000} megapixels`,
  unreadable: 'The image could not be read',
  tooManyFields: 'The form has too many fields',
  notMultipart: 'Send the form as multipart/form-data',
  uploadUnreadable: 'The upload could not be read. Please try again.',
  invalidId: 'Invalid image id',
  notShopImage: 'Not an image URL of this shop',
} as const;
