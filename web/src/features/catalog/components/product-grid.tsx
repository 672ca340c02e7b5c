import type { Product } from '@thaiyal/contract';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/ui/status-message';
import { ProductCard } from './product-card';

/** Props of a product grid. */
export interface ProductGridProps {
  products: Product[] | undefined;
  isLoading: boolean;
  /** Give the first card's picture high priority (it is the page's largest paint). */
  prioritizeFirst?: boolean;
}

/**
 * A grid of product cards, 2 columns on phones and 4 from md (SPEC §2 Category listing);
 * 'Please wait...' while loading and 'No products found' when empty.
 */
export function ProductGrid({ products, isLoading, prioritizeFirst = false }: ProductGridProps) {
  const { t } = useTranslation();
  if (isLoading) return <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>;
  if (!products || products.length === 0) return <StatusMessage>{t('common.noProducts')}</StatusMessage>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} priority={prioritizeFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
