import type { Alteration, AlterationProblem, Order } from '@thaiyal/contract';
import { LIMITS, SHOP_TIME_ZONE } from '@thaiyal/contract/limits';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PicturePicker, usePictureUpload, type PickedPicture } from '../../../components/picture-picker';
import { Button } from '../../../components/ui/button';
import { ChoiceCard } from '../../../components/ui/choice-card';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { addEnglish } from '../../../i18n';
import ordersEnglish from '../../../i18n/en-orders.json';
import { serverMessage } from '../../../lib/server-message';
import { withWhatsappText } from '../../../lib/whatsapp';
import { uploadAlterationPicture, useRequestAlteration } from '../api/request-alteration';

addEnglish(ordersEnglish);

/** What can be wrong, in the contract's order (`ALTERATION_PROBLEMS`; the index is not a browser module). */
const PROBLEMS: readonly AlterationProblem[] = ['tight', 'loose', 'length', 'other'];

/** The shop's calendar day (`YYYY-MM-DD`, India Standard Time) of `at`. */
function shopDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Whether `order` is within its free alterations on `now` (docs/product.md#free-alterations):
 * delivered, and today (the shop's calendar) is no later than `days` days after the day of its
 * last "delivered" step. The server decides; this only chooses what to offer.
 */
export function withinAlterationWindow(order: Pick<Order, 'status' | 'timeline'>, days: number, now: Date = new Date()): boolean {
  if (order.status !== 'delivered') return false;
  const delivered = order.timeline.filter((step) => step.status === 'delivered').at(-1);
  if (!delivered) return false;
  const last = new Date(`${shopDay(new Date(delivered.at))}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + days);
  return shopDay(now) <= last.toISOString().slice(0, 10);
}

/** Props of a garment's alteration line on My Orders. */
export interface GarmentAlterationProps {
  order: Order;
  productId: string;
  /** `ALTERATION_DAYS` from shop-info (7 until it has loaded). */
  days: number;
  /** The shop's WhatsApp link, offered after the window. */
  whatsappHref?: string | undefined;
  /** "Now" (tests fix it). */
  now?: Date;
}

/**
 * A delivered garment's free alteration on My Orders (docs/product.md#free-alterations): its
 * alteration's step when it has one; else, within the window, **Ask for an alteration** opening
 * {@link AlterationForm}; after it, the window explained and a WhatsApp link to the shop.
 */
export function GarmentAlteration({ order, productId, days, whatsappHref, now }: GarmentAlterationProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (order.status !== 'delivered') return null;
  const mine = (order.alterations ?? []).filter((one) => one.productId === productId);
  const open = mine.find((one) => one.status !== 'done');
  const latest = open ?? mine.at(-1);
  const within = withinAlterationWindow(order, days, now);
  return (
    <div className="mt-2 space-y-2" data-testid={`alteration-${productId}`}>
      {latest && <AlterationStep alteration={latest} />}
      {!open && within && !asking && (
        <Button variant="secondary" className="px-4! py-2!" onClick={() => setAsking(true)}>
          {t('alterations.ask')}
        </Button>
      )}
      {!open && within && asking && <AlterationForm orderId={order.orderId} productId={productId} onClose={() => setAsking(false)} />}
      {!open && !within && (
        <p className="text-sm text-stone-700" data-testid="alteration-window">
          {t('alterations.windowOver', { count: days })}{' '}
          {whatsappHref && (
            <a
              href={withWhatsappText(whatsappHref, t('alterations.whatsappText', { orderId: order.orderId }))}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-emerald-900 underline"
            >
              {t('alterations.whatsapp')}
            </a>
          )}
        </p>
      )}
    </div>
  );
}

/** An alteration's step in words, with what is wrong. */
function AlterationStep({ alteration }: { alteration: Alteration }) {
  const { t } = useTranslation();
  return (
    <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950 wrap-anywhere" data-testid="alteration-status">
      {t(`alterations.status.${alteration.status}`)}: {t(`alterations.problems.${alteration.problem}`)}
      {alteration.where ? ` (${alteration.where})` : ''}
    </p>
  );
}

/**
 * The alteration form (docs/product.md#free-alterations): what is wrong as choice cards, where, a
 * note and up to 3 pictures (uploaded one at a time as stitching pictures are), then Send. The
 * server's refusal is shown in its words.
 */
function AlterationForm({ orderId, productId, onClose }: { orderId: string; productId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useId();
  const [problem, setProblem] = useState<AlterationProblem | null>(null);
  const [where, setWhere] = useState('');
  const [note, setNote] = useState('');
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const [error, setError] = useState<string | null>(null);
  const send = useRequestAlteration();
  const upload = usePictureUpload({
    count: pictures.length,
    upload: uploadAlterationPicture,
    onUploaded: (picture) => setPictures((now) => [...now, picture]),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) return setError(t('serverMessages.alteration.problemInvalid'));
    if (!note.trim()) return setError(t('serverMessages.alteration.noteRequired'));
    setError(null);
    send.mutate(
      { orderId, productId, problem, where, note, pictureIds: pictures.map((one) => one.id) },
      {
        onSuccess: () => {
          toast.success(t('serverMessages.alteration.requested'));
          onClose();
        },
        onError: (failure) => setError(serverMessage(failure, t) ?? failure.message),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-lg border border-rose-900/15 p-3" aria-label={t('alterations.ask')}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-900">{t('alterations.problem')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PROBLEMS.map((one) => (
            <ChoiceCard
              key={one}
              name={name}
              checked={problem === one}
              onChange={() => setProblem(one)}
              label={t(`alterations.problems.${one}`)}
            />
          ))}
        </div>
      </fieldset>
      <TextField label={t('alterations.where')} value={where} maxLength={80} onChange={(event) => setWhere(event.target.value)} />
      <TextArea label={t('alterations.note')} value={note} rows={3} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      <div className="space-y-2">
        <p className="text-sm font-medium text-stone-800">{t('alterations.pictures', { max: LIMITS.maxStitchingPictures })}</p>
        <PicturePicker
          pictures={pictures}
          onRemove={(id) => setPictures((now) => now.filter((one) => one.id !== id))}
          upload={upload}
          inputTestId={`alteration-picture-${productId}`}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending || upload.uploading}>
          {t('alterations.send')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('alterations.cancel')}
        </Button>
      </div>
    </form>
  );
}
