import type { AdminServiceArea } from '@thaiyal/contract';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { TextField } from '../../../components/ui/text-field';
import { useAdminServiceArea, useAreaRequests, useSaveServiceArea } from '../api/home-visits';
import { formatDateTime, serverMessageOr } from './admin-text';

/** One served pin code being edited. */
interface PinDraft {
  key: string;
  pinCode: string;
  area: string;
  areaTa: string;
}

let nextKey = 0;
const newKey = () => `pin-${++nextKey}`;

/**
 * The Service area tab (docs/product.md#admin-dashboard, docs/product.md#service-area): the pin
 * codes the tailor visits with their area's name in English and Tamil, saved together with
 * `PUT /api/admin/service-area` (the address form, the product page's check and `POST /orders`
 * follow at once); then how many shoppers asked to be told per pin code, with who asked.
 */
export function ServiceAreaPanel() {
  const { t } = useTranslation();
  const area = useAdminServiceArea();
  return (
    <section aria-labelledby="admin-area-heading" className="space-y-4">
      <h2 id="admin-area-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.area.heading')}
      </h2>
      <p className="text-sm text-stone-700">{t('admin.area.intro')}</p>
      <QueryState query={area} failed={t('admin.loadFailed')} retry={t('admin.retry')}>
        {(data) => <ServiceAreaEditor key={area.dataUpdatedAt} area={data} />}
      </QueryState>
    </section>
  );
}

function ServiceAreaEditor({ area }: { area: AdminServiceArea }) {
  const { t } = useTranslation();
  const save = useSaveServiceArea();
  const [pins, setPins] = useState<PinDraft[]>(() => area.pinCodes.map((entry) => ({ ...entry, key: newKey() })));

  const setPin = (key: string, change: Partial<PinDraft>) =>
    setPins((current) => current.map((pin) => (pin.key === key ? { ...pin, ...change } : pin)));
  const addPin = (pinCode = '') => setPins((current) => [...current, { key: newKey(), pinCode, area: '', areaTa: '' }]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { pinCodes: pins.map(({ pinCode, area: name, areaTa }) => ({ pinCode, area: name, areaTa })) },
      { onSuccess: () => toast.success(t('admin.area.saved')) },
    );
  };

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
        <h3 className="font-semibold text-rose-950">{t('admin.area.served')}</h3>
        <ul className="space-y-3">
          {pins.map((pin, index) => (
            <li
              key={pin.key}
              aria-label={t('admin.area.pinNumber', { number: index + 1 })}
              className="grid grid-cols-2 gap-3 border-b border-stone-200 pb-3 sm:grid-cols-[8rem_1fr_1fr_auto] sm:items-end"
            >
              <TextField
                label={t('admin.area.pinCode')}
                inputMode="numeric"
                maxLength={6}
                value={pin.pinCode}
                onChange={(event) => setPin(pin.key, { pinCode: event.target.value })}
              />
              <TextField
                label={t('admin.area.area')}
                value={pin.area}
                maxLength={80}
                onChange={(event) => setPin(pin.key, { area: event.target.value })}
              />
              <TextField
                label={t('admin.area.areaTa')}
                lang="ta"
                value={pin.areaTa}
                maxLength={80}
                onChange={(event) => setPin(pin.key, { areaTa: event.target.value })}
              />
              <Button
                variant="secondary"
                className="self-end px-3! py-2! text-sm"
                onClick={() => setPins((current) => current.filter((other) => other.key !== pin.key))}
              >
                {t('admin.area.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" className="text-sm" onClick={() => addPin()}>
            {t('admin.area.add')}
          </Button>
        </div>
        {save.isError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {serverMessageOr(save.error, t('admin.area.saveFailed'), t)}
          </p>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('admin.area.saving') : t('admin.area.save')}
        </Button>
      </form>

      <section aria-labelledby="admin-area-requests" className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
        <h3 id="admin-area-requests" className="font-semibold text-rose-950">
          {t('admin.area.requests')}
        </h3>
        {area.requests.length === 0 ? (
          <p className="text-sm text-stone-600">{t('admin.area.noRequests')}</p>
        ) : (
          <ul className="space-y-3">
            {area.requests.map((request) => (
              <RequestRow
                key={request.pinCode}
                request={request}
                onServe={pins.some((pin) => pin.pinCode === request.pinCode) ? undefined : () => addPin(request.pinCode)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One pin code's requests: the count, the latest, and who asked (fetched when opened). */
function RequestRow({ request, onServe }: { request: AdminServiceArea['requests'][number]; onServe: (() => void) | undefined }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const who = useAreaRequests(request.pinCode, open);
  return (
    <li className="space-y-2 border-b border-stone-200 pb-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-stone-900">{request.pinCode}</span>
        <span className="text-stone-800">{t('admin.area.count', { count: request.count })}</span>
        <span className="text-stone-600">{t('admin.area.latest', { when: formatDateTime(request.latestAt, i18n.resolvedLanguage) })}</span>
        {request.served && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            {t('admin.area.servedNow')}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3! py-1! text-sm" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {t(open ? 'admin.area.hideWho' : 'admin.area.showWho')}
        </Button>
        {onServe && (
          <Button variant="secondary" className="px-3! py-1! text-sm" onClick={onServe}>
            {t('admin.area.serve', { pinCode: request.pinCode })}
          </Button>
        )}
      </div>
      {open &&
        (who.isPending ? (
          <p className="text-stone-600">{t('common.pleaseWait')}</p>
        ) : who.isError ? (
          <p className="text-red-800">{t('admin.loadFailed')}</p>
        ) : (
          <ul className="list-inside list-disc text-stone-800">
            {who.data.requests.map((entry) => (
              <li key={`${entry.contact}-${entry.createdAt}`} className="break-all">
                {entry.contact}
              </li>
            ))}
          </ul>
        ))}
    </li>
  );
}
