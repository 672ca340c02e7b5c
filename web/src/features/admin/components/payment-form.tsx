import type { AdminOrder, PaymentMethod } from '@thaiyal/contract';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/server-message';
import { API_BASE } from '../../../lib/paths';
import { useRecordPayment } from '../api/record-payment';
import { UpiQr } from './upi-qr';

/** `text` as rupees when it is a positive amount with at most 2 decimals, else null. */
function rupeesOf(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

/**
 * The money on an admin order card (docs/product.md#payment-at-the-door): paid, balance and bill
 * number, each payment received; and for a designed or delivered order with a balance, the form
 * to record what was received (cash or UPI, the amount, the balance by default, optionally the UPI
 * reference and a note) beside the UPI QR code of the balance when the shop has a UPI ID. The
 * amount is checked here as the server checks it; its refusal is shown as it words it.
 */
export function PaymentForm({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const balance = order.balance ?? order.totalPrice;
  const takes = (order.status === 'designed' || order.status === 'delivered') && balance > 0;
  return (
    <section aria-label={t('admin.payments.title', { id: order.orderId })} className="space-y-2 rounded-xl bg-emerald-50/60 p-3 text-sm">
      <p className="flex flex-wrap gap-x-4 text-stone-800">
        <span>{t('admin.payments.paid', { amount: formatRupeesExact(order.paid ?? 0) })}</span>
        <span className="font-semibold">{t('admin.payments.balance', { amount: formatRupeesExact(balance) })}</span>
        {order.status === 'delivered' && balance > 0 && <span className="font-semibold text-red-800">{t('admin.payments.unpaid')}</span>}
        {order.billNumber && (
          <a
            href={`${API_BASE}/orders/bill/${encodeURIComponent(order.orderId)}`}
            download={`bill-${order.orderId}.pdf`}
            className="font-medium text-rose-900 underline decoration-rose-900/30"
          >
            {t('admin.payments.bill', { number: order.billNumber })}
          </a>
        )}
      </p>
      {(order.payments ?? []).length > 0 && (
        <ul className="list-disc pl-5 text-stone-700">
          {order.payments!.map((payment, index) => (
            <li key={index}>
              {t(`admin.payments.line.${payment.method}`, {
                amount: formatRupeesExact(payment.amount),
                by: payment.collectedBy ?? t('admin.payments.someone'),
              })}
              {payment.reference && ` · ${payment.reference}`}
              {payment.note && ` · ${payment.note}`}
            </li>
          ))}
        </ul>
      )}
      {takes && <NewPayment key={balance} order={order} balance={balance} />}
    </section>
  );
}

/** The form recording one payment of `order`, with the UPI QR of its balance when the server gave one. */
function NewPayment({ order, balance }: { order: AdminOrder; balance: number }) {
  const { t } = useTranslation();
  const save = useRecordPayment();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState(balance.toFixed(2));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = rupeesOf(amount);
    if (value === null) return setError(t('admin.payments.invalid'));
    if (value > balance) return setError(t('admin.payments.tooMuch', { balance: formatRupeesExact(balance) }));
    setError(null);
    const body = { orderId: order.orderId, method, amount: value, ...(reference.trim() ? { reference: reference.trim() } : {}) };
    save.mutate(body, { onSuccess: ({ message }) => toast.success(message) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-4">
      {order.upi && method === 'upi' && (
        <UpiQr uri={order.upi.uri} label={t('admin.payments.qr', { amount: formatRupeesExact(balance) })} />
      )}
      <div className="space-y-2">
        <fieldset className="flex gap-4">
          <legend className="mb-1 font-medium text-stone-900">{t('admin.payments.method')}</legend>
          {(['cash', 'upi'] as const).map((one) => (
            <label key={one} className="flex items-center gap-1.5">
              <input type="radio" name={`method-${order.orderId}`} checked={method === one} onChange={() => setMethod(one)} />
              {t(`admin.payments.methods.${one}`)}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-xs text-stone-700">
          {t('admin.payments.amount')}
          <input
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={Boolean(error)}
            className="w-40 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900"
          />
        </label>
        {method === 'upi' && (
          <label className="flex flex-col gap-1 text-xs text-stone-700">
            {t('admin.payments.reference')}
            <input
              value={reference}
              maxLength={40}
              onChange={(event) => setReference(event.target.value)}
              className="w-56 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900"
            />
          </label>
        )}
        {(error || save.isError) && (
          <p role="alert" className="text-sm text-red-700">
            {error ?? serverMessage(save.error, t) ?? t('admin.payments.failed')}
          </p>
        )}
        <Button type="submit" disabled={save.isPending} className="px-4! py-2!">
          {save.isPending ? t('admin.payments.saving') : t('admin.payments.record')}
        </Button>
      </div>
    </form>
  );
}
