import type { VisitBody, VisitDay } from '@thaiyal/contract';
import { useTranslation } from 'react-i18next';
import { ChoiceCard } from '../../../components/ui/choice-card';
import { VisitCalendar } from '../../../components/visit-calendar';
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
 * (the default), or a day of the next 14 and one of its slots in the visit calendar
 * ({@link VisitCalendar}, shared with trial and delivery visits), each choice a card. With "call
 * me" no day looks chosen. Its heading is the checkout step's.
 */
export function VisitPicker({ days, failed, value, onChange, day, onDay, notice }: VisitPickerProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" id="visit-picker">
      <p className="text-sm text-stone-700">{t('tailoring.visitSub')}</p>
      {notice && (
        <p role="alert" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <ChoiceCard name="visit-mode" checked={value === null} onChange={() => onChange(null)} label={t('tailoring.callMe')} />
      {failed && <p className="text-sm text-stone-600">{t('tailoring.slotsFailed')}</p>}
      {days && <VisitCalendar days={days} value={value} onChange={onChange} day={day} onDay={onDay} name="visit-mode" />}
    </div>
  );
}
