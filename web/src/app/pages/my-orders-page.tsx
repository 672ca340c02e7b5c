import type { Order } from '@thaiyal/contract';
import { holdsCustomerFabric } from '@thaiyal/contract/limits';
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
 * when there are none. Cancel opens the reason dialog (after the home visit it says her fabric
 * will be returned); on Submit the order shows as cancelled at once and comes back as it was
 * if the server refuses, with the server's message or 'Failed to cancel order'; success shows
 * 'Order canceled successfully' (docs/product.md#states-and-transitions, docs/product.md#messages).
 * Cancelled orders stay in the list (docs/product.md#cancellations-kept); once there is one, the
 * list can be narrowed to `All`, `Active` or `Cancelled`, each with its count.
 */
export function MyOrdersPage() {
  return (
    <Guard rule="user">
      <MyOrdersContent />
    </Guard>
  );
}

/** Which orders My Orders shows (docs/product.md#cancellations-kept). */
type OrderFilter = 'all' | 'active' | 'cancelled';
const ORDER_FILTERS: readonly OrderFilter[] = ['all', 'active', 'cancelled'];

function shownBy(filter: OrderFilter, order: Order): boolean {
  return filter === 'all' || (filter === 'cancelled') === (order.status === 'cancelled');
}

/** The All / Active / Cancelled buttons, the pressed one showing which orders are listed. */
function OrderFilterButtons({
  orders,
  filter,
  onChange,
}: {
  orders: Order[];
  filter: OrderFilter;
  onChange: (filter: OrderFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('myOrders.filterLabel')} className="mb-4 flex flex-wrap gap-2">
      {ORDER_FILTERS.map((one) => (
        <button
          key={one}
          type="button"
          aria-pressed={filter === one}
          onClick={() => onChange(one)}
          className={`min-h-10 rounded-full px-4 py-1.5 text-sm font-medium ring-1 focus-visible:outline-3 focus-visible:outline-rose-700/40 ${
            filter === one ? 'bg-rose-800 text-white ring-rose-800' : 'bg-white text-stone-800 ring-stone-300 hover:bg-rose-50'
          }`}
        >
          {t(`myOrders.filter.${one}`, { count: orders.filter((order) => shownBy(one, order)).length })}
        </button>
      ))}
    </div>
  );
}

function MyOrdersContent() {
  const { t } = useTranslation();
  const orders = useMyOrders();
  const whatsappHref = useShopInfo().data?.whatsappHref;
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [filter, setFilter] = useState<OrderFilter>('all');

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
  const anyCancelled = list.some((order) => order.status === 'cancelled');
  const shown = anyCancelled ? list.filter((order) => shownBy(filter, order)) : list;

  return (
    <>
      <PageTitle title={t('orders.title')} />
      <PageHeading>{t('orders.title')}</PageHeading>
      {orders.isPending ? (
        <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>
      ) : list.length === 0 ? (
        <EmptyState>{t('orders.empty')}</EmptyState>
      ) : (
        <>
          {anyCancelled && <OrderFilterButtons orders={list} filter={filter} onChange={setFilter} />}
          {shown.length === 0 ? (
            <StatusMessage>{t(filter === 'cancelled' ? 'myOrders.noneCancelled' : 'myOrders.noneActive')}</StatusMessage>
          ) : (
            <ul className="space-y-4">
              {shown.map((order) => (
                <li key={order.orderId}>
                  <OrderCard order={order} renderPicture={orderPicture} onCancel={() => setCancelling(order)} whatsappHref={whatsappHref} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {cancelling && (
        <CancelOrderDialog
          orderId={cancelling.orderId}
          fabricCollected={holdsCustomerFabric(cancelling.status)}
          onSubmit={(reason) => submitCancel(cancelling, reason)}
          onClose={() => setCancelling(null)}
        />
      )}
    </>
  );
}
