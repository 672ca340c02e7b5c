import { LIMITS } from '@thaiyal/contract/limits';
import { listQueryString } from '@thaiyal/contract/catalog';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { PageTitle } from '../../components/ui/page-title';
import { QueryFailed } from '../../components/ui/query-state';
import { useSearchProducts } from '../../features/catalog/api/search-products';
import { CategoryMenu } from '../../features/catalog/components/category-menu';
import { ListControls, useListQuery } from '../../features/catalog/components/list-controls';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { addEnglish } from '../../i18n';
import searchEnglish from '../../i18n/en-search.json';
import { paths } from '../../lib/paths';
import { serverMessage } from '../../lib/server-message';

addEnglish(searchEnglish);

/**
 * `/search?q=&sort=&min=&max=` (docs/product.md#search): the search field (a GET form, so it
 * works before the script has come), then the products the words find, best matches first unless
 * sorted, with the list's sort and price range kept in the address; 'No products found' with the
 * categories to look through when nothing matches, and the categories alone before a search.
 * The server puts the results into the page. Not for search engines (`noindex`): one page per query.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useListQuery();
  const results = useSearchProducts(query);
  const field = useRef<HTMLInputElement>(null);

  // Before a search the field is what the shopper came for.
  useEffect(() => {
    if (!query.q) field.current?.focus();
  }, [query.q]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    const next = listQueryString({ q });
    void navigate(next ? `${paths.search}?${next}` : paths.search);
  }

  return (
    <>
      <PageTitle title={query.q ? t('search.titleFor', { q: query.q }) : t('search.title')} />
      <meta name="robots" content="noindex" />
      <PageHeading>{t('search.title')}</PageHeading>
      <form role="search" method="get" action={paths.search} onSubmit={search} className="mb-4 flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t('search.label')}
        </label>
        <input
          ref={field}
          id="search-q"
          name="q"
          type="search"
          key={query.q ?? ''}
          defaultValue={query.q ?? ''}
          maxLength={LIMITS.maxSearchLength}
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-base text-stone-900 focus-visible:outline-3 focus-visible:outline-rose-700"
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {query.q ? (
        <>
          <ListControls query={query} bestMatch />
          {results.isError ? (
            <QueryFailed alert retry={t('search.retry')} onRetry={() => void results.refetch()}>
              {serverMessage(results.error, t) ?? t('search.failed')}
            </QueryFailed>
          ) : (
            <>
              {results.data && results.data.length > 0 && (
                <p role="status" className="mb-3 text-sm text-stone-600">
                  {t('search.found', { count: results.data.length, q: query.q })}
                </p>
              )}
              <ProductGrid products={results.data} isLoading={results.isPending} prioritizeFirst />
            </>
          )}
          {results.data?.length === 0 && <Suggestions />}
        </>
      ) : (
        <Suggestions />
      )}
    </>
  );
}

/** The categories to look through, under their groups. */
function Suggestions() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="search-suggestions" className="mt-6">
      <h2 id="search-suggestions" className="mb-2 font-serif text-lg font-bold text-rose-950">
        {t('search.browse')}
      </h2>
      <CategoryMenu open />
    </section>
  );
}
