import type { AdminOrder, AdminOrderListResponse, OrderStatus } from '@thaiyal/contract';
import { ORDER_STATES, ORDER_STATUSES } from '@thaiyal/contract/limits';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { StitchingSummary, VisitLine } from '../../../components/stitching-summary';
import { MeasuredSummary } from '../../../components/measured-summary';
import { RecordMeasurements } from './record-measurements-form';
import { OrderDates } from '../../../components/order-dates';
import { Button } from '../../../components/ui/button';
import { placeName } from '../../../lib/places';
import { ListSearch } from '../../../components/ui/list-search';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { StatusMessage } from '../../../components/ui/status-message';
import { allRows, type Pages } from '../../../lib/paged';
import { OrderTimeline } from '../../../components/order-timeline';
import { FinalPriceSummary, OrderPhotos } from '../../../components/order-final-price';
import { useAdminOrders } from '../api/admin-orders';
import { useDeleteDeliveredOrder } from '../api/delete-delivered-order';
import { TrashIcon } from '../../../components/ui/icons';
import { formatDateTime } from './admin-text';
import { ConfirmDelete } from './confirm-delete';
import { FinalPriceEditor } from './final-price-editor';
import { MoveReadyByForm } from './move-ready-by-form';
import { OrderVisitsAdmin } from './order-visits-admin';
import { PaymentForm } from './payment-form';
import { SignOffAdmin } from './sign-off-admin';
import { OrderSortSelect, OrderStatusChips, useOrderFilters, type OrderFilterState } from './order-filters';
import { customerMessage, useCustomerLanguages } from './customer-message';
import { CustomerLinks } from './day-visits-panel';
import { StatusQuestion, useStatusQuestion, type StatusQuestionState } from './order-status-question';
import { OrderStatusBadge } from './order-status-badge';
import { Thumb } from './thumb';
import { productName } from '../../../lib/product-text';

/**
 * The OrderStatus tab, 'Customers Orders' (docs/product.md#admin-dashboard): the customers' orders,
 * newest first (or by ready-by or function date with the `Sort` select), a page at a time (docs/product.md#lists-by-page: the next page as the owner
 * scrolls to the end, or with `Load more`), with the status chips and their counts and the search
 * box, both kept in the address. Each order shows its number, purchase date, current status,
 * customer, a status selector (any of call, visited, designed, delivered:
 * docs/product.md#states-and-transitions), a delete button for delivered orders only, the lines
 * with ₹ prices, the shipping address and the total. 'No orders placed recently' when there are
 * none; a search that finds nothing says so.
 */
export function OrdersPanel() {
  const { t } = useTranslation();
  const filter = useOrderFilters();
  const anyChosen = filter.chosen.length > 0;
  const orders = useAdminOrders(filter.filters, anyChosen);
  // Each card's WhatsApp message is in its customer's language, Tamil too on an English dashboard.
  useCustomerLanguages();
  // The mutation lives here, not in the card: a deleted card unmounts before its toast.
  const remove = useDeleteDeliveredOrder();
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <section aria-labelledby="admin-orders-heading" className="space-y-4">
      <h2 id="admin-orders-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.orders.heading')}
      </h2>
      <ListSearch
        label={t('admin.orders.searchLabel')}
        hint={t('admin.orders.searchHint')}
        value={filter.filters.q}
        onSearch={filter.search}
      />
      <OrderStatusChips chosen={filter.chosen} counts={orders.data?.pages[0]?.counts} onToggle={filter.toggle} />
      <OrderSortSelect sort={filter.filters.sort} onSort={filter.sortBy} />
      {anyChosen ? (
        <QueryState query={orders} failed={t('admin.loadFailed')} retry={t('admin.retry')}>
          {(data) => <OrderResults data={data} query={orders} filter={filter} onDelete={setDeleting} />}
        </QueryState>
      ) : (
        <StatusMessage>{t('admin.orders.noStatus')}</StatusMessage>
      )}
      <ConfirmDelete
        item={deleting}
        mutation={remove}
        idOf={(orderId) => orderId}
        describe={(orderId) => t('admin.orders.deleteBody', { id: orderId })}
        deleted={() => t('admin.orders.deleted')}
        failed={() => t('admin.orders.deleteFailed')}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/**
 * The loaded pages' orders, then {@link LoadMore}. None: 'No orders placed recently', or under a
 * search `Nothing matches “…”`, with `Show every state` when orders of the states not chosen match
 * (their chips count them), so an order is found in one more step whatever its state.
 */
function OrderResults({
  data,
  query,
  filter,
  onDelete,
}: {
  data: Pages<AdminOrderListResponse>;
  query: ReturnType<typeof useAdminOrders>;
  filter: OrderFilterState;
  onDelete: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const list = allRows(data, (page) => page.orders);
  if (list.length === 0) {
    const counts = data.pages[0]?.counts;
    const elsewhere = counts
      ? ORDER_STATES.filter((state) => !filter.chosen.includes(state)).reduce((sum, state) => sum + counts[state], 0)
      : 0;
    if (filter.filters.q === '' && elsewhere === 0) return <StatusMessage>{t('admin.orders.empty')}</StatusMessage>;
    return (
      <div className="space-y-3 text-center">
        <StatusMessage>
          {filter.filters.q === '' ? t('admin.orders.noneChosen') : t('paging.noMatch', { q: filter.filters.q })}
        </StatusMessage>
        {elsewhere > 0 && (
          <Button variant="secondary" onClick={filter.chooseAll}>
            {t('admin.orders.showAllStates', { n: elsewhere })}
          </Button>
        )}
      </div>
    );
  }
  return (
    <>
      <ul className={`space-y-4 ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isPlaceholderData || undefined}>
        {list.map((order) => (
          <li key={order.orderId}>
            <OrderCard order={order} onDelete={() => onDelete(order.orderId)} />
          </li>
        ))}
      </ul>
      {!query.isPlaceholderData && <LoadMore query={query} shown={list.length} />}
    </>
  );
}

/**
 * One customer's order. Changing the selector asks first ('Change order … to “Visited”?', with
 * the line the customer will be e-mailed), then sends the change: {@link useStatusQuestion}
 * and {@link StatusQuestion}. An order already designed has `Add photos`, the same question
 * for its photos alone. Delete (delivered orders only) asks the panel to confirm; success
 * 'deleted' (the card leaves its page, nothing is fetched again), failure 'Failed to delete order'.
 */
function OrderCard({ order, onDelete }: { order: AdminOrder; onDelete: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const question = useStatusQuestion(order);
  return (
    <article aria-labelledby={headingId} className="user-text space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 sm:p-5">
      <header>
        <OrderFacts order={order} headingId={headingId} />
      </header>
      <OrderControls order={order} question={question} onDelete={onDelete} />

      <OrderTimeline timeline={order.timeline} items={order.items} signOff={order.signOff} forOwner />
      <OrderPhotos order={order} />
      {question.asking && <StatusQuestion order={order} question={question} />}

      <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
        <OrderLines order={order} />
        <VisitAndAddress order={order} />
      </div>

      <FinalPriceSummary order={order} />
      <FinalPriceEditor key={order.totalPrice} order={order} />
      <SignOffAdmin order={order} />
      <MoveReadyByForm key={`ready-by-${order.readyBy ?? ''}`} order={order} />
      <OrderVisitsAdmin order={order} />
      <p className="text-right font-semibold text-rose-900">{t('admin.orders.total', { total: formatRupeesExact(order.totalPrice) })}</p>
      <PaymentForm order={order} />
    </article>
  );
}

/** The order's number (its card's heading) beside its current status in its colour, purchase date, and customer with ways to reach her. */
function OrderFacts({ order, headingId }: { order: AdminOrder; headingId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="space-y-0.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-rose-950">
          {t('admin.orders.number', { id: order.orderId })}
        </h3>
        {/* Named, so "Call" reads as the order's state and not as a button. */}
        <p className="flex items-center gap-1.5 text-sm text-stone-600">
          {t('admin.orders.currentStatus')} <OrderStatusBadge status={order.status} />
        </p>
      </div>
      <p className="text-sm text-stone-600">
        {t('admin.orders.purchased', { date: formatDateTime(order.purchaseDate, i18n.resolvedLanguage) })}
      </p>
      <p className="text-sm text-stone-700">
        {order.customer
          ? t('admin.orders.customer', { name: order.customer.username, email: order.customer.email })
          : t('admin.orders.customerDeleted')}
      </p>
      <CustomerLinks
        order={order}
        message={customerMessage(i18n, order.language, 'admin.dayVisits.orderText', () => ({ orderId: order.orderId }))}
      />
    </div>
  );
}

/**
 * The status selector (any of call, visited, designed, delivered: docs/product.md#states-and-transitions;
 * choosing another status asks first), `Add photos` on a designed order and Delete on a delivered one.
 */
function OrderControls({ order, question, onDelete }: { order: AdminOrder; question: StatusQuestionState; onDelete: () => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    // The card's main action, in a bar of its own so a phone has it at hand under the customer.
    <div className="flex flex-wrap items-end gap-2 rounded-xl bg-rose-50/70 p-3" data-testid="order-actions">
      <div className="space-y-1">
        <label htmlFor={selectId} className="block text-sm font-medium text-stone-800">
          {t('admin.orders.setStatus')}
        </label>
        <Select
          id={selectId}
          value={question.shownStatus}
          disabled={question.sending}
          onChange={(event) => {
            const status = event.target.value as OrderStatus;
            if (status !== order.status) question.ask(status);
          }}
        >
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`orders.statuses.${status}`)}
            </option>
          ))}
        </Select>
      </div>
      {order.status === 'designed' && (
        <Button variant="secondary" onClick={() => question.ask('designed')} className="px-4! py-2!">
          {t('admin.orders.photos.add')}
        </Button>
      )}
      {order.status === 'delivered' && (
        <Button
          variant="secondary"
          onClick={onDelete}
          aria-label={t('admin.orders.deleteNamed', { id: order.orderId })}
          className="px-4! py-2!"
        >
          <TrashIcon width={18} height={18} />
          {t('admin.orders.delete')}
        </Button>
      )}
    </div>
  );
}

/**
 * The order's lines: picture, name, quantity, stitching details with the profile's measurements,
 * what was measured at the visit (docs/product.md#the-measurement-book), ₹ price, and under each
 * line its 'Record measurements'.
 */
function OrderLines({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-stone-700">{t('admin.orders.items')}</h4>
      <ul className="divide-y divide-stone-100">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'gone'}-${index}`} className="space-y-2 py-2">
            <div className="flex items-center gap-3">
              <Thumb url={item.image} alt={productName(item, i18n.language)} className="w-12 shrink-0" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-stone-900">{productName(item, i18n.language)}</p>
                <p className="text-stone-600">{t('admin.orders.quantity', { count: item.quantity })}</p>
                <StitchingSummary stitching={item.stitching} measurements />
                <MeasuredSummary measured={item.measured} reader="owner" />
              </div>
              <p className="text-sm font-semibold whitespace-nowrap text-stone-900">{formatRupeesExact(item.price)}</p>
            </div>
            <RecordMeasurements order={order} item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The home visit booked (or that the shop will call) and the shipping address, row by row. */
function VisitAndAddress({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const { address } = order;
  const addressRows: Array<[string, string]> = [
    [t('admin.orders.name'), address.name],
    [t('admin.orders.phone'), address.phoneNumber],
    [t('admin.orders.doorNumber'), address.doorNumber],
    [t('admin.orders.street'), address.street],
    [t('admin.orders.city'), placeName(address.city, t)],
    [t('admin.orders.state'), placeName(address.state, t)],
    [t('admin.orders.pinCode'), address.pinCode],
  ];
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-stone-700">{t('tailoring.visitHeading')}</h4>
      <div className="mb-3 space-y-2 text-sm">
        <VisitLine visit={order.visit} />
        <OrderDates order={order} risk={order.risk} rushText="tailoring.dates.rush" />
      </div>
      <h4 className="mb-2 text-sm font-semibold text-stone-700">{t('admin.orders.shipping')}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-amber-50/60 p-3 text-sm">
        {addressRows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
