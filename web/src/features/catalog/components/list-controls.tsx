import { listQueryString, readListQuery, type ListQuery } from '@thaiyal/contract/catalog';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { useLocation, useNavigate } from 'react-router';
import { addEnglish } from '../../../i18n';
import listEnglish from '../../../i18n/en-list.json';
import { ModalDialog } from '../../../components/ui/modal-dialog';

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

/** The sheet's fields: at least 44 px tall, a thumb's target (docs/product.md#accessibility). */
const sheetField = `${field} min-h-11 w-full text-base`;

/** Props of one sort-and-price-range form. */
interface ListFormProps {
  query: ListQuery;
  bestMatch: boolean;
  /** `inline` above the grid (wider screens); `sheet` inside the phone's Sort & filter dialog. */
  layout: 'inline' | 'sheet';
  /** Called once the form has applied (the sheet closes then). */
  onApplied?: () => void;
}

/**
 * The sort and price range as one GET form (see {@link ListControls}). Inline, changing the sort
 * applies at once; in the sheet, Apply applies both, so she can set them together.
 */
function ListForm({ query, bestMatch, layout, onApplied }: ListFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [reversed, setReversed] = useState(false);
  const sheet = layout === 'sheet';
  const priceClass = sheet ? sheetField : `${field} w-24`;

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
    onApplied?.();
  }

  const label = `flex flex-col gap-1 font-semibold text-stone-700 ${sheet ? 'text-sm' : 'text-xs'}`;
  return (
    <form
      key={listQueryString(query)}
      method="get"
      action={pathname}
      onSubmit={apply}
      aria-label={t('list.label')}
      // Inline: hidden on a phone, where the Sort & filter button stands in its place.
      className={sheet ? 'grid grid-cols-2 gap-3' : 'mb-4 hidden flex-wrap items-end gap-2 sm:flex'}
    >
      {query.q && <input type="hidden" name="q" value={query.q} />}
      <label className={`${label} ${sheet ? 'col-span-2' : ''}`}>
        {t('list.sortBy')}
        <Select
          name="sort"
          defaultValue={query.sort ?? (bestMatch ? '' : 'newest')}
          onChange={sheet ? undefined : (event) => event.currentTarget.form?.requestSubmit()}
          className={sheet ? 'font-normal' : 'text-sm font-normal'}
        >
          {bestMatch && <option value="">{t('list.bestMatch')}</option>}
          <option value="newest">{t('list.newest')}</option>
          <option value="price-asc">{t('list.priceAsc')}</option>
          <option value="price-desc">{t('list.priceDesc')}</option>
        </Select>
      </label>
      <label className={label}>
        {t('list.min')}
        <input name="min" type="number" inputMode="numeric" min={0} step="any" defaultValue={query.min ?? ''} className={priceClass} />
      </label>
      <label className={label}>
        {t('list.max')}
        <input name="max" type="number" inputMode="numeric" min={0} step="any" defaultValue={query.max ?? ''} className={priceClass} />
      </label>
      <button
        type="submit"
        className={`rounded-full bg-rose-800 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 ${
          sheet ? 'col-span-2 min-h-11 text-base' : ''
        }`}
      >
        {t('list.apply')}
      </button>
      {reversed && (
        <p role="alert" className={`text-sm text-red-700 ${sheet ? 'col-span-2' : 'w-full'}`}>
          {t('list.rangeReversed')}
        </p>
      )}
    </form>
  );
}

/**
 * How many of the sort and the two prices the address narrows the list by (the button shows
 * it, so she sees at a glance that the list is sorted or narrowed).
 */
function narrowedBy(query: ListQuery): number {
  return [query.sort, query.min, query.max].filter((value) => value !== undefined).length;
}

/**
 * A product list's sort and price range (docs/product.md#category-listing): Sort by (newest,
 * price low to high, high to low; on the search page also best match, its default), Min ₹ and
 * Max ₹ with Apply. Kept in the page's address, so a shared link opens the same list; changing
 * the sort applies at once. A plain GET form, so it works before the script has come. A lowest
 * price above the highest is refused with a message and changes nothing. On a phone the form
 * gives its place to one `Sort & filter` button (with how many are set), which opens the same
 * form in a dialog; from the `sm` width up the form stands above the grid.
 * @param query the address's current list query (useListQuery); `q` is kept on the search page.
 * @param bestMatch offer 'Best match' (the search page's order without a sort).
 */
export function ListControls({ query, bestMatch = false }: { query: ListQuery; bestMatch?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = narrowedBy(query);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="mb-3 inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 sm:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        {count > 0 ? t('list.openSheetCount', { count }) : t('list.openSheet')}
      </button>
      <ListForm query={query} bestMatch={bestMatch} layout="inline" />
      {open && (
        <ModalDialog labelledBy="list-sheet-title" onDismiss={() => setOpen(false)}>
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 id="list-sheet-title" className="text-lg font-semibold">
              {t('list.sheetTitle')}
            </h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="min-h-11 rounded-full px-4 text-sm font-semibold text-rose-900 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700"
            >
              {t('list.close')}
            </button>
          </div>
          <ListForm query={query} bestMatch={bestMatch} layout="sheet" onApplied={() => setOpen(false)} />
        </ModalDialog>
      )}
    </>
  );
}
