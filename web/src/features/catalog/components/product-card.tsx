import type { Product } from '@thaiyal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon, ShareIcon } from '../../../components/ui/icons';
import { paths } from '../../../lib/paths';
import { productName } from '../../../lib/product-text';
import { formatRupees } from '../../../lib/text';
import { useProductActions } from './product-actions';
import { ProductImage } from './product-image';
import { RatingText } from './rating';
import { shareProduct } from './share';

/** Props of a product card. */
export interface ProductCardProps {
  product: Product;
  /** The `sizes` of its picture; the default fits the 2-column / 4-column grid. */
  sizes?: string;
  /** Load the picture eagerly with high priority (the first card above the fold). */
  priority?: boolean;
  /** Level of the name's heading: 3 under a section's h2 (the default), 2 right under the page's h1. */
  headingLevel?: 2 | 3;
}

/**
 * A product card (docs/product.md#product-card): first picture, name (Tamil on a Tamil page when
 * the shop wrote one), its rating when it has reviews (`★ 4.3 (12)`), ₹ price and what it pays for
 * ('Stitching only' or 'With fabric'); a heart (a visitor
 * goes to /signin) and a share button over the picture; the card links to
 * `/view/{id}/{category}`.
 */
export function ProductCard({ product, sizes = '(min-width: 768px) 25vw, 50vw', priority = false, headingLevel = 3 }: ProductCardProps) {
  const { t, i18n } = useTranslation();
  const name = productName(product, i18n.language);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { isWishlisted, toggleWishlist } = useProductActions();
  const wishlisted = isWishlisted(product._id);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-rose-900/10 transition hover:shadow-md">
      <Link
        to={paths.view(product._id, product.category)}
        className="flex flex-1 flex-col rounded-xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        <ProductImage url={product.images[0]} alt={name} sizes={sizes} priority={priority} />
        <div className="flex flex-1 flex-col gap-1 p-3">
          <Heading className="line-clamp-2 text-sm font-medium text-stone-800">{name}</Heading>
          <RatingText rating={product.rating} compact className="text-xs text-stone-700" />
          <p className="mt-auto text-base font-semibold text-rose-900">{formatRupees(product.price)}</p>
          <p className="text-xs text-stone-600">
            {t(product.priceIncludesFabric ? 'product.cardWithFabric' : 'product.cardStitchingOnly')}
          </p>
        </div>
      </Link>
      <div className="absolute top-2 right-2 flex flex-col gap-2">
        <button
          type="button"
          onClick={() => toggleWishlist(product)}
          aria-pressed={wishlisted}
          aria-label={t(wishlisted ? 'product.removeFromWishlist' : 'product.addToWishlist', { name })}
          className="grid size-9 place-items-center rounded-full bg-white/90 text-rose-700 shadow-sm hover:bg-white focus-visible:outline-3 focus-visible:outline-rose-700"
        >
          <HeartIcon filled={wishlisted} width={20} height={20} />
        </button>
        <button
          type="button"
          onClick={() => void shareProduct({ ...product, name })}
          aria-label={t('product.shareNamed', { name })}
          className="grid size-9 place-items-center rounded-full bg-white/90 text-stone-700 shadow-sm hover:bg-white focus-visible:outline-3 focus-visible:outline-rose-700"
        >
          <ShareIcon width={18} height={18} />
        </button>
      </div>
    </article>
  );
}
