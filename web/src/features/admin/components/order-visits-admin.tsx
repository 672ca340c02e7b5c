import type { AdminOrder, Appointment, AppointmentKind } from '@thaiyal/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { OrderVisitList, VisitBookingForm } from '../../../components/order-visits';
import { visitDateText } from '../../../components/stitching-summary';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/server-message';
import { useBookVisit, useCancelVisit } from '../api/order-visits';
import { ConfirmDialog } from './confirm-dialog';
import { OrderAlterationList } from './alterations-today';

/** The booking form's title for each kind. */
const BOOK_TITLES: Record<AppointmentKind, string> = {
  trial: 'admin.visitBooking.bookTrial',
  delivery: 'admin.visitBooking.bookDelivery',
  alteration: 'admin.visitBooking.bookAlteration',
};

/**
 * An order card's visits for the owner (docs/product.md#trial-and-delivery-visits): its measuring,
 * trial and delivery visits with their changes, a Cancel on each trial or delivery visit (asked
 * first), and "Book a trial visit" / "Book a delivery visit", each opening the visit calendar the
 * checkout uses. Booking a kind the order has moves it. Nothing to book or cancel on a delivered or
 * cancelled order, but for a delivered order with an alteration not done: "Book alteration pickup"
 * (docs/product.md#free-alterations) and Cancel on that visit. The server's refusal (a slot that
 * just filled) is shown as it words it.
 */
export function OrderVisitsAdmin({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const [booking, setBooking] = useState<AppointmentKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const book = useBookVisit();
  const cancel = useCancelVisit();
  const open = order.status !== 'delivered' && order.status !== 'cancelled';
  const alterationOpen = order.status === 'delivered' && (order.alterations ?? []).some((one) => one.status !== 'done');
  const cancellable = (visit: Appointment) => open || (alterationOpen && visit.kind === 'alteration');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const start = (kind: AppointmentKind) => {
    setError(null);
    setBooking(kind);
  };
  return (
    <div className="space-y-2">
      <OrderAlterationList alterations={order.alterations ?? []} items={order.items} />
      <OrderVisitList order={order} onCancel={open || alterationOpen ? setCancelling : undefined} canCancel={cancellable} />
      {open && booking === null && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => start('trial')} className="px-4! py-2!">
            {t('admin.visitBooking.bookTrial')}
          </Button>
          <Button variant="secondary" onClick={() => start('delivery')} className="px-4! py-2!">
            {t('admin.visitBooking.bookDelivery')}
          </Button>
        </div>
      )}
      {alterationOpen && booking === null && (
        <Button variant="secondary" onClick={() => start('alteration')} className="px-4! py-2!">
          {t('admin.visitBooking.bookAlteration')}
        </Button>
      )}
      {(open || alterationOpen) && booking !== null && (
        <VisitBookingForm
          kind={booking}
          title={t(BOOK_TITLES[booking])}
          pending={book.isPending}
          error={error}
          onClose={() => setBooking(null)}
          onSubmit={(visit) =>
            book.mutate(
              { orderId: order.orderId, kind: booking, ...visit },
              {
                onSuccess: () => {
                  toast.success(t('admin.visitBooking.booked'));
                  setBooking(null);
                },
                onError: (failure) => setError(serverMessage(failure, t) ?? failure.message),
              },
            )
          }
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title={t('admin.visitBooking.cancelTitle')}
          description={t('admin.visitBooking.cancelText', {
            kind: t(`orderVisits.kinds.${cancelling.kind}`),
            date: visitDateText(cancelling.date, language),
            slot: cancelling.label,
          })}
          confirmLabel={t('admin.visitBooking.cancelConfirm')}
          busy={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            cancel.mutate(
              { orderId: order.orderId, id: cancelling.id },
              {
                onSuccess: () => toast.success(t('admin.visitBooking.cancelled')),
                onError: (failure) => toast.error(serverMessage(failure, t) ?? failure.message),
                onSettled: () => setCancelling(null),
              },
            )
          }
        />
      )}
    </div>
  );
}
