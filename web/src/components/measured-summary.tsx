import type { Measured } from '@thaiyal/contract';
import { formatShopDate } from '@thaiyal/contract/limits';
import { inBothUnits, MEASUREMENT_FIELDS } from '@thaiyal/contract/measurements';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import tailoringEnglish from '../i18n/en-tailoring.json';

addEnglish(tailoringEnglish);

/**
 * What the owner measured at the visit for one order line (docs/product.md#the-measurement-book):
 * a heading with the day (`Measured by Thaiyal on 28 Nov 2026` for the shopper, `Measured at the
 * visit on …` for the owner, `reader`), each measurement in both units (the one the owner read
 * first) and her note. Nothing for a line not measured yet.
 */
export function MeasuredSummary({ measured, reader }: { measured: Measured | null | undefined; reader: 'shopper' | 'owner' }) {
  const { t, i18n } = useTranslation();
  if (!measured) return null;
  const date = formatShopDate(measured.at, i18n.resolvedLanguage);
  const taken = MEASUREMENT_FIELDS.filter((field) => measured.measurements[field.key] !== undefined);
  return (
    <div className="mt-1 space-y-1 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-stone-800" data-testid="measured-summary">
      <p className="font-medium break-words text-emerald-900">
        {t(reader === 'shopper' ? 'tailoring.measuredByShop' : 'tailoring.measuredAtVisit', { date })}
      </p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label={t('tailoring.measuredValues')}>
        {taken.map((field) => (
          <li key={field.key}>
            {t(`measurements.labels.${field.key}`, { defaultValue: field.label })}:{' '}
            {inBothUnits(measured.measurements[field.key]!, measured.unit)}
          </li>
        ))}
      </ul>
      {measured.note && <p className="break-words whitespace-pre-line">{t('tailoring.measuredNote', { note: measured.note })}</p>}
    </div>
  );
}
