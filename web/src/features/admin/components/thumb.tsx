import { imageSrcSet, imageUrlAt } from '@thaiyal/contract/images';

/** Props of a small picture in the dashboard's tables and cards. */
export interface ThumbProps {
  /** An image URL as the API returns it; empty or missing draws a placeholder. */
  url: string | undefined;
  alt: string;
  /** 'product' is 3:4 (the product's garments), 'banner' 16:7. */
  shape?: 'product' | 'banner';
  /** The `sizes` attribute: how wide the picture is drawn (default: a small thumbnail). */
  sizes?: string;
  className?: string;
}

/**
 * A picture at the smallest stored width (320 px, or a wider one from its srcset where it is
 * drawn wide), lazily loaded, with its size fixed by its shape so rows never jump while
 * pictures arrive (docs/performance.md#images-and-caching).
 */
export function Thumb({ url, alt, shape = 'product', sizes = '128px', className = '' }: ThumbProps) {
  const aspect = shape === 'product' ? 'aspect-[3/4]' : 'aspect-[16/7]';
  if (!url) return <div role="img" aria-label={alt} className={`${aspect} rounded-md bg-rose-100 ${className}`} />;
  return (
    <img
      src={imageUrlAt(url, 320)}
      srcSet={imageSrcSet(url)}
      sizes={sizes}
      alt={alt}
      width={320}
      height={shape === 'product' ? 427 : 140}
      loading="lazy"
      decoding="async"
      className={`${aspect} h-auto rounded-md bg-rose-50 object-cover ${className}`}
    />
  );
}
