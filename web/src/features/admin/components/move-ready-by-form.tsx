import type { AdminOrder } from '@thaiyal/contract';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/server-message';
import { useMoveReadyBy } from '../api/move-ready-by';

/**
 * 'Move the date' on an order card (docs/product.md#dates-a-tailor-promises): the owner sets
 * another ready-by date with a short reason (required, as the server requires it), for an order
 * neither delivered nor cancelled. The server's refusal is shown as it words it, and nothing typed
 * is lost on a failed save. Closed, a button; open, a small form.
 */
export function MoveReadyByForm({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(order.readyBy ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useMoveReadyBy();
  const id = useId();
  if (order.status === 'delivered' || order.status === 'cancelled') return null;
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} className="px-4! py-2!">
        {t('admin.readyBy.open')}
      </Button>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!date) return setError(t('admin.readyBy.dateRequired'));
    if (!reason.trim()) return setError(t('serverMessages.dates.reasonRequired'));
    setError(null);
    move.mutate(
      { orderId: order.orderId, readyBy: date, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('serverMessages.dates.readyByMoved'));
          setOpen(false);
          setReason('');
        },
        onError: (failure) => setError(serverMessage(failure, t) ?? failure.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded-xl bg-stone-50 p-3 text-sm" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-semibold text-stone-800">
        {t('admin.readyBy.title')}
      </h4>
      <label className="block" htmlFor={`${id}-date`}>
        {t('admin.readyBy.date')}
      </label>
      <input
        id={`${id}-date`}
        type="date"
        className="min-h-11 rounded-md border border-stone-300 px-3"
        value={date}
        onChange={(event) => setDate(event.target.value)}
      />
      <label className="block" htmlFor={`${id}-reason`}>
        {t('admin.readyBy.reason')}
      </label>
      <input
        id={`${id}-reason`}
        className="min-h-11 w-full rounded-md border border-stone-300 px-3"
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={move.isPending} className="px-4! py-2!">
          {t('admin.readyBy.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)} className="px-4! py-2!">
          {t('admin.readyBy.cancel')}
        </Button>
      </div>
    </form>
  );
}
