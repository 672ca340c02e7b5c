import type { Appointment, AppointmentChange, AppointmentKind, Order, VisitBody } from '@thaiyal/contract';
import { formatShopTime } from '@thaiyal/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import ordersEnglish from '../i18n/en-orders.json';
import { visitSlotsQuery } from '../lib/visit-days';
import { visitDateText } from './stitching-summary';
import { Button } from './ui/button';
import { VisitCalendar } from './visit-calendar';

addEnglish(ordersEnglish);

/** Props of an order's visit list. */
export interface OrderVisitListProps {
  order: Pick<Order, 'appointments' | 'appointmentChanges'>;
  /** The admin's Cancel of a trial or delivery visit; absent, the list has no buttons. */
  onCancel?: (visit: Appointment) => void;
  /** Which visits have that Cancel (all but the measuring visit when absent). */
  canCancel?: (visit: Appointment) => boolean;
}

/**
 * An order's visits (docs/product.md#trial-and-delivery-visits): each with its kind (measuring,
 * trial, delivery), day and slot, measuring first; then each booking, move and cancellation of a
 * trial or delivery visit with its time, oldest first. With `onCancel`, a trial or delivery visit
 * has a Cancel button (the admin's). Renders nothing for an order without any.
 */
export function OrderVisitList({ order, onCancel, canCancel }: OrderVisitListProps) {
  const { t, i18n } = useTranslation();
  const visits = order.appointments ?? [];
  const changes = order.appointmentChanges ?? [];
  if (visits.length === 0 && changes.length === 0) return null;
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <section className="space-y-2 text-sm" aria-label={t('orderVisits.heading')}>
      <h4 className="font-semibold text-stone-800">{t('orderVisits.heading')}</h4>
      {visits.length === 0 ? (
        <p className="text-stone-600">{t('orderVisits.none')}</p>
      ) : (
        <ul className="space-y-2">
          {visits.map((visit) => (
            <li key={visit.id} className="flex flex-wrap items-center gap-2 rounded-xl bg-stone-50 p-2" data-testid="visit-entry">
              <span className="rounded-full bg-rose-100 px-2.5 py-0.5 font-semibold text-rose-900">
                {t(`orderVisits.kinds.${visit.kind}`)}
              </span>
              <span className="min-w-0 flex-1 wrap-anywhere text-stone-800">
                {t('orderVisits.when', { date: visitDateText(visit.date, language), slot: visit.label })}
              </span>
              {onCancel && visit.kind !== 'measure' && (canCancel?.(visit) ?? true) && (
                <Button variant="secondary" className="px-4! py-2!" onClick={() => onCancel(visit)}>
                  {t('orderVisits.cancel')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {changes.length > 0 && (
        <ol className="space-y-1 border-l-2 border-rose-200 pl-3 text-stone-600" aria-label={t('orderVisits.history')}>
          {changes.map((change, index) => (
            <li key={`${change.at}-${index}`} className="wrap-anywhere">
              {changeLine(change, t, language)} · <time dateTime={change.at}>{formatShopTime(change.at, language)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `Trial visit booked by the shop: Thu 5 Nov, 14:00-17:00` in the page's language. */
function changeLine(change: AppointmentChange, t: ReturnType<typeof useTranslation>['t'], language: string): string {
  return t(`orderVisits.actions.${change.action}`, {
    kind: t(`orderVisits.kinds.${change.kind}`),
    by: t(`orderVisits.by.${change.by}`),
    date: visitDateText(change.date, language),
    slot: change.label,
  });
}

/** Props of the booking form. */
export interface VisitBookingFormProps {
  kind: AppointmentKind;
  /** The form's heading, e.g. 'Book a trial visit'. */
  title: string;
  pending: boolean;
  /** The server's refusal in the page's words, or null. */
  error: string | null;
  onSubmit: (visit: VisitBody) => void;
  onClose: () => void;
}

/**
 * A trial or delivery visit's day and slot (docs/product.md#trial-and-delivery-visits), picked in
 * the visit calendar the checkout uses (`GET /api/visit-slots`, {@link VisitCalendar}): loading,
 * failed and empty states, the server's refusal (a slot that just filled) shown as it words it, and
 * nothing chosen is lost on a failed save.
 */
export function VisitBookingForm({ kind, title, pending, error, onSubmit, onClose }: VisitBookingFormProps) {
  const { t } = useTranslation();
  const days = useQuery(visitSlotsQuery);
  const [value, setValue] = useState<VisitBody | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value) return setMissing(true);
    setMissing(false);
    onSubmit(value);
  };
  const alert = missing ? t('orderVisits.chooseSlot') : error;
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl bg-stone-50 p-3 text-sm" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-semibold text-stone-800">
        {title}
      </h4>
      {days.isPending && <p className="text-stone-600">{t('orderVisits.loading')}</p>}
      {days.isError && (
        <p className="text-stone-700">
          {t('orderVisits.failed')}{' '}
          <button type="button" className="min-h-11 underline" onClick={() => void days.refetch()}>
            {t('orderVisits.retry')}
          </button>
        </p>
      )}
      {days.data && (
        <VisitCalendar
          days={days.data.days}
          value={value}
          onChange={(visit) => {
            setValue(visit);
            setMissing(false);
          }}
          day={day}
          onDay={setDay}
          name={`${id}-${kind}`}
        />
      )}
      {alert && (
        <p role="alert" className="text-red-700">
          {alert}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || !days.data} className="px-4! py-2!">
          {t('orderVisits.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose} className="px-4! py-2!">
          {t('orderVisits.close')}
        </Button>
      </div>
    </form>
  );
}
