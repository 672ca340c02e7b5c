import type { VisitBody, VisitDay } from '@thaiyal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { visitDateText } from './stitching-summary';
import { ChoiceCard } from './ui/choice-card';
import { focusRing } from './ui/controls';
import { addEnglish } from '../i18n';
import tailoringEnglish from '../i18n/en-tailoring.json';

addEnglish(tailoringEnglish);

/** Props of the visit calendar. */
export interface VisitCalendarProps {
  /** The bookable days (`GET /api/visit-slots`). */
  days: readonly VisitDay[];
  /** The chosen day and slot, or null. */
  value: VisitBody | null;
  onChange: (visit: VisitBody) => void;
  /** The day whose slots are shown: the chosen visit's, else the one last picked. */
  day: string | null;
  onDay: (date: string) => void;
  /** The radio group's name (the checkout shares it with its "call me" card). */
  name: string;
}

/** What a slot's card says under its time: places left, or why it cannot be chosen. */
function slotState(slot: VisitDay['slots'][number], t: TFunction): string {
  if (slot.status === 'full') return t('tailoring.full');
  if (slot.status === 'past') return t('tailoring.over');
  if (slot.status === 'closed') return t('tailoring.closed');
  return t('tailoring.left', { count: slot.available });
}

/**
 * The visit calendar (docs/product.md#home-visit-slot, docs/product.md#trial-and-delivery-visits):
 * a row of the bookable days, then the shown day's slots, each a card ({@link ChoiceCard}).
 * Closed days and full, started slots are shown as such and cannot be chosen; an open slot says
 * how many places are left. A day looks chosen (filled, pressed) only when a visit on it is
 * chosen; the day whose slots are shown is outlined. The checkout's measuring visit, the admin's
 * trial and delivery bookings and the shopper's delivery pick all use it.
 */
export function VisitCalendar({ days, value, onChange, day, onDay, name }: VisitCalendarProps) {
  const { t, i18n } = useTranslation();
  const shownDay = days.find((one) => one.date === (value?.date ?? day)) ?? null;
  return (
    <>
      <p className="text-sm font-medium text-stone-800">{t('tailoring.pickDay')}</p>
      <ul className="flex gap-2 overflow-x-auto p-1" aria-label={t('tailoring.pickDay')}>
        {days.map((one) => {
          const bookable = !one.closed && one.slots.some((slot) => slot.status === 'open');
          // Chosen only with a visit booked on it: the day whose slots are shown below is only outlined.
          const chosen = value?.date === one.date;
          const shown = shownDay?.date === one.date;
          return (
            <li key={one.date}>
              <button
                type="button"
                aria-pressed={chosen}
                disabled={!bookable}
                onClick={() => onDay(one.date)}
                className={`min-h-11 min-w-20 rounded-xl px-2 py-2 text-center text-sm ${focusRing} ${
                  chosen
                    ? 'bg-rose-900 font-semibold text-white ring-2 ring-rose-900'
                    : shown
                      ? 'bg-rose-50 text-rose-950 ring-2 ring-rose-800'
                      : 'bg-white text-stone-800 ring-1 ring-stone-300'
                } disabled:bg-stone-100 disabled:text-stone-500`}
              >
                <span className="block whitespace-nowrap">{visitDateText(one.date, i18n.language)}</span>
                {one.closed && <span className="block text-xs">{t('tailoring.closed')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {shownDay && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-stone-800">{t('tailoring.pickSlot')}</legend>
          {shownDay.slots.map((slot) => (
            <ChoiceCard
              key={slot.id}
              name={name}
              disabled={slot.status !== 'open'}
              checked={value?.date === shownDay.date && value.slotId === slot.id}
              onChange={() => onChange({ date: shownDay.date, slotId: slot.id })}
              label={slot.label}
              description={slotState(slot, t)}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
