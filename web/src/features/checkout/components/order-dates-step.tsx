import type { QuoteResponse } from '@thaiyal/contract';
import { MAX_NEEDED_BY_DAYS } from '@thaiyal/contract/dates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visitDateText } from '../../../components/stitching-summary';

/** `date` (`YYYY-MM-DD`) moved by `days` calendar days. */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** What {@link OrderDatesSection} shows and changes. */
export interface OrderDatesSectionProps {
  /** The shop's today (`YYYY-MM-DD`), for the date field's range; undefined while unknown. */
  today: string | undefined;
  /** Her function date, or null. */
  neededBy: string | null;
  onNeededBy: (date: string | null) => void;
  /** The shop's answer for the order as it stands; undefined while asked, or when it could not be had. */
  quote: QuoteResponse | undefined;
  /** Whether the quote is being asked. */
  loading: boolean;
  /** The shop's call (`tel:`) and WhatsApp links, when known. */
  phoneHref?: string | undefined;
  whatsappHref?: string | undefined;
}

/**
 * When she needs it and when it will be ready (docs/product.md#dates-a-tailor-promises): an
 * optional "For a function on…" date (today to a year ahead), and the shop's "Ready by Thu 10 Dec"
 * for the order as it stands. When her function comes first it says so plainly, offers to call or
 * WhatsApp the shop, and still lets her order (the order is then marked rush).
 */
export function OrderDatesSection({ today, neededBy, onNeededBy, quote, loading, phoneHref, whatsappHref }: OrderDatesSectionProps) {
  const { t, i18n } = useTranslation();
  const fieldId = useId();
  return (
    <section className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10" aria-labelledby={`${fieldId}-heading`}>
      <h3 id={`${fieldId}-heading`} className="font-semibold text-rose-950">
        {t('tailoring.dates.heading')}
      </h3>
      <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
        {t('tailoring.dates.neededByLabel')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={fieldId}
          type="date"
          className="min-h-11 rounded-md border border-stone-300 px-3"
          value={neededBy ?? ''}
          min={today}
          max={today ? addDays(today, MAX_NEEDED_BY_DAYS) : undefined}
          onChange={(event) => onNeededBy(event.target.value || null)}
        />
        {neededBy && (
          <button type="button" className="min-h-11 px-2 text-sm text-rose-800 underline" onClick={() => onNeededBy(null)}>
            {t('tailoring.dates.clear')}
          </button>
        )}
      </div>
      <p className="text-sm text-stone-600">{t('tailoring.dates.neededByHint')}</p>
      <p data-testid="ready-by" className="font-semibold text-rose-950" aria-live="polite">
        {quote
          ? t('tailoring.dates.readyBy', { date: visitDateText(quote.readyBy, i18n.language) })
          : loading
            ? t('tailoring.dates.working')
            : t('tailoring.dates.unknown')}
      </p>
      {quote && !quote.fits && quote.neededBy && (
        <div role="alert" className="space-y-2 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-700/30" data-testid="ready-late">
          <p>
            {t('tailoring.dates.late', {
              needed: visitDateText(quote.neededBy, i18n.language),
              ready: visitDateText(quote.readyBy, i18n.language),
            })}
          </p>
          <p className="flex flex-wrap gap-4">
            {phoneHref && (
              <a className="min-h-11 font-semibold underline" href={phoneHref}>
                {t('tailoring.dates.call')}
              </a>
            )}
            {whatsappHref && (
              <a className="min-h-11 font-semibold underline" href={whatsappHref} target="_blank" rel="noreferrer">
                {t('tailoring.dates.whatsapp')}
              </a>
            )}
          </p>
        </div>
      )}
    </section>
  );
}
