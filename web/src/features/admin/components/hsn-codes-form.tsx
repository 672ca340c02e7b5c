import { PRODUCT_CATEGORIES, type ProductCategory } from '@thaiyal/contract/catalog';
import { HsnCodesBodySchema, type HsnCodes } from '@thaiyal/contract/reports';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { serverMessage } from '../../../lib/server-message';
import { useHsnCodes, useSaveHsnCodes } from '../api/hsn-codes';

/**
 * The HSN codes on bills (docs/product.md#hsn-codes), a section of the Lead times tab: one field per
 * product category, 4, 6 or 8 digits or empty for none, checked with the contract's schema as the
 * server checks it.
 */
export function HsnCodesSection() {
  const { t } = useTranslation();
  const codes = useHsnCodes();
  return (
    <section aria-labelledby="admin-hsn-heading" className="space-y-4">
      <h2 id="admin-hsn-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.hsn.heading')}
      </h2>
      <p className="text-sm text-stone-700">{t('admin.hsn.intro')}</p>
      <QueryState query={codes} failed={t('admin.loadFailed')} retry={t('admin.retry')}>
        {(data) => <HsnCodesForm key={codes.dataUpdatedAt} saved={data} />}
      </QueryState>
    </section>
  );
}

/** The form: every category's field, saved together. */
function HsnCodesForm({ saved }: { saved: HsnCodes }) {
  const { t } = useTranslation();
  const save = useSaveHsnCodes();
  const [values, setValues] = useState<Record<ProductCategory, string>>(
    () =>
      Object.fromEntries(PRODUCT_CATEGORIES.map((category) => [category, saved.codes[category] ?? ''])) as Record<ProductCategory, string>,
  );
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = HsnCodesBodySchema.safeParse({
      codes: Object.fromEntries(PRODUCT_CATEGORIES.map((category) => [category, values[category].trim() || null])),
    });
    if (!parsed.success) return setError(t('serverMessages.report.badHsnCode'));
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('admin.hsn.saved')),
      onError: (failure) => setError(serverMessage(failure, t) ?? failure.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid grid-cols-[1fr_auto] items-center gap-2 sm:max-w-md">
        {PRODUCT_CATEGORIES.map((category) => (
          <div key={category} className="contents">
            <label htmlFor={`hsn-${category}`} className="wrap-break-word">
              {t(`categories.${category}`)}
            </label>
            <input
              id={`hsn-${category}`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              className="min-h-11 w-32 rounded-md border border-stone-300 px-3"
              value={values[category]}
              onChange={(event) => setValues({ ...values, [category]: event.target.value })}
            />
          </div>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {t('admin.hsn.save')}
      </Button>
    </form>
  );
}
