import type { CollectionsResponse } from '@thaiyal/contract';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { formatDateTime } from './admin-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { useCollections } from '../api/collections';
import { shopToday } from '../api/day-visits';

type Day = CollectionsResponse['days'][number];

/**
 * The Collections tab (docs/product.md#the-days-collections): a period (today in the shop's
 * calendar by default, `from` and `to` both included), then per day the cash and UPI received,
 * each collector's, and the payments behind them with their order numbers; the period's totals;
 * and the delivered orders still owing (unpaid), so the owner counts her cash at the day's end.
 */
export function CollectionsPanel() {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => shopToday());
  const [to, setTo] = useState(() => shopToday());
  const collections = useCollections(from, to);
  const dateInput = (label: string, value: string, set: (value: string) => void) => (
    <label className="text-sm font-medium text-stone-800">
      {label}
      <input
        type="date"
        value={value}
        onChange={(event) => event.target.value && set(event.target.value)}
        className="mt-1 block rounded-md border border-stone-300 px-3 py-2"
      />
    </label>
  );
  return (
    <section aria-labelledby="admin-collections-heading" className="space-y-4">
      <h2 id="admin-collections-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.collections.heading')}
      </h2>
      <div className="flex flex-wrap gap-4">
        {dateInput(t('admin.collections.from'), from, setFrom)}
        {dateInput(t('admin.collections.to'), to, setTo)}
      </div>
      <QueryState query={collections} failed={t('admin.loadFailed')} retry={t('admin.retry')}>
        {(data) => (
          <div className="space-y-6">
            <p className="rounded-xl bg-emerald-50 p-3 font-semibold text-emerald-950" data-testid="collections-total">
              {t('admin.collections.total', { cash: formatRupeesExact(data.total.cash), upi: formatRupeesExact(data.total.upi) })}
            </p>
            {data.days.length === 0 ? (
              <p className="text-stone-600">{t('admin.collections.empty')}</p>
            ) : (
              data.days.map((day) => <DayCollections key={day.date} day={day} />)
            )}
            <Unpaid unpaid={data.unpaid} />
          </div>
        )}
      </QueryState>
    </section>
  );
}

/** One day: its cash and UPI, each collector's, and its payments in time order. */
function DayCollections({ day }: { day: Day }) {
  const { t, i18n } = useTranslation();
  return (
    <article aria-labelledby={`collections-${day.date}`} className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
      <h3 id={`collections-${day.date}`} className="font-semibold text-rose-950">
        {t('admin.collections.day', { date: day.date, cash: formatRupeesExact(day.cash), upi: formatRupeesExact(day.upi) })}
      </h3>
      <ul className="text-sm text-stone-700">
        {day.byCollector.map((one) => (
          <li key={one.collectedBy ?? ''}>
            {t('admin.collections.collector', {
              name: one.collectedBy ?? t('admin.payments.someone'),
              cash: formatRupeesExact(one.cash),
              upi: formatRupeesExact(one.upi),
            })}
          </li>
        ))}
      </ul>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-stone-600">
            <th className="py-1 pr-2 font-medium">{t('admin.collections.time')}</th>
            <th className="py-1 pr-2 font-medium">{t('admin.collections.order')}</th>
            <th className="py-1 pr-2 font-medium">{t('admin.payments.method')}</th>
            <th className="py-1 pr-2 text-right font-medium">{t('admin.payments.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {day.payments.map((payment, index) => (
            <tr key={index} className="border-t border-stone-100">
              <td className="py-1 pr-2">{formatDateTime(payment.at, i18n.resolvedLanguage)}</td>
              <td className="py-1 pr-2">{payment.orderId}</td>
              <td className="py-1 pr-2">
                {t(`admin.payments.methods.${payment.method}`)}
                {payment.reference && ` · ${payment.reference}`}
              </td>
              <td className="py-1 pr-2 text-right">{formatRupeesExact(payment.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** The delivered orders with a balance. */
function Unpaid({ unpaid }: { unpaid: CollectionsResponse['unpaid'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-unpaid-heading" className="space-y-2">
      <h3 id="admin-unpaid-heading" className="font-semibold text-rose-950">
        {t('admin.collections.unpaidHeading')}
      </h3>
      {unpaid.length === 0 ? (
        <p className="text-sm text-stone-600">{t('admin.collections.noneUnpaid')}</p>
      ) : (
        <ul className="text-sm text-stone-700">
          {unpaid.map((order) => (
            <li key={order.orderId}>
              {t('admin.collections.unpaidLine', { id: order.orderId, name: order.customer, balance: formatRupeesExact(order.balance) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
