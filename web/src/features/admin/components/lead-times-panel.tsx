import {
  GARMENT_GROUPS,
  LeadTimesSchema,
  MAX_DAILY_CAPACITY,
  MAX_LEAD_DAYS,
  type GarmentGroup,
  type LeadTimes,
} from '@thaiyal/contract/dates';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/server-message';
import { useLeadTimes, useSaveLeadTimes } from '../api/lead-times';
import { HsnCodesSection } from './hsn-codes-form';

/**
 * The Lead times tab (docs/product.md#dates-a-tailor-promises): how many working days each kind of
 * garment takes and how many garments the shop finishes in a working day, which the ready-by date
 * of every new quote and order is worked out from; then the HSN codes the bills print
 * (docs/product.md#hsn-codes, {@link HsnCodesSection}), the shop's other setting of its work.
 */
export function LeadTimesPanel() {
  const { t } = useTranslation();
  const lead = useLeadTimes();
  return (
    <div className="space-y-10">
      <section aria-labelledby="admin-lead-times-heading" className="space-y-4">
        <h2 id="admin-lead-times-heading" className="font-serif text-xl font-semibold text-rose-950">
          {t('admin.leadTimes.heading')}
        </h2>
        <p className="text-sm text-stone-700">{t('admin.leadTimes.intro')}</p>
        <QueryState query={lead} failed={t('admin.loadFailed')} retry={t('admin.retry')}>
          {(data) => <LeadTimesForm key={lead.dataUpdatedAt} saved={data} />}
        </QueryState>
      </section>
      <HsnCodesSection />
    </div>
  );
}

/** The form of the lead times, checked with the contract's schema as the server checks it. */
function LeadTimesForm({ saved }: { saved: LeadTimes }) {
  const { t } = useTranslation();
  const save = useSaveLeadTimes();
  const [days, setDays] = useState<Record<GarmentGroup, string>>(
    () => Object.fromEntries(GARMENT_GROUPS.map((group) => [group, String(saved.days[group])])) as Record<GarmentGroup, string>,
  );
  const [capacity, setCapacity] = useState(String(saved.dailyCapacity));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LeadTimesSchema.safeParse({
      days: Object.fromEntries(GARMENT_GROUPS.map((group) => [group, Number(days[group])])),
      dailyCapacity: Number(capacity),
    });
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.path[0] === 'days' ? 'leadDaysRange' : 'capacityRange';
      return setError(t(`serverMessages.dates.${reason}`, { maxDays: MAX_LEAD_DAYS, maxCapacity: MAX_DAILY_CAPACITY }));
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('admin.leadTimes.saved')),
      onError: (failure) => setError(serverMessage(failure, t) ?? failure.message),
    });
  };
  const field = 'min-h-11 w-24 rounded-md border border-stone-300 px-3';
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <fieldset className="grid grid-cols-[1fr_auto] items-center gap-2 sm:max-w-md">
        <legend className="mb-2 font-semibold text-stone-800">{t('admin.leadTimes.daysLegend')}</legend>
        {GARMENT_GROUPS.map((group) => (
          <div key={group} className="contents">
            <label htmlFor={`lead-${group}`}>{t(`admin.leadTimes.groups.${group}`)}</label>
            <input
              id={`lead-${group}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LEAD_DAYS}
              className={field}
              value={days[group]}
              onChange={(event) => setDays({ ...days, [group]: event.target.value })}
            />
          </div>
        ))}
      </fieldset>
      <div className="grid grid-cols-[1fr_auto] items-center gap-2 sm:max-w-md">
        <label htmlFor="lead-capacity">{t('admin.leadTimes.capacity')}</label>
        <input
          id="lead-capacity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DAILY_CAPACITY}
          className={field}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {t('admin.leadTimes.save')}
      </Button>
    </form>
  );
}
