import type { OrderState } from '@thaiyal/contract/limits';
import { useTranslation } from 'react-i18next';

/**
 * Each order state's colour on the owner's cards, so an order's stage reads at a glance down a
 * list (docs/product.md#states-and-transitions): to call amber, visited sky, designed violet,
 * delivered green, cancelled grey. Text and background keep at least 4.5:1 contrast.
 */
const STATE_CLASS: Record<OrderState, string> = {
  call: 'bg-amber-100 text-amber-950 ring-amber-700/30',
  visited: 'bg-sky-100 text-sky-950 ring-sky-700/30',
  designed: 'bg-violet-100 text-violet-950 ring-violet-700/30',
  delivered: 'bg-emerald-100 text-emerald-950 ring-emerald-700/30',
  cancelled: 'bg-stone-200 text-stone-900 ring-stone-500/30',
};

/**
 * An order's state as a coloured pill in the page's language (`orders.statuses.<state>`; `Cancelled`
 * for a cancelled one), for the dashboard's order and visit cards.
 */
export function OrderStatusBadge({ status }: { status: OrderState }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ring-1 ${STATE_CLASS[status] ?? STATE_CLASS.cancelled}`}
      data-status={status}
    >
      {status === 'cancelled' ? t('admin.orders.cancelledBadge') : t(`orders.statuses.${status}`)}
    </span>
  );
}
