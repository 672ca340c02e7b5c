import type { AdminOrder, DayVisitsResponse, Measurements, VisitKind } from '@thaiyal/contract';
import { MEASUREMENT_FIELDS } from '@thaiyal/contract/measurements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ChatIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { spacedPhone, StitchingSummary } from '../../../components/stitching-summary';
import { MeasuredSummary } from '../../../components/measured-summary';
import { mapSearchLink, telLink, whatsappLink } from '../../../lib/whatsapp';
import { formatShopDate, formatVisitDate } from '@thaiyal/contract/limits';
import { shopToday, useDayVisits } from '../api/day-visits';
import { productName } from '../../../lib/product-text';
import { slotLine, useCustomerLanguages, visitMessage } from './customer-message';
import { OfflineNotice } from '../offline/offline-notice';
import { OrderStatusBadge } from './order-status-badge';
import { RecordMeasurements } from './record-measurements-form';

type Slot = DayVisitsResponse['slots'][number];

/** An order's address in one line: door, street, landmark, city, pin code. */
function addressLine(address: AdminOrder['address']): string {
  return [address.doorNumber, address.street, address.landmark, address.city, address.pinCode].filter(Boolean).join(', ');
}

/**
 * The Home visits tab (docs/product.md#the-days-visits): a date (today in Asia/Kolkata by default),
 * then that day's visits by slot (each with its count) from `GET /api/admin/visits`, a card per
 * order: its number, status in colour,
 * the customer's name, her phone as a `tel:` link and a WhatsApp link with a message naming the
 * order, the day and the slot in the language she ordered in, the address with a
 * map-search link, each line's stitching details and measurements with its 'Record measurements'
 * (docs/product.md#the-measurement-book, kept on the phone when there is no connection), and an A4
 * order sheet to print. Today's list, loaded online, still shows without a connection, with when
 * it was loaded (docs/decisions/024-owners-day-offline.md#the-days-visits).
 */
export function DayVisitsPanel() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => shopToday());
  const visits = useDayVisits(date);
  useCustomerLanguages();
  return (
    <section aria-labelledby="admin-day-visits-heading" className="space-y-4">
      <h2 id="admin-day-visits-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.dayVisits.heading')}
      </h2>
      <label className="block text-sm font-medium text-stone-800">
        {t('admin.dayVisits.date')}
        <input
          type="date"
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
          className="mt-1 block w-full max-w-xs rounded-md border border-stone-300 px-3 py-2"
          data-testid="day-visits-date"
        />
      </label>
      <QueryState
        query={visits}
        failed={t('admin.loadFailed')}
        retry={t('admin.retry')}
        empty={t('admin.dayVisits.empty')}
        isEmpty={(data) => data.slots.length === 0}
      >
        {(data) => (
          <div className="space-y-6">
            <OfflineNotice savedAtMs={data.offlineSavedAtMs} />
            {data.slots.map((slot) => (
              <SlotVisits key={slot.slotId} slot={slot} date={date} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

/** One slot of the day: its times as a heading with the number of visits in it, then a card per visit. */
function SlotVisits({ slot, date }: { slot: Slot; date: string }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-3" data-testid="day-visits-slot">
      <div className="flex flex-wrap items-center gap-2 border-b border-rose-900/10 pb-2">
        <h3 className="font-serif text-lg font-semibold text-rose-950">{slotLine(t, slot)}</h3>
        <span className="rounded-full bg-rose-100 px-2.5 py-0.5 text-sm font-semibold text-rose-900">
          {t('admin.dayVisits.count', { count: slot.orders.length })}
        </span>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {slot.orders.map((order) => (
          <VisitCard key={`${order.orderId}-${order.kind ?? 'measure'}`} order={order} slot={slot} date={date} />
        ))}
      </ul>
    </section>
  );
}

/** What a visit is for (docs/product.md#trial-and-delivery-visits), as a badge: measuring, trial, delivery or alteration pickup (docs/product.md#free-alterations), in words and colour. */
export function VisitKindBadge({ kind }: { kind: VisitKind }) {
  const { t } = useTranslation();
  const colour = {
    measure: 'bg-sky-100 text-sky-900',
    trial: 'bg-amber-100 text-amber-900',
    delivery: 'bg-emerald-100 text-emerald-900',
    alteration: 'bg-rose-100 text-rose-900',
  }[kind];
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colour}`} data-testid="visit-kind">
      {t(`admin.dayVisits.kind.${kind}`)}
    </span>
  );
}

/**
 * One visit as a card: what it is for, the customer's name (its heading) with the order number and its status in
 * colour, Call and WhatsApp at hand, the address as a map link, each garment's stitching details,
 * and the order sheet to open.
 */
function VisitCard({ order, slot, date }: { order: Slot['orders'][number]; slot: Slot; date: string }) {
  const { t, i18n } = useTranslation();
  const [sheet, setSheet] = useState(false);
  const message = visitMessage(i18n, order, slot, date);
  const address = addressLine(order.address);
  return (
    <li className="user-text flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10" data-testid="day-visit">
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <span className="font-medium">{order.orderId}</span>
        <span className="flex flex-wrap items-center gap-2">
          <VisitKindBadge kind={order.kind ?? 'measure'} />
          <OrderStatusBadge status={order.status} />
        </span>
      </p>
      <h4 className="mt-1 text-lg font-semibold break-words text-rose-950">{order.address.name}</h4>
      <CustomerLinks order={order} message={message} />
      <p className="mt-3 flex gap-1.5 text-sm break-words text-stone-800">
        <PinIcon width={16} height={16} className="mt-0.5 shrink-0 text-rose-800" />
        <a href={mapSearchLink(address)} target="_blank" rel="noreferrer" className="underline" data-testid="visit-map">
          {address}
        </a>
      </p>
      <ul className="mt-3 space-y-2 border-t border-stone-100 pt-3">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? item.name}-${index}`}>
            <p className="text-sm font-medium break-words">
              {productName(item, i18n.language)} × {item.quantity}
            </p>
            <StitchingSummary stitching={item.stitching} measurements />
            <MeasuredSummary measured={item.measured} reader="owner" />
            <div className="mt-2 print:hidden">
              <RecordMeasurements order={order} item={item} />
            </div>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-3 self-start" onClick={() => setSheet((open) => !open)} data-testid="visit-sheet-toggle">
        {sheet ? t('admin.dayVisits.closeSheet') : t('admin.dayVisits.openSheet')}
      </Button>
      {sheet && <OrderSheet order={order} slot={slot} date={date} address={address} />}
    </li>
  );
}

/**
 * Tap-to-call and WhatsApp links to an order's customer (docs/product.md#the-days-visits): her
 * phone as `tel:`, a wa.me link with `message` prefilled, and her alternate phone when given.
 * Links only, drawn as pill buttons a thumb can hit (44 px).
 */
export function CustomerLinks({ order, message }: { order: AdminOrder; message: string }) {
  const { t } = useTranslation();
  const tel = telLink(order.address.phoneNumber);
  const whatsapp = whatsappLink(order.address.phoneNumber, message);
  const altTel = order.address.alternatePhone ? telLink(order.address.alternatePhone) : null;
  return (
    <p className="mt-2 flex flex-wrap gap-2 text-sm">
      {tel && (
        <a href={tel} className={`${contactClass} bg-rose-800 text-white hover:bg-rose-900`} data-testid="visit-tel">
          <PhoneIcon width={16} height={16} />
          {t('admin.dayVisits.call', { phone: spacedPhone(order.address.phoneNumber) })}
        </a>
      )}
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noreferrer"
          className={`${contactClass} bg-emerald-700 text-white hover:bg-emerald-800`}
          data-testid="visit-whatsapp"
        >
          <ChatIcon width={16} height={16} />
          {t('admin.dayVisits.whatsapp')}
        </a>
      )}
      {altTel && order.address.alternatePhone && (
        <a
          href={altTel}
          className={`${contactClass} bg-white text-rose-900 ring-1 ring-rose-900/20 hover:bg-rose-50`}
          data-testid="visit-alt-tel"
        >
          {t('admin.dayVisits.altCall', { phone: spacedPhone(order.address.alternatePhone) })}
        </a>
      )}
    </p>
  );
}

/**
 * On the order sheet, a table of measurements (millimetres, as stored) with each value in inches
 * and cm (docs/product.md#the-days-visits), under its caption when it has one.
 */
function SheetMeasurements({ measurements, caption, testId }: { measurements: Measurements; caption?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <table className="w-full border-collapse text-left" data-testid={testId}>
      {caption && <caption className="text-left font-medium">{caption}</caption>}
      <thead>
        <tr>
          <th className="border border-stone-400 px-1">{t('admin.dayVisits.measurement')}</th>
          <th className="border border-stone-400 px-1">in</th>
          <th className="border border-stone-400 px-1">cm</th>
        </tr>
      </thead>
      <tbody>
        {MEASUREMENT_FIELDS.filter((field) => measurements[field.key] !== undefined).map((field) => {
          const mm = measurements[field.key]!;
          return (
            <tr key={field.key}>
              <td className="border border-stone-400 px-1">{t(`measurements.labels.${field.key}`, { defaultValue: field.label })}</td>
              <td className="border border-stone-400 px-1">{(mm / 25.4).toFixed(1)}</td>
              <td className="border border-stone-400 px-1">{(mm / 10).toFixed(1)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * On the order sheet, under what the shopper typed: what the owner measured at the visit
 * (docs/product.md#the-measurement-book), each value in inches and cm, and her note; nothing before.
 */
function SheetMeasured({ measured }: { measured: AdminOrder['items'][number]['measured'] }) {
  const { t, i18n } = useTranslation();
  if (!measured) return null;
  const caption =
    t('tailoring.measuredAtVisit', { date: formatShopDate(measured.at, i18n.resolvedLanguage) }) +
    (measured.note ? ` · ${t('tailoring.measuredNote', { note: measured.note })}` : '');
  return <SheetMeasurements measurements={measured.measurements} caption={caption} testId="sheet-measured" />;
}

/** A call or WhatsApp link drawn as a pill button, 44 px high, with a visible focus ring. */
const contactClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/**
 * The printable order sheet for the cutting table (docs/product.md#the-days-visits): A4, the
 * app around it hidden when printing (`[data-order-sheet]` in index.css's `@media print`): order
 * number, visit, name, phones, address, and per line its stitching details with every
 * measurement in inches and cm.
 */
function OrderSheet({ order, slot, date, address }: { order: AdminOrder; slot: Slot; date: string; address: string }) {
  const { t, i18n } = useTranslation();
  return (
    <article
      data-order-sheet
      data-testid="order-sheet"
      className="user-text mt-3 space-y-2 border-t border-stone-300 pt-3 text-sm text-black"
    >
      <h4 className="text-lg font-semibold">{t('admin.dayVisits.sheetTitle', { orderId: order.orderId })}</h4>
      <p>{t('admin.dayVisits.sheetVisit', { date: formatVisitDate(date, i18n.resolvedLanguage), slot: slotLine(t, slot) })}</p>
      <p className="break-words">
        {order.address.name} · {spacedPhone(order.address.phoneNumber)}
        {order.address.alternatePhone ? ` · ${spacedPhone(order.address.alternatePhone)}` : ''}
      </p>
      <p className="break-words">{address}</p>
      {order.items.map((item, index) => (
        <section key={`${item.productId ?? item.name}-${index}`} className="space-y-1">
          <h5 className="font-medium break-words">
            {productName(item, i18n.language)} × {item.quantity}
          </h5>
          <StitchingSummary stitching={item.stitching} />
          {item.stitching.profile && <SheetMeasurements measurements={item.stitching.profile.measurements} testId="sheet-measurements" />}
          <SheetMeasured measured={item.measured} />
        </section>
      ))}
      <Button onClick={() => window.print()} className="print:hidden" data-testid="sheet-print">
        {t('admin.dayVisits.print')}
      </Button>
    </article>
  );
}
