import type { InfiniteData } from '@tanstack/react-query';

/**
 * Lists by page on the client (docs/product.md#lists-by-page): the lists that grow with the
 * shop's history come a page at a time, each answer carrying `nextCursor`, and are kept in
 * TanStack Query as infinite queries. What every such list shares lives here: the request's
 * path, the page parameter, and edits of one row across the loaded pages (a status change, a
 * delete), so a change never refetches the pages around it.
 */

/** The loaded pages of one list, as TanStack Query keeps them (each page's parameter is its cursor, none for the first). */
export type Pages<TPage> = InfiniteData<TPage, unknown>;

/** The page parameter of the first page: no cursor. */
export const FIRST_PAGE = undefined as string | undefined;

/**
 * The next page's parameter from a page's `nextCursor` (null or absent on the last page: no
 * next page, which TanStack Query reads from `undefined`).
 */
export function nextPageParam(page: { nextCursor?: string | null }): string | undefined {
  return page.nextCursor ?? undefined;
}

/** A query value kept readable in the address: commas between states stay commas. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/g, ',');
}

/**
 * `path` with the query parameters that have a value, in the order given:
 * `listPath('/orders/status', {status: 'call,visited', q: undefined, cursor: 'abc'})` →
 * `/orders/status?status=call,visited&cursor=abc`. A list asked with no parameter at all is
 * asked by its bare path, which answers its first page with the server's defaults.
 */
export function listPath(path: string, query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query)
    .filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== '')
    .map(([name, value]) => `${name}=${encodeValue(value)}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** Every page of `data` through `map` (undefined stays undefined: a list not loaded has nothing to edit). */
export function mapPages<TPage>(data: Pages<TPage> | undefined, map: (page: TPage, index: number) => TPage): Pages<TPage> | undefined {
  return data && { ...data, pages: data.pages.map(map) };
}

/** Every row of every loaded page, in order (newest first, as the server sent them). */
export function allRows<TPage, TRow>(data: Pages<TPage> | undefined, rowsOf: (page: TPage) => TRow[]): TRow[] {
  return data ? data.pages.flatMap(rowsOf) : [];
}
