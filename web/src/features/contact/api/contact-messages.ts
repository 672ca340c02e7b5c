import type { ContactListResponse } from '@thaiyal/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIRST_PAGE, listPath, nextPageParam } from '../../../lib/paged';
import { ADMIN_KEY } from '../../../lib/query-keys';

/**
 * `GET /api/contact?q=&cursor=` (admins only) → one page of the contact messages, newest first,
 * and the next page's cursor; `q` finds a message by the sender's name, e-mail or phone, or its
 * words (docs/product.md#lists-by-page). @throws ApiError (401, 403, 400 a bad cursor).
 */
export async function fetchContactMessagesPage(q: string, cursor: string | undefined, signal?: AbortSignal): Promise<ContactListResponse> {
  return api<ContactListResponse>(listPath('/contact', { q, cursor }), { signal });
}

/** Query options of the admin's contact messages under search `q` ('' for none): refetched whenever the list is shown again, from its first page. */
export function contactMessagesQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'contact-messages', { q }],
    queryFn: ({ pageParam, signal }) => fetchContactMessagesPage(q, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The contact messages a page at a time (the admin dashboard's Messages tab); the list before a new search stays while it loads. */
export function useContactMessages(q: string) {
  return useInfiniteQuery({ ...contactMessagesQuery(q), placeholderData: keepPreviousData });
}
