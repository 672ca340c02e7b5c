import {
  EVERY_PAGE_DATA,
  listQueryString,
  PAGES,
  withoutSearch,
  type ListQuery,
  type PageMatch,
  type PageRoute,
  type Product,
  type ProductCategory,
} from '@thaiyal/contract';
import { sortAndFilter, type CatalogSnapshot } from '../catalog/index.js';
import { catalogPage } from '../seo/index.js';

/**
 * The API answers a page carries (docs/architecture.md#rendering): the server renders the page
 * from them and puts them into it, so the browser asks for none of them again. Each is the
 * JSON body the API sends, keyed by API path without `/api`.
 */

/**
 * The snapshot's serialized answer (catalog.service.ts `CatalogSnapshot.bodies`) of each fixed
 * API path a page may carry. Not the whole catalog (`/product`): no page draws all of it, and a
 * page carries only what it draws (docs/performance.md#what-a-page-carries).
 */
const FIXED_ANSWERS: Readonly<Record<string, string>> = {
  '/banner': 'banners',
  '/product/tiles': 'tiles',
  '/product/featured': 'featured',
  '/product/recommend': 'recommend',
};

/**
 * The catalog's answer to `GET /api{apiPath}` as the catalog routes send it, or undefined when
 * it has none (an unknown category or product, or a path no page carries). A visitor's
 * `/product/recommend`.
 */
function catalogAnswer(snapshot: CatalogSnapshot, apiPath: string): string | undefined {
  const key =
    FIXED_ANSWERS[apiPath] ??
    (apiPath.startsWith('/product/category/')
      ? `category:${apiPath.slice('/product/category/'.length)}`
      : apiPath.startsWith('/product/')
        ? `product:${apiPath.slice('/product/'.length)}`
        : undefined);
  return key === undefined ? undefined : snapshot.bodies.get(key)?.body;
}

/** What the server knows of a product page's product: its answer, or `{product: null}` when the catalog has none. */
const NO_PRODUCT = '{"product":null}';
/** A product the shop has hidden: its page says it is not available (docs/product.md#hidden-products). */
const HIDDEN_PRODUCT = '{"product":null,"unavailable":true}';

/**
 * The API answers the page `match` is drawn from (its `data` in the contract's page table, and
 * every page's `everyPage` answers), by API path without `/api`, each the JSON body the API
 * sends. A product page's `:category` is the product's own; an unknown product is
 * `{product: null}` (its page says 'Product not found' at once), a hidden one
 * `{product: null, unavailable: true}`; an unknown category carries nothing.
 * @param everyPage answers of {@link EVERY_PAGE_DATA}, by API path.
 */
function pageAnswers(snapshot: CatalogSnapshot, match: PageMatch, everyPage: Readonly<Record<string, string>>): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const apiPath of EVERY_PAGE_DATA) {
    const body = everyPage[apiPath];
    if (body !== undefined) answers[apiPath] = body;
  }
  const page = PAGES[match.id] as PageRoute;
  if (!page.data) return answers;
  const params = { ...match.params };
  if (match.id === 'product') {
    const product = snapshot.byId.get(params.viewID ?? '');
    if (!product) {
      const hidden = snapshot.adminById.has(params.viewID ?? '');
      return { ...answers, [`/product/${params.viewID ?? ''}`]: hidden ? HIDDEN_PRODUCT : NO_PRODUCT };
    }
    params.category = product.category;
  }
  // A category the catalog does not know is no catalog page (seo `catalogPage`).
  if (match.id === 'category' && catalogPage(snapshot, match) === undefined) return answers;
  for (const pattern of page.data) {
    const apiPath = pattern.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');
    const body = catalogAnswer(snapshot, apiPath);
    if (body !== undefined) answers[apiPath] = body;
  }
  return answers;
}

/** Whether `query` asks for a sort or a price range (the list is then not the cached one). */
export function narrowsList(query: ListQuery): boolean {
  return query.sort !== undefined || query.min !== undefined || query.max !== undefined;
}

/** The products a search finds (catalog/search.service.ts `searchProducts`, on the server's database). */
export type SearchProducts = (snapshot: CatalogSnapshot, query: ListQuery & { q: string }) => Promise<Product[]>;

/**
 * The answers of a list page whose address carries a sort, a price range or a search
 * (docs/product.md#category-listing, #search), put into `data` under the API path with its query
 * string (contract `listQueryString`), as the web app asks for it: a category's or the featured
 * list sorted and narrowed in place of the plain one; the search page's results from `search`.
 * A search that fails leaves the page without its answer (the browser asks the API).
 */
async function listAnswers(
  snapshot: CatalogSnapshot,
  match: PageMatch,
  query: ListQuery,
  data: Record<string, string>,
  search: SearchProducts | undefined,
): Promise<void> {
  if (match.id === 'search') {
    if (!query.q || !search) return;
    const products = await search(snapshot, { ...query, q: query.q }).catch(() => undefined);
    if (products) data[`/product/search?${listQueryString(query)}`] = JSON.stringify({ products });
    return;
  }
  if (!narrowsList(query)) return;
  const base =
    match.id === 'featured'
      ? '/product/featured'
      : match.id === 'category'
        ? `/product/category/${match.params.category ?? ''}`
        : undefined;
  // The page carries the plain list only for a category the catalog knows (pageAnswers).
  if (base === undefined || data[base] === undefined) return;
  // The snapshot's own list, as GET /product/category/:c and /product/featured sort it.
  const list = match.id === 'featured' ? snapshot.featured : (snapshot.byCategory.get(match.params.category as ProductCategory) ?? []);
  delete data[base];
  data[`${base}?${listQueryString(withoutSearch(query))}`] = JSON.stringify({ products: sortAndFilter(list, query) });
}

/** Where the answers of {@link pageData} come from besides the catalog. */
export interface AnswerSources {
  /** Answers of {@link EVERY_PAGE_DATA} (API path → JSON body), e.g. `/shop-info` for the footer. */
  everyPage: Readonly<Record<string, string>>;
  /** The search behind the search page's answer; without it the search page carries none and the browser asks the API. */
  search?: SearchProducts | undefined;
  /**
   * Answers of this page read at this request, not from the catalog (page-renderer.ts
   * `liveAnswers`: home's `/shop/trust`), by API path → JSON body; put in as they are.
   */
  live?: Readonly<Record<string, string>> | undefined;
}

/**
 * Every API answer the page at `match`, asked for with `query` (contract `readListQuery` of its
 * address), carries: {@link pageAnswers}, with a list's sorted or narrowed answer in place of
 * the plain one, and the search page's results (docs/architecture.md#rendering).
 * @returns answers by API path without `/api` (with its query string for a narrowed list or a search), each a JSON body.
 */
export async function pageData(
  snapshot: CatalogSnapshot,
  match: PageMatch,
  query: ListQuery,
  sources: AnswerSources,
): Promise<Record<string, string>> {
  const data = { ...pageAnswers(snapshot, match, sources.everyPage), ...sources.live };
  await listAnswers(snapshot, match, query, data, sources.search);
  return data;
}
