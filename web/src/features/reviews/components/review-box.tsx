import { LIMITS } from '@thaiyal/contract/limits';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of the review box. */
export interface ReviewBoxProps {
  /** Called with the trimmed comment and the stars chosen; the caller decides (visitor → sign in, shopper → post). */
  onSubmit: (comment: string, stars: number) => void;
  pending: boolean;
  /**
   * After a refused review the box is disabled and shows the purchase-first message
   * (docs/product.md#states-and-transitions Review box).
   */
  blocked: boolean;
}

/** The star choices, 1 to 5 (docs/product.md#reviews). */
const STAR_CHOICES = Array.from({ length: LIMITS.maxStars - LIMITS.minStars + 1 }, (_, index) => LIMITS.minStars + index);

/**
 * The detail page's review box with a Submit button (docs/product.md#reviews): 1 to 5 stars
 * (a radio group drawn as five stars, named '1 star' … '5 stars' in the page's language) and a comment. An empty comment shows 'Must be filled' (docs/product.md#validation Review),
 * no stars 'Choose from 1 to 5 stars'. The fields keep what was entered until the caller
 * reports success by remounting the box.
 */
export function ReviewBox({ onSubmit, pending, blocked }: ReviewBoxProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [stars, setStars] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const starsName = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = comment.trim();
    if (!trimmed) {
      setError(t('reviews.mustBeFilled'));
      return;
    }
    if (stars === null) {
      setError(t('reviews.starsRequired', { minStars: LIMITS.minStars, maxStars: LIMITS.maxStars }));
      return;
    }
    setError(null);
    onSubmit(trimmed, stars);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={fieldId} className="block font-medium text-stone-800">
        {t('reviews.boxLabel')}
      </label>
      <textarea
        id={fieldId}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        rows={3}
        maxLength={LIMITS.maxCommentLength}
        disabled={blocked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-lg border border-stone-300 bg-white p-3 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40 disabled:bg-stone-100"
      />
      {/* Native radios (arrow keys move between them), drawn as five stars: each ★ up to the chosen one is filled. */}
      <fieldset className="flex flex-wrap items-center gap-1" disabled={blocked}>
        <legend className="mb-1 block text-sm font-medium text-stone-800">{t('reviews.starsLabel')}</legend>
        {STAR_CHOICES.map((value) => (
          <label
            key={value}
            className="relative grid size-11 cursor-pointer place-items-center rounded-full text-3xl leading-none has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-rose-700"
          >
            <input
              type="radio"
              name={starsName}
              value={value}
              checked={stars === value}
              onChange={() => setStars(value)}
              aria-label={t('reviews.stars', { count: value })}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            <span aria-hidden="true" className={stars !== null && value <= stars ? 'text-amber-600' : 'text-stone-300'}>
              ★
            </span>
          </label>
        ))}
        {stars !== null && (
          <span aria-hidden="true" className="ms-2 text-sm text-stone-700">
            {t('reviews.stars', { count: stars })}
          </span>
        )}
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={blocked || pending}
        className="rounded-full bg-rose-800 px-5 py-2 font-semibold text-white hover:bg-rose-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:cursor-not-allowed disabled:bg-stone-400"
      >
        {blocked ? t('reviews.purchaseFirst') : t('reviews.submit')}
      </button>
    </form>
  );
}
