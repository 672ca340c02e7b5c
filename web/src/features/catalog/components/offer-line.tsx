import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../../../i18n';
import productEnglish from '../../../i18n/en-product.json';
import { formatRupees } from '../../../lib/text';

// The offer line's English comes with the product page's chunk, not the home page's (docs/performance.md).
addEnglish(productEnglish);

/** The offer a price and compare-at price (MRP) make: the MRP and the whole percent off, both in rupees' terms. */
export interface Offer {
  /** The compare-at price (MRP) in rupees, above the price. */
  mrp: number;
  /** The price in rupees. */
  price: number;
  /** Percent off the MRP, rounded down to a whole number (never overstated). */
  percentOff: number;
}

/**
 * The product's offer, or null when there is none to claim (docs/product.md#product-detail):
 * only a compare-at price (MRP) above the price makes an offer; none, or one at or below the
 * price, makes none.
 */
export function offerOf(price: number, compareAtPrice: number | null): Offer | null {
  if (compareAtPrice === null || !(compareAtPrice > price)) return null;
  return { mrp: compareAtPrice, price, percentOff: Math.floor(((compareAtPrice - price) / compareAtPrice) * 100) };
}

/**
 * The detail page's `Special offer` line (docs/product.md#product-detail): the MRP struck
 * through, the price and the percent off; nothing when {@link offerOf} finds no offer.
 */
export function OfferLine({ price, compareAtPrice, icon }: { price: number; compareAtPrice: number | null; icon: ReactNode }) {
  const { t } = useTranslation();
  const offer = offerOf(price, compareAtPrice);
  if (!offer) return null;
  return (
    <li className="flex flex-wrap items-center gap-x-2 text-stone-700" data-testid="offer-line">
      <span className="text-rose-800">{icon}</span>
      <span className="font-semibold">{t('product.specialOffer')}</span>
      <span>
        {t('product.mrp')} <s className="text-stone-500">{formatRupees(offer.mrp)}</s>
      </span>
      <span className="font-semibold text-rose-900">{formatRupees(offer.price)}</span>
      {offer.percentOff > 0 && (
        <span className="font-medium text-emerald-800">{t('product.percentOff', { percent: offer.percentOff })}</span>
      )}
    </li>
  );
}
