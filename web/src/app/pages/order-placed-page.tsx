import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { PageTitle } from '../../components/ui/page-title';
import { PushOptIn } from '../../components/push-opt-in';
import { spacedPhone, StitchingSummary, VisitLine } from '../../components/stitching-summary';
import { shopInfoQuery } from '../../features/contact/api/shop-info';
import { myOrdersQuery } from '../../features/orders/api/orders';
import { paths } from '../../lib/paths';
import { withWhatsappText } from '../../lib/whatsapp';
import { Guard } from '../guards';
import { productName } from '../../lib/product-text';
import { formatRupees } from '../../lib/text';

/**
 * /order-placed/:orderId (docs/product.md#order-confirmation), signed-in only: after the confetti,
 * the order number, the amount to pay in cash on delivery, the visit's date and slot (or that the shop will call to arrange it), what
 * happens next ("we will call you on 98430 12345 before the visit", the order's phone), each
 * line's stitching details, a WhatsApp link to the shop with the order number prefilled, and a
 * link on to My Orders. The order comes from `GET /api/orders`, the first page of My Orders
 * (newest first, so the order just placed is on it: docs/product.md#lists-by-page); one not
 * found there says so.
 */
export function OrderPlacedPage() {
  return (
    <Guard rule="user">
      <OrderPlacedContent />
    </Guard>
  );
}

function OrderPlacedContent() {
  const { t, i18n } = useTranslation();
  const { orderId = '' } = useParams();
  const orders = useInfiniteQuery(myOrdersQuery('all'));
  const whatsappHref = useQuery(shopInfoQuery).data?.whatsappHref;
  const order = orders.data?.pages.flatMap((page) => page.orders).find((one) => one.orderId === orderId);

  return (
    <div className="max-w-2xl space-y-4">
      <PageTitle title={t('tailoring.placedTitle')} />
      <PageHeading>{t('tailoring.placedTitle')}</PageHeading>
      {orders.isPending ? (
        <p>{t('common.pleaseWait')}</p>
      ) : !order ? (
        <p role="status">{t('tailoring.placedNotFound')}</p>
      ) : (
        <>
          <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
            <p className="text-sm text-stone-600">{t('tailoring.placedNumber')}</p>
            <p className="text-2xl font-bold tracking-wide text-rose-950" data-testid="placed-order-number">
              {order.orderId}
            </p>
          </div>
          <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-rose-900/10">
            {/* The one amount she pays, in cash at the door (docs/product.md#order-confirmation). */}
            <p className="text-lg font-semibold text-rose-950" data-testid="placed-amount">
              {t('tailoring.placedAmount', { amount: formatRupees(order.totalPrice) })}
            </p>
            <p className="text-sm text-stone-700">{t('tailoring.placedAmountHint')}</p>
          </div>
          <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
            <h2 className="font-semibold text-rose-950">{t('tailoring.visitHeading')}</h2>
            <VisitLine visit={order.visit} />
          </section>
          <section className="rounded-xl bg-amber-50 p-4 ring-1 ring-rose-900/10">
            <h2 className="font-semibold text-rose-950">{t('tailoring.placedNext')}</h2>
            <p data-testid="placed-call-before">{t('tailoring.placedCallBefore', { phone: spacedPhone(order.address.phoneNumber) })}</p>
            <p className="text-sm text-stone-700" data-testid="placed-steps">
              {/* Nothing to collect when every line is in the shop's fabric (docs/product.md#order-confirmation). */}
              {order.items.every((item) => item.stitching.fabric === 'shop')
                ? t('tailoring.placedStepsShopFabric')
                : t('tailoring.placedSteps')}
            </p>
          </section>
          {/* docs/product.md#notifications: the moment it makes sense to ask, just after her order. */}
          <PushOptIn audience="shopper" />
          <ul className="space-y-3">
            {order.items.map((item, index) => (
              <li key={`${item.productId ?? ''}-${index}`} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-rose-900/10">
                <p className="font-semibold break-words text-stone-900">
                  {productName(item, i18n.language)} × {item.quantity}
                </p>
                <StitchingSummary stitching={item.stitching} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        {whatsappHref && (
          <a
            href={withWhatsappText(whatsappHref, t('tailoring.placedWhatsappText', { orderId }))}
            target="_blank"
            rel="noreferrer"
            className={buttonClass.secondary}
            data-testid="placed-whatsapp"
          >
            {t('tailoring.placedWhatsapp')}
          </a>
        )}
        <Link to={paths.myOrders} className={buttonClass.primary}>
          {t('tailoring.placedMyOrders')}
        </Link>
      </div>
    </div>
  );
}
