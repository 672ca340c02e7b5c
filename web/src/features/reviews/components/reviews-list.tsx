import type { Review } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { useTranslation } from 'react-i18next';

/**
 * The detail page's reviews (docs/product.md#product-detail): a list at most 550 px high that
 * scrolls; each entry shows the username (default 'Anonymous'), its stars (★★★★☆, read out as
 * '4 stars'; none on a review written before reviews had stars) and the comment (default
 * 'No review content provided.'); an empty list says 'No reviews yet. Be the first to share!'.
 */
export function ReviewsList({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation();
  if (reviews.length === 0) {
    return <p className="rounded-xl bg-white/70 p-4 text-stone-600">{t('reviews.empty')}</p>;
  }
  return (
    <ul
      className="space-y-3 overflow-y-auto pr-1"
      style={{ maxHeight: LIMITS.reviewsMaxHeightPx }}
      tabIndex={0}
      aria-label={t('reviews.title')}
    >
      {reviews.map((review, index) => (
        <li key={`${review.createdAt}-${index}`} className="user-text rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
          <p className="font-semibold text-rose-950">{review.username.trim() || t('reviews.anonymous')}</p>
          {review.stars !== null && <Stars stars={review.stars} label={t('reviews.stars', { count: review.stars })} />}
          <p className="mt-1 text-stone-700">{review.comment.trim() || t('reviews.noContent')}</p>
        </li>
      ))}
    </ul>
  );
}

/** A review's stars as five ★, the chosen ones filled, with their count as the accessible name. */
function Stars({ stars, label }: { stars: number; label: string }) {
  return (
    <p role="img" aria-label={label} className="tracking-wider">
      <span className="text-amber-600">{'★'.repeat(stars)}</span>
      <span className="text-stone-300">{'★'.repeat(Math.max(0, LIMITS.maxStars - stars))}</span>
    </p>
  );
}
