import type { AdminOrder, MeasurementKey, Measurements } from '@thaiyal/contract';
import { MAX_MEASURED_NOTE_LENGTH } from '@thaiyal/contract/measurements';
import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/server-message';
import { productName } from '../../../lib/product-text';
import { checkMeasurements, MeasurementGroups, UnitToggle, useLengthTexts } from '../../../components/measurement-fields';
import { addEnglish } from '../../../i18n';
import measurementsEnglish from '../../../i18n/en-measurements.json';
import { useRecordMeasurements } from '../api/record-measurements';

addEnglish(measurementsEnglish);

type Item = AdminOrder['items'][number];

/**
 * 'Record measurements' for one garment of an order (docs/product.md#the-measurement-book): at or
 * after the visit the owner types, on her phone, the measurements she took, with the profile
 * form's fields, pictures and hints, in inches or centimetres (the unit toggle converts what is
 * typed), a note for the tailor, and "Also save to her measurements" (checked: they become a new
 * version of the customer's profile for this garment, or a new profile). The form starts from what
 * was measured before, else from what the shopper typed. Each value is checked here as the server
 * checks it; the server's refusal is shown as it words it and nothing typed is lost. Without a
 * connection the save is kept on the phone and sent when the connection is back
 * (docs/decisions/024-owners-day-offline.md), and she is told so. Closed, a
 * button; none for a delivered or cancelled order or a line whose product is gone.
 */
export function RecordMeasurements({ order, item }: { order: AdminOrder; item: Item }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  if (order.status === 'delivered' || order.status === 'cancelled' || item.productId === null) return null;
  const name = productName(item, i18n.language);
  if (!open)
    return (
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={t('admin.measure.openNamed', { name })}
        className="px-4! py-2!"
        data-testid="record-measurements"
      >
        {item.measured ? t('admin.measure.change') : t('admin.measure.open')}
      </Button>
    );
  return <MeasurementsForm orderId={order.orderId} item={item} productId={item.productId} name={name} onClose={() => setOpen(false)} />;
}

/** The open form of one garment: unit, the fields, a note, "Also save to her measurements", Save and Cancel. */
function MeasurementsForm({
  orderId,
  item,
  productId,
  name,
  onClose,
}: {
  orderId: string;
  item: Item;
  productId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const start = item.measured ?? item.stitching.profile;
  const lengths = useLengthTexts((start?.measurements ?? {}) as Measurements, start?.unit ?? 'in');
  const [note, setNote] = useState(item.measured?.note ?? '');
  const [saveToProfile, setSaveToProfile] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<MeasurementKey, string>>>({});
  const [empty, setEmpty] = useState(false);
  const save = useRecordMeasurements();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkMeasurements(lengths.millimetres, t);
    setErrors(checked.errors);
    const first = Object.keys(checked.errors)[0];
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const none = Object.keys(checked.measurements).length === 0;
    setEmpty(none);
    if (none) return;
    save.mutate(
      {
        orderId,
        garment: name,
        lines: [{ productId, measurements: checked.measurements, unit: lengths.unit, note: note.trim() }],
        saveToProfile,
      },
      {
        onSuccess: (outcome) => {
          // Kept on the phone (docs/decisions/024-owners-day-offline.md): she is told it will be sent, not that it is saved.
          if ('queued' in outcome) toast.success(t('admin.offline.queued'));
          else toast.success(t('admin.measure.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl bg-emerald-50/60 p-3"
      data-testid="measurements-form"
    >
      <h5 id={headingId} className="font-semibold break-words text-stone-900">
        {t('admin.measure.title', { name })}
      </h5>
      {(Object.keys(errors).length > 0 || empty) && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {empty ? t('serverMessages.admin.measuredEmpty') : t('measurements.fixErrors')}
        </p>
      )}
      <UnitToggle unit={lengths.unit} onChange={lengths.switchUnit} />
      <MeasurementGroups lengths={lengths} errors={errors} />
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t('admin.measure.note')}
        <textarea
          name="note"
          value={note}
          rows={2}
          maxLength={MAX_MEASURED_NOTE_LENGTH}
          placeholder={t('admin.measure.notePlaceholder')}
          onChange={(event) => setNote(event.target.value)}
          className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal text-stone-900"
        />
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          checked={saveToProfile}
          onChange={(event) => setSaveToProfile(event.target.checked)}
          className="h-5 w-5 shrink-0 accent-rose-800"
        />
        <span>{t('admin.measure.saveToProfile')}</span>
      </label>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(save.error, t) ?? t('admin.measure.failed')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('admin.measure.saving') : t('admin.measure.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
          {t('admin.measure.cancel')}
        </Button>
      </div>
    </form>
  );
}
