import type { Order } from '@thaiyal/contract';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import { PrivatePicture } from './private-picture';
import ordersEnglish from '../i18n/en-orders.json';

addEnglish(ordersEnglish);

/** Whether the shop changed any price of the order after measuring (docs/product.md#final-price). */
function hasFinalPrice(order: Pick<Order, 'items' | 'originalTotal' | 'totalPrice'>): boolean {
  return (
    (order.originalTotal !== undefined && order.originalTotal !== order.totalPrice) ||
    order.items.some((item) => (item.finalPrice !== undefined && item.finalPrice !== item.price) || Boolean(item.priceNote))
  );
}

/**
 * "Final price after measuring" (docs/product.md#final-price): each line whose price the shop set,
 * with its new unit price, the price ordered and the shop's note, then the total when ordered
 * (struck through) and the final total, the one paid in cash on delivery. Renders nothing for an
 * order whose prices never changed. Shown in My Orders and on the admin's orders.
 */
export function FinalPriceSummary({ order }: { order: Pick<Order, 'orderId' | 'items' | 'originalTotal' | 'totalPrice'> }) {
  const { t } = useTranslation();
  if (!hasFinalPrice(order)) return null;
  const changed = order.items.filter((item) => (item.finalPrice !== undefined && item.finalPrice !== item.price) || item.priceNote);
  return (
    <section
      aria-labelledby={`final-${order.orderId}`}
      className="rounded-lg bg-amber-50 p-3 text-sm text-stone-800"
      data-testid="final-price"
    >
      <h3 id={`final-${order.orderId}`} className="font-medium text-stone-900">
        {t('orderPrice.heading')}
      </h3>
      <ul className="mt-1 space-y-1">
        {changed.map((item, index) => (
          <li key={`${item.productId ?? item.name}-${index}`} className="break-words">
            {t('orderPrice.line', {
              name: item.name,
              price: formatRupeesExact(item.finalPrice ?? item.price),
              was: formatRupeesExact(item.price),
            })}
            {item.priceNote ? <span className="text-stone-600"> — {item.priceNote}</span> : null}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        {t('orderPrice.originalTotal')} <s data-testid="original-total">{formatRupeesExact(order.originalTotal ?? order.totalPrice)}</s>
      </p>
      <p className="font-semibold text-rose-900">{t('orderPrice.finalTotal', { total: formatRupeesExact(order.totalPrice) })}</p>
    </section>
  );
}

/**
 * The photos of the finished garment the shop attached at "designed" (docs/product.md#designed-photos),
 * each a link to the picture. Renders nothing without photos.
 */
export function OrderPhotos({ order }: { order: Pick<Order, 'orderId' | 'photos'> }) {
  const { t } = useTranslation();
  const photos = order.photos ?? [];
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby={`photos-${order.orderId}`} className="text-sm">
      <h3 id={`photos-${order.orderId}`} className="font-medium text-stone-900">
        {t('orderPhotos.heading')}
      </h3>
      <ul className="mt-1 flex flex-wrap gap-2">
        {photos.map((url, index) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noreferrer">
              <PrivatePicture
                src={url}
                alt={t('orderPhotos.alt', { number: index + 1 })}
                width={96}
                height={128}
                loading="lazy"
                className="h-32 w-24 rounded-md object-cover ring-1 ring-rose-900/10"
                data-testid="order-photo"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
