import type { MeasurementProfile, ProfileVersion } from '@thaiyal/contract';
import { formatShopDate } from '@thaiyal/contract/limits';
import { MEASUREMENT_FIELDS, REMEASURE_CHILD_MONTHS } from '@thaiyal/contract/measurements';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatLength } from '../../../lib/length-units';

/** "Measured by Thaiyal on 28 Nov 2026" or "Typed by you on …": who wrote a version, and when, in the reader's language. */
function versionLine(version: ProfileVersion, t: ReturnType<typeof useTranslation>['t'], language: string | undefined): string {
  const date = formatShopDate(version.at, language);
  return t(version.source === 'shop' ? 'measurements.versionShop' : 'measurements.versionShopper', { date });
}

/**
 * Under a profile's name (docs/product.md#the-measurement-book): who wrote its latest version and
 * when, and for a child's profile last measured more than {@link REMEASURE_CHILD_MONTHS} months
 * before `now` "Time to measure again". Nothing for a profile without versions.
 */
export function ProfileVersionLine({ profile, now }: { profile: MeasurementProfile; now: Date }) {
  const { t, i18n } = useTranslation();
  const latest = profile.versions?.[0];
  if (!latest) return null;
  return (
    <>
      <p className="text-sm text-stone-600" data-testid="profile-latest">
        {versionLine(latest, t, i18n.resolvedLanguage)}
      </p>
      {growsQuickly(profile.name) && olderThanMonths(latest.at, now, REMEASURE_CHILD_MONTHS) && (
        <p className="text-sm font-medium text-amber-800" data-testid="remeasure">
          {t('measurements.remeasure')}
        </p>
      )}
    </>
  );
}

/** The oldest age (years) whose profile suggests measuring again: a child still growing. */
const GROWING_UNTIL_YEARS = 15;

/**
 * Whether a profile's name gives the age of a child (docs/product.md#the-measurement-book): profiles
 * keep no age, so the name's "Priya, 8 years" / "Priya 8 yrs" / "பிரியா 8 வயது" is read, at most
 * {@link GROWING_UNTIL_YEARS} years.
 */
function growsQuickly(name: string): boolean {
  const match = /(\d{1,2})\s*(?:years?|yrs?|y\/o|வயது)/i.exec(name);
  return match !== null && Number(match[1]) <= GROWING_UNTIL_YEARS;
}

/** Whether `at` (ISO 8601) is more than `months` calendar months before `now`. */
function olderThanMonths(at: string, now: Date, months: number): boolean {
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() - months);
  return new Date(at).getTime() < limit.getTime();
}

/**
 * "Compare versions" of a profile (docs/product.md#the-measurement-book): a button that opens a
 * table of every measurement any version took (rows) by version, newest first (columns: who and
 * when), in the profile's unit; the table scrolls sideways inside its box on a narrow phone. Only
 * for a profile with two versions or more.
 */
export function CompareVersions({ profile }: { profile: MeasurementProfile }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const versions = profile.versions ?? [];
  if (versions.length < 2) return null;
  const fields = MEASUREMENT_FIELDS.filter((field) => versions.some((version) => version.measurements[field.key] !== undefined));
  return (
    <div className="w-full space-y-2">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? tableId : undefined}
        aria-label={t('measurements.compareNamed', { name: profile.name })}
        onClick={() => setOpen((shown) => !shown)}
        className="px-4! py-2!"
      >
        {open ? t('measurements.hideCompare') : t('measurements.compare')}
      </Button>
      {open && (
        <div className="max-w-full overflow-x-auto" id={tableId}>
          <table className="border-collapse text-left text-sm" data-testid="versions-table">
            <caption className="mb-1 text-left text-stone-600">{t('measurements.compareCaption', { name: profile.name })}</caption>
            <thead>
              <tr>
                <th scope="col" className="border border-stone-300 px-2 py-1">
                  {t('measurements.measurement')} ({t(`measurements.unitShort.${profile.unit}`)})
                </th>
                {versions.map((version, index) => (
                  <th key={`${index}-${version.at}`} scope="col" className="border border-stone-300 px-2 py-1 font-medium">
                    {versionLine(version, t, i18n.resolvedLanguage)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field.key}>
                  <th scope="row" className="border border-stone-300 px-2 py-1 font-normal">
                    {t(`measurements.labels.${field.key}`)}
                  </th>
                  {versions.map((version, index) => {
                    const mm = version.measurements[field.key];
                    return (
                      <td key={`${index}-${version.at}`} className="border border-stone-300 px-2 py-1 tabular-nums">
                        {mm === undefined ? '–' : formatLength(mm, profile.unit)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
