import type { VisitDaysResponse } from '@thaiyal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * `GET /api/visit-slots?days=14` → today and the next 13 days with each slot's standing
 * (docs/product.md#home-visit-slot): the visit calendar the checkout's measuring visit and the
 * trial and delivery visits (docs/product.md#trial-and-delivery-visits) are booked in. Never
 * cached long: a slot fills as others order and book.
 */
export const visitSlotsQuery = queryOptions({
  queryKey: ['visit-slots'],
  queryFn: () => api<VisitDaysResponse>('/visit-slots?days=14'),
  staleTime: 0,
});
