import type { AdminOrder, OrderState, OrderStatus } from '@thaiyal/contract';
import { ORDER_STATUSES } from '@thaiyal/contract/limits';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { StitchingSummary, VisitLine } from '../../../components/stitching-summary';
import { Button } from '../../../components/ui/button';
import { placeName } from '../../../lib/places';
import { QueryState } from '../../../components/ui/query-state';
import { OrderTimeline } from '../../../components/order-timeline';
import { FinalPriceSummary, OrderPhotos } from '../../../components/order-final-price';
import { useAdminOrders } from '../api/admin-orders';
import { useDeleteDeliveredOrder } from '../api/delete-delivered-order';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { TrashIcon } from '../../../components/ui/icons';
import { formatDateTime, serverMessageOr } from './admin-text';
import { ConfirmDelete } from './confirm-delete';
import { ConfirmDialog } from './confirm-dialog';
import { DesignedPhotosPicker, designedPhotosFit } from './designed-photos-picker';
import { FinalPriceEditor } from './final-price-editor';
import { bilingual, CustomerLinks } from './day-visits-panel';
import { Thumb } from './thumb';
import { UploadProgress } from './upload-progress';

/**
 * The OrderStatus tab, 'Customers Orders' (docs/product.md#admin-dashboard): every customer's order,
 * newest first, with its number, purchase date, current status, customer, a status selector
 * (any of call, visited, designed, delivered: docs/product.md#states-and-transitions), a delete button for delivered orders
 * only, the lines with ₹ prices, the shipping address and the total. 'No orders placed
 * recently' when there are none.
 */
export function OrdersPanel() {
  const { t } = useTranslation();
  const orders = useAdminOrders();
  // The mutation lives here, not in the card: a deleted card unmounts before its toast.
  const remove = useDeleteDeliveredOrder();
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <section aria-labelledby="admin-orders-heading" className="space-y-4">
      <h2 id="admin-orders-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.orders.heading')}
      </h2>
      <QueryState query={orders} failed={t('admin.loadFailed')} retry={t('admin.retry')} empty={t('admin.orders.empty')}>
        {(list) => (
          <ul className="space-y-4">
            {list.map((order) => (
              <li key={order.orderId}>
                <OrderCard order={order} onDelete={() => setDeleting(order.orderId)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
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
 * One customer's order. Changing the selector asks first ('Change order … to “Visited”?', with
 * the line the customer will be e-mailed), then sends `PUT /api/orders/status/:orderId`; the
 * success toast shows the server's text, a failure 'An error occurred' (docs/product.md#messages).
 * Asked for "designed", the question offers up to 3 optional photos of the finished garment
 * (docs/product.md#designed-photos, {@link DesignedPhotosPicker}); with photos the change goes
 * as multipart with upload progress, the question stays open until the server answers, and a
 * refusal is shown in it in the server's words with every chosen photo kept, to try again; No
 * stops the upload. An order already designed has `Add photos`, the same question for its
 * photos alone (they replace its earlier ones and the customer is mailed them). Delete
 * (delivered orders only) asks the panel to confirm; success 'deleted', failure 'Failed to
 * delete order'; the list reloads either way.
 */
function OrderCard({ order, onDelete }: { order: AdminOrder; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOrderStatus();
  const headingId = useId();
  const selectId = useId();
  // While a change is on its way the selector shows the chosen status.
  const shownStatus: OrderState = update.isPending && update.variables ? update.variables.status : order.status;

  // A status change e-mails the customer: it is asked first, saying what will be sent, so a
  // slip of the finger (or a wheel over the selector) changes nothing.
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  // Asked for the status the order has: photos for an order already designed.
  const addingPhotos = asking !== null && asking === order.status;
  // The photos chosen for "designed", the upload's progress and the server's refusal of them.
  const [photos, setPhotos] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const uploading = useRef<AbortController | null>(null);

  const closeQuestion = () => {
    uploading.current?.abort();
    uploading.current = null;
    setAsking(null);
    setPhotos([]);
    setPhotoError(null);
    setProgress(null);
  };

  const onStatus = (status: OrderStatus) =>
    update.mutate(
      { orderId: order.orderId, status },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: () => toast.error(t('admin.orders.statusFailed')),
      },
    );

  const onDesignedWithPhotos = (files: File[]) => {
    const controller = new AbortController();
    uploading.current = controller;
    setPhotoError(null);
    setProgress(0);
    update.mutate(
      { orderId: order.orderId, status: 'designed', photos: files, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          if (uploading.current === controller) closeQuestion();
        },
        onError: (error) => {
          // No was pressed: the question is gone already.
          if (controller.signal.aborted) return;
          uploading.current = null;
          setProgress(null);
          setPhotoError(serverMessageOr(error, t('admin.orders.statusFailed'), t));
        },
      },
    );
  };

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
    <article aria-labelledby={headingId} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-0.5">
          <h3 id={headingId} className="font-semibold text-rose-950">
            {t('admin.orders.number', { id: order.orderId })}
          </h3>
          <p className="text-sm text-stone-600">
            {t('admin.orders.purchased', { date: formatDateTime(order.purchaseDate, i18n.resolvedLanguage) })}
          </p>
          <p className="text-sm text-stone-700">
            {order.customer
              ? t('admin.orders.customer', { name: order.customer.username, email: order.customer.email })
              : t('admin.orders.customerDeleted')}
          </p>
          <CustomerLinks order={order} message={bilingual(i18n, 'admin.dayVisits.orderText', { orderId: order.orderId })} />
          <p className="text-sm text-stone-800">
            {t('admin.orders.currentStatus')}{' '}
            <span className="rounded-full bg-rose-100 px-2 py-0.5 font-semibold text-rose-900">{t(`orders.statuses.${order.status}`)}</span>
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={selectId} className="block text-sm font-medium text-stone-800">
              {t('admin.orders.setStatus')}
            </label>
            <select
              id={selectId}
              value={shownStatus}
              disabled={update.isPending}
              onChange={(event) => {
                const status = event.target.value as OrderStatus;
                if (status !== order.status) setAsking(status);
              }}
              className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40 disabled:opacity-60"
            >
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`orders.statuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
          {order.status === 'designed' && (
            <Button variant="secondary" onClick={() => setAsking('designed')} className="px-4! py-2!">
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
      </header>

      <OrderTimeline timeline={order.timeline} />
      <OrderPhotos order={order} />

      {asking && (
        <ConfirmDialog
          title={
            addingPhotos
              ? t('admin.orders.photos.title', { id: order.orderId })
              : t('admin.orders.confirmStatusTitle', { id: order.orderId, status: t(`orders.statuses.${asking}`) })
          }
          description={
            order.customer
              ? t('admin.orders.confirmStatusMail', {
                  name: order.customer.username,
                  email: order.customer.email,
                  line: t(`admin.orders.mailLines.${asking}`),
                })
              : t('admin.orders.confirmStatusNoMail')
          }
          confirmLabel={t(addingPhotos ? 'admin.orders.photos.send' : 'admin.orders.confirmStatusYes')}
          busy={progress !== null}
          onConfirm={() => {
            if (asking === 'designed' && photos.length > 0) {
              if (designedPhotosFit(photos)) onDesignedWithPhotos(photos);
              return;
            }
            // Adding photos without choosing any changes nothing.
            if (!addingPhotos) onStatus(asking);
            closeQuestion();
          }}
          onCancel={closeQuestion}
        >
          {asking === 'designed' && (
            <>
              <DesignedPhotosPicker files={photos} onChange={setPhotos} disabled={progress !== null} />
              {progress !== null && <UploadProgress fraction={progress} />}
              {photoError && (
                <div role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                  <p className="font-medium">{photoError}</p>
                  <p>{t('admin.orders.photos.kept')}</p>
                </div>
              )}
            </>
          )}
        </ConfirmDialog>
      )}

      <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
        <div>
          <h4 className="mb-2 text-sm font-semibold text-stone-700">{t('admin.orders.items')}</h4>
          <ul className="divide-y divide-stone-100">
            {order.items.map((item, index) => (
              <li key={`${item.productId ?? 'gone'}-${index}`} className="flex items-center gap-3 py-2">
                <Thumb url={item.image} alt={item.name} className="w-12 shrink-0" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-stone-900">{item.name}</p>
                  <p className="text-stone-600">{t('admin.orders.quantity', { count: item.quantity })}</p>
                  <StitchingSummary stitching={item.stitching} measurements />
                </div>
                <p className="text-sm font-semibold whitespace-nowrap text-stone-900">{formatRupeesExact(item.price)}</p>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="mb-2 text-sm font-semibold text-stone-700">{t('tailoring.visitHeading')}</h4>
          <div className="mb-3 text-sm">
            <VisitLine visit={order.visit} />
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
      </div>

      <FinalPriceSummary order={order} />
      <FinalPriceEditor key={order.totalPrice} order={order} />
      <p className="text-right font-semibold text-rose-900">{t('admin.orders.total', { total: formatRupeesExact(order.totalPrice) })}</p>
    </article>
  );
}
