import { listQueryString, readListQuery, type ListQuery } from '@thaiyal/contract/catalog';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { useLocation, useNavigate } from 'react-router';
import { addEnglish } from '../../../i18n';
import listEnglish from '../../../i18n/en-list.json';

// The controls come with the pages that draw them (category, featured, search), never in the first load.
addEnglish(listEnglish);

/**
 * The sort and price range of the page's address (`?q=&sort=&min=&max=`), as the API would
 * take them (contract `readListQuery`: a hand-edited bad value is dropped, never an error page).
 */
export function useListQuery(): ListQuery {
  const { search } = useLocation();
  return useMemo(() => readListQuery(new URLSearchParams(search)), [search]);
}

const field =
  'rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 focus-visible:outline-3 focus-visible:outline-rose-700';

/**
 * A product list's sort and price range (docs/product.md#category-listing): Sort by (newest,
 * price low to high, high to low; on the search page also best match, its default), Min ₹ and
 * Max ₹ with Apply. Kept in the page's address, so a shared link opens the same list; changing
 * the sort applies at once. A plain GET form, so it works before the script has come. A lowest
 * price above the highest is refused with a message and changes nothing.
 * @param query the address's current list query (useListQuery); `q` is kept on the search page.
 * @param bestMatch offer 'Best match' (the search page's order without a sort).
 */
export function ListControls({ query, bestMatch = false }: { query: ListQuery; bestMatch?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [reversed, setReversed] = useState(false);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const min = text('min').trim();
    const max = text('max').trim();
    if (min && max && Number(min) > Number(max)) {
      setReversed(true);
      return;
    }
    setReversed(false);
    // Newest is a listing's own order: its address says nothing of it (the search page's is best match).
    const sort = !bestMatch && text('sort') === 'newest' ? '' : text('sort');
    const next = readListQuery(new URLSearchParams({ q: query.q ?? '', sort, min, max }));
    const search = listQueryString(next);
    void navigate(search ? `${pathname}?${search}` : pathname);
  }

  return (
    <form
      key={listQueryString(query)}
      method="get"
      action={pathname}
      onSubmit={apply}
      aria-label={t('list.label')}
      className="mb-4 flex flex-wrap items-end gap-2"
    >
      {query.q && <input type="hidden" name="q" value={query.q} />}
      <label className="flex flex-col gap-1 text-xs font-semibold text-stone-700">
        {t('list.sortBy')}
        <Select
          name="sort"
          defaultValue={query.sort ?? (bestMatch ? '' : 'newest')}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="text-sm font-normal"
        >
          {bestMatch && <option value="">{t('list.bestMatch')}</option>}
          <option value="newest">{t('list.newest')}</option>
          <option value="price-asc">{t('list.priceAsc')}</option>
          <option value="price-desc">{t('list.priceDesc')}</option>
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-semibold text-stone-700">
        {t('list.min')}
        <input name="min" type="number" inputMode="numeric" min={0} step="any" defaultValue={query.min ?? ''} className={`${field} w-24`} />
      </label>
      <label className="flex flex-col gap-1 text-xs font-semibold text-stone-700">
        {t('list.max')}
        <input name="max" type="number" inputMode="numeric" min={0} step="any" defaultValue={query.max ?? ''} className={`${field} w-24`} />
      </label>
      <button
        type="submit"
        className="rounded-full bg-rose-800 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        {t('list.apply')}
      </button>
      {reversed && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('list.rangeReversed')}
        </p>
      )}
    </form>
  );
}
