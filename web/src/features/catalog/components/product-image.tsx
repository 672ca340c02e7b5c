import { IMAGE_WIDTHS, imageSrcSet, imageUrlAt, PRODUCT_IMAGE_ASPECT, type ImageWidth } from '@thaiyal/contract/images';

/** Props of a product picture. */
export interface ProductImageProps {
  /** Image URL as the API returns it (default width, `-{width}.webp` naming). */
  url: string | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the picture is drawn. */
  sizes: string;
  /** The `src` width for browsers without srcset support. */
  width?: ImageWidth;
  /** The page's main picture: loaded eagerly with `fetchpriority="high"` (docs/performance.md#images-and-caching). */
  priority?: boolean;
  className?: string;
}

const INTRINSIC_WIDTH = IMAGE_WIDTHS[0];
const INTRINSIC_HEIGHT = Math.round(INTRINSIC_WIDTH / PRODUCT_IMAGE_ASPECT);

/**
 * A 3:4 product picture with srcset and intrinsic width and height, so it never shifts the
 * layout (docs/performance.md#images-and-caching). Lazy unless `priority`. A product without pictures gets
 * a fabric-coloured placeholder of the same shape.
 */
export function ProductImage({ url, alt, sizes, width = 320, priority = false, className = '' }: ProductImageProps) {
  if (!url) {
    return <div className={`aspect-[3/4] w-full bg-linear-to-br from-rose-100 to-amber-100 ${className}`} role="img" aria-label={alt} />;
  }
  return (
    <img
      src={imageUrlAt(url, width)}
      srcSet={imageSrcSet(url)}
      sizes={sizes}
      width={INTRINSIC_WIDTH}
      height={INTRINSIC_HEIGHT}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      className={`aspect-[3/4] h-auto w-full bg-rose-50 object-cover ${className}`}
    />
  );
}
