import type { CartItem } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { productDescription, productName } from '../../../lib/product-text';
import { formatRupees } from '../../../lib/text';

/** Props of one cart line. */
export interface CartLineProps {
  item: CartItem;
  /** The product's picture (the app supplies the catalog's picture component). */
  picture: ReactNode;
  /** Where the picture and name link: the product's detail page. */
  href: string;
  /** A new quantity, 0 to 10; 0 removes the line (docs/product.md#states-and-transitions Cart). */
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  onBuyNow: () => void;
}

const stepButton =
  'grid size-9 place-items-center rounded-full border border-rose-800 text-rose-900 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-400 disabled:hover:bg-transparent';

/**
 * One cart line (docs/product.md#cart): picture, name, description, 'Size: Custom', price each, the
 * line total, a quantity badge between minus and plus, Remove and Buy Now. At quantity 1 the
 * minus button is a trash can that removes the line (docs/product.md#limits); plus stops at 10 (docs/product.md#cart).
 */
export function CartLine({ item, picture, href, onQuantityChange, onRemove, onBuyNow }: CartLineProps) {
  const { t, i18n } = useTranslation();
  const name = productName(item, i18n.language);
  const atOne = item.quantity <= 1;
  const atMax = item.quantity >= LIMITS.maxQuantity;
  return (
    <article aria-label={name} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-rose-900/10 sm:gap-4 sm:p-4">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 self-start overflow-hidden rounded-lg sm:w-28">
        {picture}
      </Link>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="space-y-0.5 text-sm">
          <h2 className="font-semibold text-stone-900 sm:text-base">
            <Link
              to={href}
              className="rounded hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
            >
              {name}
            </Link>
          </h2>
          <p className="line-clamp-2 text-stone-600">{productDescription(item, i18n.language)}</p>
          <p className="text-stone-700">{t('cart.sizeCustom')}</p>
          <p className="text-stone-700">{t('cart.priceEach', { price: formatRupees(item.price) })}</p>
          <p className="font-semibold text-rose-900" data-testid="line-total">
            {t('cart.lineTotal', { total: formatRupees(item.price * item.quantity) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div role="group" aria-label={t('cart.quantityOf', { name: name })} className="flex items-center gap-2">
            <button
              type="button"
              className={stepButton}
              onClick={() => onQuantityChange(item.quantity - 1)}
              aria-label={atOne ? t('cart.removeNamed', { name: name }) : t('cart.decrease', { name: name })}
            >
              {atOne ? <TrashIcon width={18} height={18} /> : <MinusIcon width={18} height={18} />}
            </button>
            <span
              className="grid min-w-9 place-items-center rounded-full bg-rose-100 px-2 py-1 text-sm font-bold text-rose-950"
              aria-live="polite"
              data-testid="quantity"
            >
              <span className="sr-only">{t('cart.quantityLabel')} </span>
              {item.quantity}
            </span>
            <button
              type="button"
              className={stepButton}
              onClick={() => onQuantityChange(item.quantity + 1)}
              disabled={atMax}
              aria-label={t('cart.increase', { name: name })}
              title={atMax ? t('cart.maxQuantity', { max: LIMITS.maxQuantity }) : undefined}
            >
              <PlusIcon width={18} height={18} />
            </button>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={onRemove}
              className="rounded-full px-3 py-1.5 text-sm font-semibold text-rose-900 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-rose-700"
            >
              {t('cart.remove')}
            </button>
            <button
              type="button"
              onClick={onBuyNow}
              className="rounded-full bg-amber-400 px-4 py-1.5 text-sm font-semibold text-stone-950 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
            >
              {t('cart.buyNow')}
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
