import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { productName } from '../../../lib/product-text';
import { formatRupees } from '../../../lib/text';
import type { TemporaryOrder, TemporaryOrderItem } from '../temporary-order';

/** Props of the order review. */
export interface OrderReviewProps {
  order: TemporaryOrder;
  /** A line's picture (the app supplies the catalog's picture component). */
  renderPicture: (url: string, alt: string) => ReactNode;
  /** A line's short detail under its quantity (the checkout's fabric in force, docs/product.md#place-order). */
  renderLineDetail?: (item: TemporaryOrderItem) => ReactNode;
  /** What goes under a line (the checkout's stitching details, docs/product.md#stitching-details). */
  renderLineExtra?: (item: TemporaryOrderItem) => ReactNode;
  /** Whether the total's box closes the list (the checkout's first steps leave the total to their bottom bar). */
  showTotal?: boolean;
}

/**
 * The lines of 'Review Your Order' (docs/product.md#place-order): picture, name, price, quantity and
 * subtotal (price × quantity) of each, then (unless `showTotal` is false) the total amount. Payment
 * is cash on delivery.
 */
export function OrderReview({ order, renderPicture, renderLineDetail, renderLineExtra, showTotal = true }: OrderReviewProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {order.items.map((item) => (
          // On a phone the subtotal goes under the line's details, so a long one (Tamil) never
          // squeezes the product's name into one word a line.
          <li
            key={item.productID}
            className="grid grid-cols-[4rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 rounded-xl bg-white p-3 shadow-sm ring-1 ring-rose-900/10 sm:grid-cols-[4rem_minmax(0,1fr)_auto]"
          >
            <div className="w-16 overflow-hidden rounded-lg">{renderPicture(item.image, productName(item, i18n.language))}</div>
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-stone-900">{productName(item, i18n.language)}</p>
              <p className="text-stone-700">{t('cart.priceEach', { price: formatRupees(item.price) })}</p>
              <p className="text-stone-700">{t('placeOrder.quantity', { count: item.quantity })}</p>
              {renderLineDetail?.(item)}
            </div>
            <p className="col-start-2 text-sm font-semibold text-rose-900 sm:col-start-auto sm:text-right">
              {t('placeOrder.subtotal', { total: formatRupees(item.price * item.quantity) })}
            </p>
            {renderLineExtra && <div className="col-span-full min-w-0">{renderLineExtra(item)}</div>}
          </li>
        ))}
      </ul>
      {showTotal && (
        <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-rose-900/10">
          <p className="text-lg font-semibold text-rose-950" data-testid="order-review-total">
            {t('placeOrder.total', { total: formatRupees(order.totalAmount) })}
          </p>
          <p className="text-sm text-stone-600">{t('placeOrder.cod')}</p>
        </div>
      )}
    </div>
  );
}
