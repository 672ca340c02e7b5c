import type { QuoteBody, QuoteResponse } from '@thaiyal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/orders/quote` with the order as it would be placed → `{readyBy, neededBy, fits, total}`
 * (docs/product.md#dates-a-tailor-promises): the day the shop would promise it ready, placing
 * nothing. Keyed by the body, so a changed visit, line or function date asks again; never cached
 * long, as the shop's days fill while she looks.
 */
export function orderQuoteQuery(body: QuoteBody) {
  return queryOptions({
    queryKey: ['order-quote', body],
    queryFn: () => api<QuoteResponse>('/orders/quote', { method: 'POST', body }),
    staleTime: 30_000,
    retry: false,
  });
}
