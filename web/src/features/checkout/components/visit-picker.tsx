import type { VisitBody, VisitDay } from '@thaiyal/contract';
import { useTranslation } from 'react-i18next';
import { visitDateText } from '../../../components/stitching-summary';
import { addEnglish } from '../../../i18n';
import tailoringEnglish from '../../../i18n/en-tailoring.json';

addEnglish(tailoringEnglish);

/** Props of the home-visit picker. */
export interface VisitPickerProps {
  /** The bookable days (`GET /api/visit-slots`), or undefined while loading or after a failure. */
  days: readonly VisitDay[] | undefined;
  failed: boolean;
  value: VisitBody | null;
  onChange: (visit: VisitBody | null) => void;
  /** The day whose slots are shown: the chosen visit's, else the one the shopper last picked. */
  day: string | null;
  onDay: (date: string) => void;
  /** A message above the picker (a slot that just filled: the server's words). */
  notice?: string | null;
}

/**
 * The home-visit slot picker (docs/product.md#home-visit-slot): "call me to arrange the visit"
 * (the default), or a day of the next 14 and one of its slots. Closed days and full, started
 * slots are shown as such and cannot be chosen; an open slot says how many places are left.
 * A day looks chosen (filled, pressed) only when a visit on it is chosen; the day whose slots
 * are shown is outlined.
 */
export function VisitPicker({ days, failed, value, onChange, day, onDay, notice }: VisitPickerProps) {
  const { t, i18n } = useTranslation();
  const shownDay = days?.find((one) => one.date === (value?.date ?? day)) ?? null;
  return (
    <section className="mt-6 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10" aria-labelledby="visit-heading">
      <h2 id="visit-heading" className="text-lg font-semibold text-rose-950">
        {t('tailoring.visitHeading')}
      </h2>
      <p className="text-sm text-stone-700">{t('tailoring.visitSub')}</p>
      {notice && (
        <p role="alert" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="visit-mode" checked={value === null} onChange={() => onChange(null)} />
        {t('tailoring.callMe')}
      </label>
      {failed && <p className="text-sm text-stone-600">{t('tailoring.slotsFailed')}</p>}
      {days && (
        <>
          <p className="text-sm font-medium text-stone-800">{t('tailoring.pickDay')}</p>
          <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('tailoring.pickDay')}>
            {days.map((one) => {
              const bookable = !one.closed && one.slots.some((slot) => slot.status === 'open');
              // Chosen only with a visit booked on it: with "call me" no day looks chosen, the day
              // whose slots are shown below is only outlined.
              const chosen = value?.date === one.date;
              const shown = shownDay?.date === one.date;
              return (
                <li key={one.date}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    disabled={!bookable}
                    onClick={() => onDay(one.date)}
                    className={`min-w-20 rounded-lg px-2 py-2 text-center text-xs ${
                      chosen
                        ? 'bg-rose-900 text-white ring-1 ring-rose-900'
                        : shown
                          ? 'bg-white text-rose-950 ring-2 ring-rose-900/60'
                          : 'bg-white text-stone-800 ring-1 ring-stone-300'
                    } disabled:bg-stone-100 disabled:text-stone-500`}
                  >
                    <span className="block whitespace-nowrap">{visitDateText(one.date, i18n.language)}</span>
                    {one.closed && <span className="block">{t('tailoring.closed')}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
          {shownDay && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-stone-800">{t('tailoring.pickSlot')}</legend>
              {shownDay.slots.map((slot) => {
                const open = slot.status === 'open';
                const state =
                  slot.status === 'full'
                    ? t('tailoring.full')
                    : slot.status === 'past'
                      ? t('tailoring.over')
                      : slot.status === 'closed'
                        ? t('tailoring.closed')
                        : t('tailoring.left', { count: slot.available });
                return (
                  <label key={slot.id} className={`flex flex-wrap items-center gap-2 text-sm ${open ? '' : 'text-stone-500'}`}>
                    <input
                      type="radio"
                      name="visit-mode"
                      disabled={!open}
                      checked={value?.date === shownDay.date && value.slotId === slot.id}
                      onChange={() => onChange({ date: shownDay.date, slotId: slot.id })}
                    />
                    <span>{slot.label}</span>
                    <span className="text-xs">({state})</span>
                  </label>
                );
              })}
            </fieldset>
          )}
        </>
      )}
    </section>
  );
}
