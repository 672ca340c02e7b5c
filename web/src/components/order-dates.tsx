import type { Order, OrderRisk } from '@thaiyal/contract';
import { formatShopTime } from '@thaiyal/contract/limits';
import { useTranslation } from 'react-i18next';
import { visitDateText } from './stitching-summary';

/** The colours of each risk: overdue in red, first (docs/product.md#dates-a-tailor-promises). */
const RISK_CLASS: Record<OrderRisk, string> = {
  overdue: 'bg-red-700 text-white',
  'due-soon': 'bg-amber-200 text-amber-950',
  'needed-soon': 'bg-orange-200 text-orange-950',
};

/**
 * An order's dates (docs/product.md#dates-a-tailor-promises): "Ready by Thu, 10 Dec", her function
 * date, a rush mark (`rushText`: the shopper's or the shop's words), the owner's moves of the date
 * with their reasons and times, and, on the admin's card, what is at risk (`risk`). Nothing for an
 * order placed before dates were kept.
 */
export function OrderDates({
  order,
  risk,
  rushText = 'tailoring.dates.rushMine',
}: {
  order: Pick<Order, 'orderId' | 'readyBy' | 'neededBy' | 'rush' | 'readyByChanges'>;
  risk?: OrderRisk | null | undefined;
  rushText?: 'tailoring.dates.rushMine' | 'tailoring.dates.rush';
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (!order.readyBy && !order.neededBy) return null;
  return (
    <div className="space-y-1 text-sm text-stone-800" data-testid="order-dates">
      <p className="flex flex-wrap items-center gap-2">
        {order.readyBy && (
          <span className="font-semibold">{t('tailoring.dates.readyBy', { date: visitDateText(order.readyBy, language) })}</span>
        )}
        {risk && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${RISK_CLASS[risk]}`} data-testid="order-risk">
            {t(`tailoring.dates.risk.${risk}`)}
          </span>
        )}
      </p>
      {order.neededBy && <p>{t('tailoring.dates.functionOn', { date: visitDateText(order.neededBy, language) })}</p>}
      {order.rush && <p className="font-medium text-amber-900">{t(rushText)}</p>}
      {(order.readyByChanges ?? []).length > 0 && (
        <ul className="space-y-0.5 text-stone-700" aria-label={t('tailoring.dates.heading')}>
          {order.readyByChanges!.map((change) => (
            <li key={change.at} className="wrap-anywhere">
              {t(change.from ? 'tailoring.dates.moved' : 'tailoring.dates.movedFirst', {
                from: change.from ? visitDateText(change.from, language) : '',
                to: visitDateText(change.to, language),
                when: formatShopTime(change.at, language),
                reason: change.reason,
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
