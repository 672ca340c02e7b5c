import type { Order } from '@thaiyal/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { VisitBookingForm } from '../../../components/order-visits';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/server-message';
import { usePickDelivery } from '../api/pick-delivery';

/**
 * "Pick your delivery slot" on a designed order in My Orders (docs/product.md#trial-and-delivery-visits):
 * the visit calendar the checkout uses; once picked, "Change your delivery slot" moves it. Only
 * while the order is designed (the server refuses before, and a delivered order needs none); the
 * server's refusal (a slot that just filled) is shown as it words it.
 */
export function PickDelivery({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = usePickDelivery();
  if (order.status !== 'designed') return null;
  const hasDelivery = (order.appointments ?? []).some((visit) => visit.kind === 'delivery');
  if (!open)
    return (
      <Button
        variant={hasDelivery ? 'secondary' : 'primary'}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        className="min-h-11 px-4! py-2!"
      >
        {t(hasDelivery ? 'orderVisits.pickDeliveryAgain' : 'orderVisits.pickDelivery')}
      </Button>
    );
  return (
    <VisitBookingForm
      kind="delivery"
      title={t('orderVisits.pickDeliveryTitle')}
      pending={pick.isPending}
      error={error}
      onClose={() => setOpen(false)}
      onSubmit={(visit) =>
        pick.mutate(
          { orderId: order.orderId, kind: 'delivery', ...visit },
          {
            onSuccess: () => {
              toast.success(t('orderVisits.picked'));
              setOpen(false);
            },
            onError: (failure) => setError(serverMessage(failure, t) ?? failure.message),
          },
        )
      }
    />
  );
}
