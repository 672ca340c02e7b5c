import type { OrderStitching, OrderVisit } from '@thaiyal/contract';
import { formatShopDay } from '@thaiyal/contract/limits';
import { inBothUnits, MEASUREMENT_FIELDS } from '@thaiyal/contract/measurements';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../i18n';
import { PrivatePicture } from './private-picture';
import tailoringEnglish from '../i18n/en-tailoring.json';

addEnglish(tailoringEnglish);

/** `98430 12345` for a stored 10-digit phone number (docs/product.md#address); anything else as it is. */
export function spacedPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
}

/** A visit's date as the shopper reads it, in her language: `Wed, 4 Nov` / `புத., 4 நவ.` (the shop's calendar, contract `formatShopDay`). */
export function visitDateText(date: string, language: string): string {
  return formatShopDay(date, language, { weekday: 'short', day: 'numeric', month: 'short' });
}

/**
 * An order's home visit in one line (docs/product.md#home-visit-slot): `Wed, 4 Nov, 10:00-13:00`,
 * or that the shop will call to arrange it.
 */
export function VisitLine({ visit }: { visit: OrderVisit | null }) {
  const { t, i18n } = useTranslation();
  return (
    <p data-testid="order-visit">
      {visit ? t('tailoring.visitWhen', { date: visitDateText(visit.date, i18n.language), slot: visit.label }) : t('tailoring.visitCall')}
    </p>
  );
}

/** `mm` in `unit`, at most one decimal: 864 → `34 in`, `86.4 cm`. */
/**
 * One order line's stitching details (docs/product.md#stitching-details): for whom, fabric,
 * lining, notes and the reference pictures as links; with `measurements` (the admin's view) the
 * profile's measurements in inches and centimetres, the unit the shopper typed them in first,
 * named in the reader's language.
 */
export function StitchingSummary({ stitching, measurements = false }: { stitching: OrderStitching; measurements?: boolean }) {
  const { t } = useTranslation();
  const taken = stitching.profile ? MEASUREMENT_FIELDS.filter((field) => stitching.profile!.measurements[field.key] !== undefined) : [];
  return (
    <div className="mt-1 space-y-1 text-sm text-stone-700" data-testid="stitching-summary">
      <p className="break-words">
        {[
          stitching.profile ? t('tailoring.summaryFor', { name: stitching.profile.name }) : t('tailoring.summaryAtVisit'),
          stitching.fabric === 'shop' ? t('tailoring.summaryShop') : t('tailoring.summaryOwn'),
          stitching.lining ? t('tailoring.summaryLining') : t('tailoring.summaryNoLining'),
        ].join(' · ')}
      </p>
      {stitching.notes && <p className="break-words whitespace-pre-line">{t('tailoring.summaryNotes', { notes: stitching.notes })}</p>}
      {measurements && taken.length > 0 && (
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label={t('tailoring.forWhom')}>
          {taken.map((field) => (
            <li key={field.key}>
              {t(`measurements.labels.${field.key}`, { defaultValue: field.label })}:{' '}
              {inBothUnits(stitching.profile!.measurements[field.key]!, stitching.profile!.unit)}
            </li>
          ))}
        </ul>
      )}
      {stitching.pictures.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('tailoring.pictures')}>
          {stitching.pictures.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <PrivatePicture
                  src={url}
                  alt={t('tailoring.picture', { n: index + 1 })}
                  className="h-16 w-12 rounded object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
