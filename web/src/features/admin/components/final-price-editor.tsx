import type { AdminOrder } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { formatRupeesExact } from '@thaiyal/contract/money';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/server-message';
import { useSetFinalPrices } from '../api/set-final-prices';
import { productName } from '../../../lib/product-text';

/**
 * 'Set final price' on an order card (docs/product.md#final-price): after the home visit the
 * owner gives each line's final unit price in rupees (extra work such as lining or aari, or a
 * discount) with a short note, for an order not yet delivered. Each price is checked here as the
 * server checks it (above zero, at most 2 decimals, at most LIMITS.maxFinalPriceFactor times the
 * price ordered and LIMITS.maxFinalPriceRupees), the server's refusal is shown as it words it,
 * and nothing typed is lost on a failed save. Closed, a button; open, a form of one row per line.
 */
export function FinalPriceEditor({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const save = useSetFinalPrices();
  const formId = useId();
  const lines = order.items.filter((item): item is typeof item & { productId: string } => item.productId !== null);
  const [prices, setPrices] = useState(() => lines.map((item) => String(item.finalPrice ?? item.price)));
  const [notes, setNotes] = useState(() => lines.map((item) => item.priceNote ?? ''));
  const [errors, setErrors] = useState<Array<string | null>>([]);

  if (order.status === 'delivered' || lines.length === 0) return null;
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} className="px-4! py-2!">
        {t('admin.finalPrice.open')}
      </Button>
    );

  const check = (text: string, ordered: number): string | null => {
    const value = Number(text);
    if (!/^\d+(\.\d{1,2})?$/.test(text.trim()) || value <= 0) return t('admin.finalPrice.invalid');
    if (value > ordered * LIMITS.maxFinalPriceFactor || value > LIMITS.maxFinalPriceRupees)
      return t('admin.finalPrice.tooHigh', { factor: LIMITS.maxFinalPriceFactor, max: formatRupeesExact(LIMITS.maxFinalPriceRupees) });
    return null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = lines.map((item, index) => check(prices[index] ?? '', item.price));
    setErrors(found);
    if (found.some(Boolean)) return;
    save.mutate(
      {
        orderId: order.orderId,
        lines: lines.map((item, index) => ({ productId: item.productId, price: Number(prices[index]), note: notes[index]?.trim() ?? '' })),
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setOpen(false);
        },
      },
    );
  };

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label={t('admin.finalPrice.title', { id: order.orderId })}
      className="space-y-3 rounded-xl bg-amber-50/60 p-3"
    >
      <h4 className="text-sm font-semibold text-stone-800">{t('admin.finalPrice.title', { id: order.orderId })}</h4>
      {lines.map((item, index) => (
        <fieldset key={`${item.productId}-${index}`} className="grid gap-2 sm:grid-cols-[1fr_8rem_1fr]">
          <legend className="text-sm font-medium text-stone-900">
            {productName(item, i18n.language)} · {t('admin.finalPrice.ordered', { price: formatRupeesExact(item.price) })}
          </legend>
          <label className="flex flex-col gap-1 text-xs text-stone-700">
            {t('admin.finalPrice.price')}
            <input
              inputMode="decimal"
              value={prices[index] ?? ''}
              onChange={(event) => setPrices((all) => all.map((value, at) => (at === index ? event.target.value : value)))}
              aria-invalid={Boolean(errors[index])}
              className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900"
            />
          </label>
          <label className="flex flex-col gap-1 text-xs text-stone-700 sm:col-span-2">
            {t('admin.finalPrice.note')}
            <input
              value={notes[index] ?? ''}
              maxLength={LIMITS.maxPriceNoteLength}
              onChange={(event) => setNotes((all) => all.map((value, at) => (at === index ? event.target.value : value)))}
              className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900"
            />
          </label>
          {errors[index] && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3">
              {errors[index]}
            </p>
          )}
        </fieldset>
      ))}
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(save.error, t) ?? t('admin.finalPrice.failed')}
        </p>
      )}
      <p className="text-sm text-stone-600">{t('admin.finalPrice.mailNote')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('admin.finalPrice.saving') : t('admin.finalPrice.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={save.isPending}>
          {t('admin.finalPrice.cancel')}
        </Button>
      </div>
    </form>
  );
}
