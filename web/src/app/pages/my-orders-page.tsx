import type { Order, OrderStateCounts } from '@thaiyal/contract';
import { holdsCustomerFabric } from '@thaiyal/contract/limits';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMore } from '../../components/ui/load-more';
import { StatusMessage } from '../../components/ui/status-message';
import { ProductImage } from '../../features/catalog/components/product-image';
import { newestFirst, useCancelOrder } from '../../features/orders/api/cancel-order';
import { MY_ORDER_FILTERS, useMyOrders, type MyOrderFilter } from '../../features/orders/api/orders';
import { useShopInfo } from '../../features/contact/api/shop-info';
import { CancelOrderDialog } from '../../features/orders/components/cancel-order-dialog';
import { OrderCard } from '../../features/orders/components/order-card';
import { serverMessage } from '../../lib/server-message';
import { Guard } from '../guards';
import { PageTitle } from '../../components/ui/page-title';
import { PushOptIn } from '../../components/push-opt-in';
import { useOrderAgain } from './order-again';

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
 * list can be narrowed to `All`, `Active` or `Cancelled`, each with its count. The orders come a
 * page at a time (docs/product.md#lists-by-page): the next as she scrolls to the end or presses
 * `Load more`; the counts are the server's, and each filter asks the server for its orders.
 */
export function MyOrdersPage() {
  return (
    <Guard rule="user">
      <MyOrdersContent />
    </Guard>
  );
}

/** How many orders each filter button counts, from the server's per-state counts (docs/product.md#lists-by-page). */
function filterCount(filter: MyOrderFilter, counts: OrderStateCounts): number {
  const all = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (filter === 'all') return all;
  return filter === 'cancelled' ? counts.cancelled : all - counts.cancelled;
}

/** The All / Active / Cancelled buttons, the pressed one showing which orders are listed; each counts all of hers, loaded or not. */
function OrderFilterButtons({
  counts,
  filter,
  onChange,
}: {
  counts: OrderStateCounts;
  filter: MyOrderFilter;
  onChange: (filter: MyOrderFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('myOrders.filterLabel')} className="mb-4 flex flex-wrap gap-2">
      {MY_ORDER_FILTERS.map((one) => (
        <button
          key={one}
          type="button"
          aria-pressed={filter === one}
          onClick={() => onChange(one)}
          className={`min-h-10 rounded-full px-4 py-1.5 text-sm font-medium ring-1 focus-visible:outline-3 focus-visible:outline-rose-700/40 ${
            filter === one ? 'bg-rose-800 text-white ring-rose-800' : 'bg-white text-stone-800 ring-stone-300 hover:bg-rose-50'
          }`}
        >
          {t(`myOrders.filter.${one}`, { count: filterCount(one, counts) })}
        </button>
      ))}
    </div>
  );
}

/**
 * The orders a filter shows, newest first, each delivered one with Order again ({@link useOrderAgain}), then {@link LoadMore}: the next page comes as she
 * scrolls to the end, or with `Load more`. While another filter's orders load, the ones shown
 * stay, marked busy.
 */
function OrderList({
  orders,
  query,
  onCancel,
}: {
  orders: Order[];
  query: ReturnType<typeof useMyOrders>;
  onCancel: (order: Order) => void;
}) {
  const shopInfo = useShopInfo().data;
  const whatsappHref = shopInfo?.whatsappHref;
  const { orderAgain, busyOrderId } = useOrderAgain();
  return (
    <>
      <ul className={`space-y-4 ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isPlaceholderData || undefined}>
        {orders.map((order) => (
          <li key={order.orderId}>
            <OrderCard
              order={order}
              renderPicture={orderPicture}
              onCancel={() => onCancel(order)}
              whatsappHref={whatsappHref}
              alterationDays={shopInfo?.alterationDays}
              // One order at a time: the cart writes of two would interleave.
              onOrderAgain={() => void orderAgain(order)}
              orderingAgain={busyOrderId === order.orderId}
            />
          </li>
        ))}
      </ul>
      {!query.isPlaceholderData && <LoadMore query={query} shown={orders.length} />}
    </>
  );
}

function MyOrdersContent() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<MyOrderFilter>('all');
  // Each filter asks the server (docs/product.md#lists-by-page), not the pages loaded so far.
  const orders = useMyOrders(filter);
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const counts = orders.data?.pages[0]?.counts;
  const anyCancelled = (counts?.cancelled ?? 0) > 0;

  // With no cancelled order (the only one came back after a refusal) there is nothing to filter
  // and the buttons go: show them all. Set while rendering, as React advises for derived state.
  if (counts && !anyCancelled && filter !== 'all') setFilter('all');

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

  const list = newestFirst(orders.data?.pages.flatMap((page) => page.orders) ?? []);

  return (
    <>
      <PageTitle title={t('orders.title')} />
      <PageHeading>{t('orders.title')}</PageHeading>
      {orders.isPending ? (
        <StatusMessage busy>{t('common.pleaseWait')}</StatusMessage>
      ) : !counts || filterCount('all', counts) === 0 ? (
        <EmptyState>{t('orders.empty')}</EmptyState>
      ) : (
        <>
          {/* docs/product.md#notifications: offered to a shopper who has orders, never on a first visit. */}
          <PushOptIn audience="shopper" />
          {anyCancelled && <OrderFilterButtons counts={counts} filter={filter} onChange={setFilter} />}
          {list.length === 0 ? (
            <StatusMessage>{t(filter === 'cancelled' ? 'myOrders.noneCancelled' : 'myOrders.noneActive')}</StatusMessage>
          ) : (
            <OrderList orders={list} query={orders} onCancel={setCancelling} />
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
