import type { Product } from '@thaiyal/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { StatusMessage } from '../../../components/ui/status-message';
import { ProductCard } from './product-card';

/** Props of a product grid. */
export interface ProductGridProps {
  products: Product[] | undefined;
  isLoading: boolean;
  /** Give the first card's picture high priority (it is the page's largest paint). */
  prioritizeFirst?: boolean;
  /**
   * Level of each card's heading: 2 (the default) for a grid right under the page's h1, 3 for
   * one inside a section with its own h2 (headings never skip a level, WCAG 1.3.1).
   */
  cardHeadingLevel?: 2 | 3;
}

/**
 * A grid of product cards, 2 columns on phones and 4 from md (docs/product.md#category-listing);
 * 'Please wait...' while loading and 'No products found' when empty, with ways on (EmptyState).
 * Memoized: a page re-renders on every query it watches, and this one only needs to when its own props change (docs/decisions/013-first-load.md).
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  isLoading,
  prioritizeFirst = false,
  cardHeadingLevel = 2,
}: ProductGridProps) {
  const { t } = useTranslation();
  if (isLoading) return <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>;
  if (!products || products.length === 0) return <EmptyState>{t('common.noProducts')}</EmptyState>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} priority={prioritizeFirst && index === 0} headingLevel={cardHeadingLevel} />
        </li>
      ))}
    </ul>
  );
});
