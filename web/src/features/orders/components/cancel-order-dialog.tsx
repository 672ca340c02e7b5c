import { LIMITS } from '@thaiyal/contract/limits';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';

/** Props of the cancellation dialog. */
export interface CancelOrderDialogProps {
  orderId: string;
  /** The shop holds her fabric (contract `holdsCustomerFabric`, docs/product.md#cancellations-kept). */
  fabricCollected?: boolean;
  /** Submit with a non-blank reason (trimmed). */
  onSubmit: (reason: string) => void;
  /** Cancel, Escape: close without cancelling the order. */
  onClose: () => void;
}

/**
 * The reason dialog of My orders (docs/product.md#screens): a labelled reason box with Submit and Cancel. A
 * blank reason shows 'Please provide a reason for cancellation.' (docs/product.md#validation) and sends nothing.
 * After the home visit it says that the shop will return her fabric and may call her (docs/product.md#cancellations-kept).
 */
export function CancelOrderDialog({ orderId, fabricCollected = false, onSubmit, onClose }: CancelOrderDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const fieldId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(t('orders.reasonRequired'));
      return;
    }
    onSubmit(trimmed);
  };

  return (
    <ModalDialog labelledBy={headingId} onDismiss={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 id={headingId} className="font-serif text-xl font-semibold text-rose-950">
          {t('orders.cancelTitle', { id: orderId })}
        </h2>
        {fabricCollected && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="fabric-return">
            {t('myOrders.fabricReturn')}
          </p>
        )}
        <div className="space-y-1">
          <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
            {t('orders.reasonLabel')}
          </label>
          <textarea
            id={fieldId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={LIMITS.maxCommentLength}
            required
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-full rounded-lg border border-stone-300 bg-white p-3 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40"
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('orders.dismiss')}
          </Button>
          <Button type="submit">{t('orders.submit')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
