import type { Measured } from '@thaiyal/contract';
import { formatShopDate } from '@thaiyal/contract/limits';
import { inBothUnits, MEASUREMENT_FIELDS } from '@thaiyal/contract/measurements';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { serverMessage } from '../../../lib/server-message';
import { dropSave, sendAgain, sendQueued, usePendingSaves } from './measurement-queue';
import { keepLoadedForOffline } from './keep-loaded';
import { dropOtherDays, type QueuedSave } from './owner-day-db';
import { shopToday } from '../api/day-visits';

/**
 * How often the queue is tried again while saves wait, in ms. A phone on a network that does not
 * reach the internet says it is online and never fires `online` when the internet returns, so the
 * event alone would leave her saves waiting (docs/decisions/024-owners-day-offline.md#the-queue).
 */
const RETRY_WHILE_WAITING_MS = 15_000;

/**
 * Sends the queue when the dashboard opens, each time the connection comes back (`online`), when
 * the page is shown again, and every {@link RETRY_WHILE_WAITING_MS} while saves wait;
 * removes any day kept before today,
 * and loads, while online, the chunks a day offline may need that the dashboard has not loaded yet,
 * then has the service worker keep what the page loaded before it was there (keep-loaded.ts), so
 * its caches hold the page and its code (docs/decisions/024-owners-day-offline.md#what-is-loaded-before-she-leaves).
 */
function useSendWhenOnline(waiting: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!waiting) return;
    const send = () => void sendQueued(queryClient);
    const sendIfShown = () => {
      if (document.visibilityState === 'visible') send();
    };
    const timer = window.setInterval(send, RETRY_WHILE_WAITING_MS);
    document.addEventListener('visibilitychange', sendIfShown);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', sendIfShown);
    };
  }, [queryClient, waiting]);
  useEffect(() => {
    const send = () => void sendQueued(queryClient);
    send();
    // Only today's visits stay on the phone (docs/security.md#the-owners-day-on-her-phone), even on a day not opened online.
    void dropOtherDays(shopToday()).catch(() => undefined);
    window.addEventListener('online', send);
    // The other language's texts: she may switch language at a door with no signal. Then, on her
    // first visit, the worker keeps this page and everything it loaded before the worker was there.
    void import('../../../i18n/ta.json')
      .catch(() => undefined)
      .then(() => keepLoadedForOffline())
      .catch(() => undefined);
    return () => window.removeEventListener('online', send);
  }, [queryClient]);
}

/**
 * The measurement saves kept on this phone (docs/decisions/024-owners-day-offline.md#the-queue), at
 * the top of the dashboard on every tab: "Waiting to send (n)" with Send now while some wait, and
 * each save the server refused with its reason and both versions. Nothing when the queue is empty.
 */
export function PendingSaves() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saves = usePendingSaves();
  const [sending, setSending] = useState(false);
  const list = saves.data ?? [];
  const waiting = list.filter((save) => save.state === 'waiting').length;
  useSendWhenOnline(waiting > 0);
  const refused = list.filter((save) => save.state === 'refused');
  if (waiting === 0 && refused.length === 0) return null;

  const sendNow = () => {
    setSending(true);
    void sendQueued(queryClient).finally(() => setSending(false));
  };
  return (
    <section className="mb-4 space-y-3" data-testid="pending-saves">
      {waiting > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-3 py-2 ring-1 ring-amber-300">
          <div className="min-w-0 flex-1">
            <p role="status" className="font-semibold text-amber-950" data-testid="waiting-count">
              {t('admin.offline.waiting', { count: waiting })}
            </p>
            <p className="text-sm text-amber-950">{t('admin.offline.waitingHint')}</p>
          </div>
          <Button variant="secondary" onClick={sendNow} disabled={sending} className="min-h-11 bg-white" data-testid="send-now">
            {sending ? t('admin.offline.sending') : t('admin.offline.sendNow')}
          </Button>
        </div>
      )}
      {refused.map((save) => (
        <RefusedSave key={save.id} save={save} />
      ))}
    </section>
  );
}

/** The server's refusal of `save` in the owner's language (server-message.ts), else the form's "could not be saved". */
function refusalText(save: QueuedSave, t: ReturnType<typeof useTranslation>['t']): string {
  const refusal = save.refusal;
  if (!refusal) return t('admin.measure.failed');
  const error = new ApiError(refusal.status, refusal, refusal.message);
  return serverMessage(error, t) ?? t('admin.measure.failed');
}

/**
 * One refused save: why (the server's message), what she typed beside what the shop has now, and
 * "Send mine again" (it waits again and is sent) or "Drop mine" (removed from the phone).
 */
function RefusedSave({ save }: { save: QueuedSave }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const line = save.body.lines[0];
  const typed: Measured | null = line
    ? { measurements: line.measurements, unit: line.unit ?? 'in', note: line.note ?? '', at: new Date(save.typedAtMs).toISOString() }
    : null;
  const typedOn = formatShopDate(new Date(save.typedAtMs).toISOString(), i18n.resolvedLanguage);
  const drop = () => void dropSave(queryClient, save).then(() => toast.success(t('admin.offline.dropped')));
  return (
    <article
      aria-labelledby={headingId}
      className="user-text space-y-3 rounded-xl bg-red-50 p-3 ring-1 ring-red-300"
      data-testid="refused-save"
    >
      <h3 id={headingId} className="font-semibold break-words text-red-900">
        {t('admin.offline.refusedHeading', { garment: save.garment, orderId: save.orderId })}
      </h3>
      <p role="alert" className="text-sm font-medium text-red-800" data-testid="refused-why">
        {t('admin.offline.refusedWhy', { message: refusalText(save, t) })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Version title={t('admin.offline.yours', { date: typedOn })} measured={typed} testId="refused-yours" />
        <Version title={t('admin.offline.server')} measured={save.server} testId="refused-server" gone={save.refusal?.status === 404} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void sendAgain(queryClient, save)} className="min-h-11" data-testid="send-again">
          {t('admin.offline.sendAgain')}
        </Button>
        <Button variant="secondary" onClick={drop} className="min-h-11" data-testid="drop-save">
          {t('admin.offline.drop')}
        </Button>
      </div>
    </article>
  );
}

/**
 * One version of a garment's measurements, under its title: each value in both units (the one
 * typed first) and the note; "Nothing measured yet" for null, "could not be read" for undefined,
 * or that the order is gone.
 */
function Version({
  title,
  measured,
  testId,
  gone = false,
}: {
  title: string;
  measured: Measured | null | undefined;
  testId: string;
  gone?: boolean;
}) {
  const { t } = useTranslation();
  const empty = gone ? t('admin.offline.orderGone') : measured === null ? t('admin.offline.serverNone') : t('admin.offline.serverUnknown');
  return (
    <section className="rounded-lg bg-white p-3 text-sm text-stone-800 ring-1 ring-stone-200" data-testid={testId}>
      <h4 className="mb-1 font-semibold text-stone-900">{title}</h4>
      {measured ? (
        <>
          <ul className="space-y-0.5">
            {MEASUREMENT_FIELDS.filter((field) => measured.measurements[field.key] !== undefined).map((field) => (
              <li key={field.key}>
                {t(`measurements.labels.${field.key}`, { defaultValue: field.label })}:{' '}
                {inBothUnits(measured.measurements[field.key]!, measured.unit)}
              </li>
            ))}
          </ul>
          {measured.note && <p className="mt-1 break-words">{t('admin.offline.note', { note: measured.note })}</p>}
        </>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}
