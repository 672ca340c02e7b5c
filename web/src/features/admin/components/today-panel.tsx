import type { AdminOrder, DayVisitsResponse, OrderRisk } from '@thaiyal/contract';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderDates } from '../../../components/order-dates';
import { QueryState } from '../../../components/ui/query-state';
import { shopToday, useDayVisits } from '../api/day-visits';
import { useOrdersAtRisk } from '../api/orders-at-risk';
import { useOrdersToCall } from '../api/orders-to-call';
import { formatDateTime } from './admin-text';
import { customerMessage, slotLine, useCustomerLanguages, visitMessage } from './customer-message';
import { CustomerLinks, VisitKindBadge } from './day-visits-panel';
import { OfflineNotice } from '../offline/offline-notice';
import { OrderStatusBadge } from './order-status-badge';
import { AlterationsSection } from './alterations-today';
import { PushOptIn } from '../../../components/push-opt-in';

type Slot = DayVisitsResponse['slots'][number];

/** Each risk's card edge: overdue in red (its badge says "Overdue" too, so colour is never the only sign). */
const RISK_EDGE: Record<OrderRisk, string> = {
  overdue: 'border-l-4 border-red-700',
  'due-soon': 'border-l-4 border-amber-500',
  'needed-soon': 'border-l-4 border-orange-400',
};

/** A link drawn as a secondary button a thumb can hit (44 px). */
const linkButtonClass =
  'inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-semibold text-rose-900 ring-1 ring-rose-900/20 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/** The dashboard's address opening the OrderStatus tab on one order: its number is the list's search (docs/product.md#lists-by-page). */
function orderLink(orderId: string): { search: string } {
  return { search: `?${new URLSearchParams({ tab: 'orderStatus', q: orderId }).toString()}` };
}

/**
 * The Today tab, the dashboard's first (docs/product.md#admin-dashboard): what needs the owner
 * today, in the order she acts on it on a phone: (1) the orders at risk
 * (docs/product.md#dates-a-tailor-promises; overdue first, in red and named so), (2) today's visits
 * of the shop's calendar (docs/product.md#the-days-visits), (3) the open free alterations
 * (docs/product.md#free-alterations), (4) the new orders still to call, the
 * oldest first, each with tap-to-call. Each section loads on its own, says when it is empty, and
 * offers `Try again` when its load failed.
 */
export function TodayPanel() {
  const { t } = useTranslation();
  // Messages to customers are written in the language each ordered in, Tamil too on an English dashboard.
  useCustomerLanguages();
  return (
    <section aria-labelledby="admin-today-heading" className="space-y-8">
      <h2 id="admin-today-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.today.heading')}
      </h2>
      {/* docs/product.md#notifications: new orders, cancellations, answers and alterations on her phone. */}
      <PushOptIn audience="admin" />
      <AtRiskSection />
      <TodayVisitsSection />
      <AlterationsSection />
      <ToCallSection />
    </section>
  );
}

/** One section of Today: its heading and its content, named by the heading. */
function TodaySection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={testId}>
      <h3 id={headingId} className="font-serif text-lg font-semibold text-rose-950">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The orders at risk from `GET /api/admin/orders/at-risk`, in the server's order (overdue, due soon, needed soon); 'Nothing late' when none. */
function AtRiskSection() {
  const { t } = useTranslation();
  const atRisk = useOrdersAtRisk();
  return (
    <TodaySection title={t('admin.today.atRisk')} testId="today-at-risk">
      <QueryState
        query={atRisk}
        failed={t('admin.loadFailed')}
        retry={t('admin.retry')}
        empty={t('admin.today.nothingLate')}
        isEmpty={(data) => data.orders.length === 0}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.orders.map((order) => (
              <AtRiskCard key={order.orderId} order={order} />
            ))}
          </ul>
        )}
      </QueryState>
    </TodaySection>
  );
}

/** One order at risk: its number, customer, ready-by and function dates with the risk named, and a link that opens it. */
function AtRiskCard({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  return (
    <li
      className={`user-text space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10 ${order.risk ? RISK_EDGE[order.risk] : ''}`}
      data-testid="today-risk-order"
      data-risk={order.risk ?? undefined}
    >
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-rose-950">{t('admin.orders.number', { id: order.orderId })}</span>
        <OrderStatusBadge status={order.status} />
      </p>
      <p className="text-sm font-medium break-words text-stone-800">{order.address.name}</p>
      <OrderDates order={order} risk={order.risk} rushText="tailoring.dates.rush" />
      <Link to={orderLink(order.orderId)} className={linkButtonClass}>
        {t('admin.today.openOrder', { id: order.orderId })}
      </Link>
    </li>
  );
}

/** Today's visits (the shop's today) from the Home visits tab's query, every kind, by slot; 'No visits today' when none; without a connection, as kept on the phone with when (docs/decisions/024-owners-day-offline.md). */
function TodayVisitsSection() {
  const { t } = useTranslation();
  const date = shopToday();
  const visits = useDayVisits(date);
  return (
    <TodaySection title={t('admin.today.visits')} testId="today-visits">
      <QueryState
        query={visits}
        failed={t('admin.loadFailed')}
        retry={t('admin.retry')}
        empty={t('admin.today.noVisits')}
        isEmpty={(data) => data.slots.every((slot) => slot.orders.length === 0)}
      >
        {(data) => (
          <>
            <OfflineNotice savedAtMs={data.offlineSavedAtMs} />
            <ul className="space-y-3">
              {data.slots.flatMap((slot) =>
                slot.orders.map((order) => (
                  <TodayVisit key={`${slot.slotId}-${order.orderId}-${order.kind ?? 'measure'}`} order={order} slot={slot} date={date} />
                )),
              )}
            </ul>
          </>
        )}
      </QueryState>
      <Link to={{ search: '?tab=dayVisits' }} className={linkButtonClass}>
        {t('admin.today.allVisits')}
      </Link>
    </TodaySection>
  );
}

/** One of today's visits: its slot, what it is for (measuring, trial or delivery), the order and customer, Call and WhatsApp at hand. */
function TodayVisit({ order, slot, date }: { order: Slot['orders'][number]; slot: Slot; date: string }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="user-text rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10" data-testid="today-visit">
      <p className="text-sm font-semibold text-rose-900">{slotLine(t, slot)}</p>
      <p className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <span className="font-medium">{order.orderId}</span>
        <span className="flex flex-wrap items-center gap-2">
          <VisitKindBadge kind={order.kind ?? 'measure'} />
          <OrderStatusBadge status={order.status} />
        </span>
      </p>
      <p className="mt-1 font-semibold break-words text-rose-950">{order.address.name}</p>
      <CustomerLinks order={order} message={visitMessage(i18n, order, slot, date)} />
    </li>
  );
}

/** The new orders still to call (state `call`), the oldest first, each with tap-to-call; 'No new orders to call' when none. */
function ToCallSection() {
  const { t } = useTranslation();
  const toCall = useOrdersToCall();
  return (
    <TodaySection title={t('admin.today.toCall')} testId="today-to-call">
      <QueryState
        query={toCall}
        failed={t('admin.loadFailed')}
        retry={t('admin.retry')}
        empty={t('admin.today.noneToCall')}
        isEmpty={(data) => data.orders.length === 0}
      >
        {(data) => (
          <>
            <ul className="space-y-3">
              {data.orders.map((order) => (
                <ToCallCard key={order.orderId} order={order} />
              ))}
            </ul>
            {data.more && (
              <Link to={{ search: '?tab=orderStatus&status=call' }} className={linkButtonClass}>
                {t('admin.today.moreToCall')}
              </Link>
            )}
          </>
        )}
      </QueryState>
    </TodaySection>
  );
}

/** One new order to call: its number, when it was placed, the customer, Call and WhatsApp, and a link that opens it. */
function ToCallCard({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="user-text space-y-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10" data-testid="today-call-order">
      <p className="font-semibold text-rose-950">{t('admin.orders.number', { id: order.orderId })}</p>
      <p className="text-sm text-stone-600">
        {t('admin.orders.purchased', { date: formatDateTime(order.purchaseDate, i18n.resolvedLanguage) })}
      </p>
      <p className="text-sm font-medium break-words text-stone-800">{order.address.name}</p>
      <CustomerLinks
        order={order}
        message={customerMessage(i18n, order.language, 'admin.dayVisits.orderText', () => ({ orderId: order.orderId }))}
      />
      <Link to={orderLink(order.orderId)} className={`${linkButtonClass} mt-2`}>
        {t('admin.today.openOrder', { id: order.orderId })}
      </Link>
    </li>
  );
}
