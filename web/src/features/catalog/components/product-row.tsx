import type { Product } from '@thaiyal/contract';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/ui/status-message';
import { ProductCard } from './product-card';

/** Props of a product row. */
export interface ProductRowProps {
  title: string;
  products: Product[] | undefined;
  isLoading: boolean;
}

/**
 * A titled, horizontally scrolling strip of product cards: home's Featured Products and For
 * You rows, the detail page's 'Tailored for You' (docs/product.md#screens); 'No products found' when empty.
 * Memoized: a page re-renders on every query it watches, and this one only needs to when its own props change (docs/decisions/013-first-load.md).
 */
export const ProductRow = memo(function ProductRow({ title, products, isLoading }: ProductRowProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="font-serif text-xl font-semibold text-rose-950">
        {title}
      </h2>
      {isLoading ? (
        <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>
      ) : !products || products.length === 0 ? (
        <StatusMessage>{t('common.noProducts')}</StatusMessage>
      ) : (
        // The strip bleeds to the screen's edges (-mx-4) and pads its cards back to the page's
        // gutter (px-4); scroll-px-4 makes that gutter the snap edge, so the mandatory snap
        // rests the first card at the gutter, unscrolled, instead of snapping it to the screen
        // edge (docs/product.md#screens).
        <ul className="-mx-4 flex scroll-px-4 snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:thin]">
          {products.map((product) => (
            <li key={product._id} className="w-40 shrink-0 snap-start sm:w-48">
              <ProductCard product={product} sizes="(min-width: 640px) 192px, 160px" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
