import type { Rating } from '@thaiyal/contract';
import { useTranslation } from 'react-i18next';

/** Props of {@link RatingText}. */
export interface RatingTextProps {
  rating: Rating;
  /** A card's short form: `★ 4.3 (12)` on screen, the full sentence for screen readers. */
  compact?: boolean;
  className?: string;
}

/**
 * A product's real rating (docs/product.md#reviews, docs/product.md#product-card): `★ 4.3 out
 * of 5 (12 reviews)` in the page's language, the average to one decimal; nothing at all while
 * no review has stars (`count` 0), never a made-up figure.
 */
export function RatingText({ rating, compact = false, className = '' }: RatingTextProps) {
  const { t } = useTranslation();
  if (rating.count === 0 || rating.average === null) return null;
  const average = rating.average.toFixed(1);
  const full = t('product.rating', { average, count: rating.count });
  const star = (
    <span aria-hidden="true" className="text-amber-600">
      ★
    </span>
  );
  if (compact) {
    return (
      <p className={className}>
        <span aria-hidden="true">
          {star} {average} ({rating.count})
        </span>
        <span className="sr-only">{full}</span>
      </p>
    );
  }
  return (
    <p className={className}>
      {star} {full}
    </p>
  );
}
