import type { Order } from '@thaiyal/contract';
import { SHARE_LINK_DAYS_AFTER_END } from '@thaiyal/contract/share-link';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { serverMessage } from '../../../lib/server-message';
import { withWhatsappText } from '../../../lib/whatsapp';
import { useCreateShareLink, useStopShareLink } from '../api/share-link';

/** A day in milliseconds. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a tracking link to `order` would still open at `nowMs` (docs/product.md#sharing-an-orders-progress):
 * while it is open, and until 30 days after its delivery or cancellation (the server decides; this
 * only hides a button it would refuse).
 */
function mayShare(order: Pick<Order, 'status' | 'cancelledAt' | 'timeline'>, nowMs: number): boolean {
  const endedAt =
    order.status === 'cancelled'
      ? order.cancelledAt
      : order.status === 'delivered'
        ? order.timeline.filter((step) => step.status === 'delivered').at(-1)?.at
        : undefined;
  return endedAt === undefined || nowMs < new Date(endedAt).getTime() + SHARE_LINK_DAYS_AFTER_END * DAY_MS;
}

/**
 * Hand `url` on: the phone's share sheet where the browser has one (`navigator.share`), else the
 * clipboard with a toast. Resolves whether the link still needs showing to copy by hand (neither
 * worked). Closing the share sheet without choosing is no failure.
 */
async function handOn(url: string, title: string, text: string, copied: string): Promise<boolean> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return false;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return false;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(copied);
    return false;
  } catch {
    return true;
  }
}

/** "Stop sharing" asked first (docs/product.md#sharing-an-orders-progress): focus starts on Keep sharing. */
function StopSharingDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalDialog labelledBy={titleId} describedBy={bodyId} onDismiss={onCancel}>
      <div className="space-y-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-rose-950">
          {t('shareOrder.stopTitle')}
        </h2>
        <p id={bodyId} className="text-stone-700">
          {t('shareOrder.stopBody')}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={onCancel} className="min-h-11">
            {t('shareOrder.keep')}
          </Button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined} className="min-h-11">
            {t('shareOrder.stopConfirm')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/**
 * "Share tracking link" on an order in My Orders (docs/product.md#sharing-an-orders-progress): makes
 * a new link and opens the phone's share sheet with it, or copies it with a toast where there is
 * none (and shows it to copy by hand when even that fails); then offers "Send on WhatsApp" with a
 * message holding the link. "Stop sharing" (asked first) ends any link to the order. Not offered
 * once the order ended 30 days ago. Every button is at least 44 px tall.
 */
export function ShareOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const create = useCreateShareLink();
  const stop = useStopShareLink();
  const [url, setUrl] = useState<string | null>(null);
  const [showUrl, setShowUrl] = useState(false);
  const [asking, setAsking] = useState(false);
  // The moment the card was drawn: enough to hide a button the server would refuse.
  const [drawnAtMs] = useState(() => Date.now());
  if (!mayShare(order, drawnAtMs)) return null;
  const text = t('shareOrder.shareText', { orderId: order.orderId });

  const share = () =>
    create.mutate(order.orderId, {
      onSuccess: async (link) => {
        setUrl(link);
        setShowUrl(await handOn(link, t('shareOrder.shareTitle', { orderId: order.orderId }), text, t('shareOrder.copied')));
      },
      onError: (failure) => toast.error(serverMessage(failure, t) ?? t('shareOrder.failed')),
    });
  const confirmStop = () =>
    stop.mutate(order.orderId, {
      onSuccess: () => {
        setUrl(null);
        setShowUrl(false);
        setAsking(false);
        toast.success(t('shareOrder.stopped'));
      },
      onError: (failure) => toast.error(serverMessage(failure, t) ?? t('shareOrder.stopFailed')),
    });

  return (
    <section aria-label={t('shareOrder.share')} className="space-y-2 text-sm">
      <div className="flex flex-wrap gap-2">
        <Button onClick={share} disabled={create.isPending} aria-busy={create.isPending || undefined} className="min-h-11 px-4! py-2!">
          {create.isPending ? t('shareOrder.sharing') : t('shareOrder.share')}
        </Button>
        {url && (
          <a
            href={withWhatsappText('https://wa.me/', `${text} ${url}`)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center rounded-full border border-emerald-800 px-4 font-semibold text-emerald-900"
          >
            {t('shareOrder.whatsapp')}
          </a>
        )}
        <Button variant="secondary" onClick={() => setAsking(true)} className="min-h-11 px-4! py-2!">
          {t('shareOrder.stop')}
        </Button>
      </div>
      <p className="text-stone-600">{t('shareOrder.hint')}</p>
      {url && showUrl && (
        <label className="block">
          <span className="text-stone-700">{t('shareOrder.copyHere')}</span>
          <input
            readOnly
            value={url}
            aria-label={t('shareOrder.linkLabel', { orderId: order.orderId })}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-stone-900"
          />
        </label>
      )}
      {asking && <StopSharingDialog busy={stop.isPending} onConfirm={confirmStop} onCancel={() => setAsking(false)} />}
    </section>
  );
}
