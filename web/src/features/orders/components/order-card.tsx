import type { Order } from '@thaiyal/contract';
import { formatShopDate, formatShopTime } from '@thaiyal/contract/limits';
import { formatRupeesExact } from '@thaiyal/contract/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StitchingSummary, VisitLine } from '../../../components/stitching-summary';
import { MeasuredSummary } from '../../../components/measured-summary';
import { OrderDates } from '../../../components/order-dates';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { placeName } from '../../../lib/places';
import { withWhatsappText } from '../../../lib/whatsapp';
import { OrderTimeline } from '../../../components/order-timeline';
import { FinalPriceSummary, OrderPhotos } from '../../../components/order-final-price';
import { OrderBill } from '../../../components/order-bill';
import { OrderTracker } from './order-tracker';
import { PickDelivery } from './pick-delivery';
import { SignOffPanel } from './sign-off-panel';
import { ShareOrder } from './share-order';
import { GarmentAlteration } from './alteration-request';
import { OrderVisitList } from '../../../components/order-visits';
import { productName } from '../../../lib/product-text';

/** Props of one order on My orders. */
export interface OrderCardProps {
  order: Order;
  /** An order line's picture (the app supplies the catalog's picture component). */
  renderPicture: (url: string, alt: string) => ReactNode;
  /** Cancel: opens the reason dialog. Offered unless the order is delivered or cancelled (docs/product.md#states-and-transitions). */
  onCancel: () => void;
  /** The shop's WhatsApp link (shop-info); when given, a link to ask about this order with its number prefilled. */
  whatsappHref?: string;
  /**
   * Order again: offered on a delivered order when given (docs/product.md#my-orders); the page puts
   * its garments, with their stitching details, in the cart.
   */
  onOrderAgain?: () => void;
  /** Whether this order's garments are being put in the cart (the button is busy meanwhile). */
  orderingAgain?: boolean;
  /** `ALTERATION_DAYS` (shop-info): how long after delivery a garment's free alteration may be asked for (docs/product.md#free-alterations). */
  alterationDays?: number | undefined;
}

/**
 * One order (docs/product.md#my-orders): order number, purchase date, status (named as in the admin
 * panel: 'Status: Visited', docs/product.md#states-and-transitions statuses), the four-step tracker (its own step captions,
 * e.g. 'Home visit'), the lines (picture, name — a link to the product's page while the shop sells it —, quantity with the ₹ price of one, the line's ₹
 * amount, two decimals) with each line's stitching details (docs/product.md#stitching-details), the
 * home visit (docs/product.md#home-visit-slot), her visits and, once designed, her delivery slot to pick
 * (docs/product.md#trial-and-delivery-visits), each delivered garment's free alteration (docs/product.md#free-alterations), the shipping address, the total and, unless delivered, Cancel;
 * once delivered, Order again (when the page offers it).
 * A cancelled order (docs/product.md#cancellations-kept) is marked `Status: Cancelled` and shows,
 * in place of the tracker, when it was cancelled and the reason; its timeline ends with that step.
 */
export function OrderCard({
  order,
  renderPicture,
  onCancel,
  whatsappHref,
  onOrderAgain,
  orderingAgain = false,
  alterationDays = 7,
}: OrderCardProps) {
  const { t, i18n } = useTranslation();
  const { address } = order;
  const cancelled = order.status === 'cancelled';
  return (
    <article
      aria-labelledby={`order-${order.orderId}`}
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`order-${order.orderId}`} className="font-semibold text-rose-950">
            {t('orders.number', { id: order.orderId })}
          </h2>
          <p className="text-sm text-stone-600">
            {t('orders.purchased', { date: formatShopDate(order.purchaseDate, i18n.resolvedLanguage) })}
          </p>
        </div>
        <p
          className={`rounded-full px-3 py-1 text-sm font-medium ${cancelled ? 'bg-stone-200 text-stone-900' : 'bg-amber-100 text-amber-950'}`}
          data-testid="order-status"
        >
          {/* The status's own name, as the admin panel says it (docs/product.md#states-and-transitions); the tracker keeps its step captions. */}
          {t('orders.status', {
            status: order.status === 'cancelled' ? t('myOrders.cancelledStatus') : t(`orders.statuses.${order.status}`),
          })}
        </p>
      </header>

      <OrderProgress order={order} />
      <OrderTimeline timeline={order.timeline} items={order.items} signOff={order.signOff} />
      <SignOffPanel order={order} />
      <OrderPhotos order={order} />

      {/* A cancelled order has no visit to come (docs/product.md#cancellations-kept). */}
      {!cancelled && (
        <section aria-labelledby={`visit-${order.orderId}`} className="text-sm text-stone-700">
          <h3 id={`visit-${order.orderId}`} className="font-medium text-stone-900">
            {t('tailoring.visitHeading')}
          </h3>
          <VisitLine visit={order.visit} />
          <OrderDates order={order} />
          {/* docs/product.md#trial-and-delivery-visits: her visits, and her delivery slot to pick once designed. */}
          <div className="mt-3 space-y-2">
            <OrderVisitList order={order} />
            <PickDelivery order={order} />
          </div>
        </section>
      )}

      <section aria-label={t('orders.items')}>
        <ul className="divide-y divide-rose-900/10">
          {order.items.map((item, index) => (
            <OrderLine
              key={`${item.productId ?? item.name}-${index}`}
              order={order}
              item={item}
              renderPicture={renderPicture}
              alterationDays={alterationDays}
              whatsappHref={whatsappHref}
            />
          ))}
        </ul>
      </section>

      <FinalPriceSummary order={order} />
      <OrderBill order={order} />

      <div className="grid gap-3 sm:grid-cols-2">
        <section aria-labelledby={`ship-${order.orderId}`} className="text-sm text-stone-700">
          <h3 id={`ship-${order.orderId}`} className="font-medium text-stone-900">
            {t('orders.shippingAddress')}
          </h3>
          <address className="not-italic">
            {address.name}, {address.phoneNumber}
            <br />
            {address.doorNumber}, {address.street}
            <br />
            {placeName(address.city, t)}, {placeName(address.state, t)} {address.pinCode}
          </address>
        </section>
        <div className="flex flex-col items-start gap-2 sm:items-end">
          <p className="text-lg font-semibold text-rose-900" data-testid="order-total">
            {t('orders.total', { total: formatRupeesExact(order.totalPrice) })}
          </p>
          <p className="text-xs text-stone-600">{t('orders.cod')}</p>
          {whatsappHref && (
            <a
              href={withWhatsappText(whatsappHref, t('tailoring.placedWhatsappText', { orderId: order.orderId }))}
              target="_blank"
              rel="noreferrer"
              className="text-sm font-medium text-emerald-900 underline"
              data-testid="order-whatsapp"
            >
              {t('tailoring.placedWhatsapp')}
            </a>
          )}
          <OrderActions order={order} onCancel={onCancel} onOrderAgain={onOrderAgain} orderingAgain={orderingAgain} />
        </div>
      </div>
    </article>
  );
}

/**
 * An order's actions: its main one ({@link MainAction}) and sharing its progress by a tracking link
 * (docs/product.md#sharing-an-orders-progress).
 */
function OrderActions(props: Pick<OrderCardProps, 'order' | 'onCancel' | 'onOrderAgain'> & { orderingAgain: boolean }) {
  return (
    <>
      <MainAction {...props} />
      <ShareOrder order={props.order} />
    </>
  );
}

/**
 * An order's main action: Cancel until it is delivered or cancelled; Order again once delivered,
 * when the page offers it (docs/product.md#my-orders, docs/product.md#states-and-transitions).
 */
function MainAction({
  order,
  onCancel,
  onOrderAgain,
  orderingAgain,
}: Pick<OrderCardProps, 'order' | 'onCancel' | 'onOrderAgain'> & { orderingAgain: boolean }) {
  const { t } = useTranslation();
  if (order.status !== 'delivered' && order.status !== 'cancelled') {
    return (
      <Button variant="secondary" onClick={onCancel} className="px-4 py-1.5 text-sm">
        {t('orders.cancel')}
      </Button>
    );
  }
  if (order.status !== 'delivered' || !onOrderAgain) return null;
  return (
    <Button onClick={onOrderAgain} disabled={orderingAgain} aria-busy={orderingAgain || undefined} className="min-h-11 px-4 py-1.5 text-sm">
      {orderingAgain ? t('myOrders.orderingAgain') : t('myOrders.orderAgain')}
    </Button>
  );
}

/**
 * Where the order stands: the four-step tracker, or for a cancelled order (docs/product.md#cancellations-kept)
 * when it was cancelled and the reason in its place.
 */
function OrderProgress({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  if (order.status !== 'cancelled') return <OrderTracker status={order.status} />;
  return (
    <div className="space-y-1 rounded-lg bg-stone-100 p-3 text-sm text-stone-800" data-testid="order-cancellation">
      {order.cancelledAt && (
        <p className="font-medium">
          {t('myOrders.cancelledOn', { date: formatShopTime(order.cancelledAt, i18n.resolvedLanguage ?? i18n.language) })}
        </p>
      )}
      {order.reason && <p className="wrap-anywhere">{t('myOrders.reason', { reason: order.reason })}</p>}
    </div>
  );
}

/** One line of an order: picture, name (a link while sold), quantity and price, stitching, measurements, and a delivered garment's free alteration. */
function OrderLine({
  order,
  item,
  renderPicture,
  alterationDays,
  whatsappHref,
}: Pick<OrderCardProps, 'order' | 'renderPicture' | 'whatsappHref'> & { item: Order['items'][number]; alterationDays: number }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex items-center gap-3 py-2">
      <div className="w-14 shrink-0 overflow-hidden rounded-md">{renderPicture(item.image, productName(item, i18n.language))}</div>
      <div className="min-w-0 flex-1 text-sm">
        {/* To the garment's page while the shop sells it (docs/product.md#my-orders), under the
                    name it was sold under, in Tamil on a Tamil page when it had one (docs/product.md#languages). */}
        <p className="font-medium text-stone-900">
          {item.productId && item.category ? (
            <Link to={paths.view(item.productId, item.category)} className="underline decoration-rose-900/30 hover:text-rose-900">
              {productName(item, i18n.language)}
            </Link>
          ) : (
            productName(item, i18n.language)
          )}
        </p>
        <p className="text-stone-600">{t('orders.quantityEach', { count: item.quantity, price: formatRupeesExact(item.price) })}</p>
        <StitchingSummary stitching={item.stitching} />
        <MeasuredSummary measured={item.measured} reader="shopper" />
        {/* docs/product.md#free-alterations: a delivered garment's free alteration. */}
        {item.productId && <GarmentAlteration order={order} productId={item.productId} days={alterationDays} whatsappHref={whatsappHref} />}
      </div>
      {/* The line's amount at its final price (docs/product.md#final-price). */}
      <p className="text-sm font-semibold text-stone-900">{formatRupeesExact((item.finalPrice ?? item.price) * item.quantity)}</p>
    </li>
  );
}
