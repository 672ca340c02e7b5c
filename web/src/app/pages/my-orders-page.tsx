import type { Order } from '@thaiyal/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import { EmptyState } from '../../components/ui/empty-state';
import { StatusMessage } from '../../components/ui/status-message';
import { ProductImage } from '../../features/catalog/components/product-image';
import { newestFirst, useCancelOrder } from '../../features/orders/api/cancel-order';
import { useMyOrders } from '../../features/orders/api/orders';
import { useShopInfo } from '../../features/contact/api/shop-info';
import { CancelOrderDialog } from '../../features/orders/components/cancel-order-dialog';
import { OrderCard } from '../../features/orders/components/order-card';
import { serverMessage } from '../../lib/server-message';
import { Guard } from '../guards';
import { PageTitle } from '../../components/ui/page-title';

function orderPicture(url: string, alt: string) {
  return <ProductImage url={url || undefined} alt={alt} sizes="56px" />;
}

/**
 * /myOrders (docs/product.md#my-orders), signed-in only (docs/architecture.md#http-api): the orders newest first, each
 * with number, date, status, tracker, lines, address and total; 'Recently No orders Placed'
 * when there are none. Cancel opens the reason dialog; on Submit the order leaves the list at
 * once and comes back if the server refuses, with the server's message or 'Failed to cancel
 * order'; success shows 'Order canceled successfully' (docs/product.md#states-and-transitions, docs/product.md#messages).
 */
export function MyOrdersPage() {
  return (
    <Guard rule="user">
      <MyOrdersContent />
    </Guard>
  );
}

function MyOrdersContent() {
  const { t } = useTranslation();
  const orders = useMyOrders();
  const whatsappHref = useShopInfo().data?.whatsappHref;
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const submitCancel = (order: Order, reason: string) => {
    setCancelling(null);
    cancel.mutate(
      { orderId: order.orderId, reason, items: order.items.map((item) => ({ name: item.name, image: item.image })) },
      {
        onSuccess: () => toast.success(t('orders.cancelled')),
        onError: (error) => toast.error(serverMessage(error, t) ?? t('orders.cancelFailed')),
      },
    );
  };

  const list = orders.data ? newestFirst(orders.data) : [];

  return (
    <>
      <PageTitle title={t('orders.title')} />
      <PageHeading>{t('orders.title')}</PageHeading>
      {orders.isPending ? (
        <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>
      ) : list.length === 0 ? (
        <EmptyState>{t('orders.empty')}</EmptyState>
      ) : (
        <ul className="space-y-4">
          {list.map((order) => (
            <li key={order.orderId}>
              <OrderCard order={order} renderPicture={orderPicture} onCancel={() => setCancelling(order)} whatsappHref={whatsappHref} />
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelOrderDialog
          orderId={cancelling.orderId}
          onSubmit={(reason) => submitCancel(cancelling, reason)}
          onClose={() => setCancelling(null)}
        />
      )}
    </>
  );
}
