import type { Order } from '@thaiyal/contract';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import ordersEnglish from '../i18n/en-orders.json';
import { API_BASE } from '../lib/paths';

addEnglish(ordersEnglish);

/**
 * An order's money and bill (docs/product.md#payment-at-the-door, docs/product.md#the-bill): what
 * was paid at the door and what is still owed, once anything was paid or the order is delivered,
 * and the link that downloads its bill as a PDF (English and Tamil) once delivered. The link is a
 * plain download: the session cookie goes with it. Shown in My Orders and on the admin's orders.
 */
export function OrderBill({ order }: { order: Pick<Order, 'orderId' | 'status' | 'paid' | 'balance' | 'billNumber'> }) {
  const { t } = useTranslation();
  const paid = order.paid ?? 0;
  if (paid === 0 && !order.billNumber) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
      <span>{t('orderBill.paid', { amount: formatRupeesExact(paid) })}</span>
      {order.balance !== undefined && <span>{t('orderBill.balance', { amount: formatRupeesExact(order.balance) })}</span>}
      {order.billNumber && (
        <a
          href={`${API_BASE}/orders/bill/${encodeURIComponent(order.orderId)}`}
          download={`bill-${order.orderId}.pdf`}
          className="font-medium text-rose-900 underline decoration-rose-900/30 hover:decoration-rose-900"
        >
          {t('orderBill.download', { number: order.billNumber })}
        </a>
      )}
    </p>
  );
}
