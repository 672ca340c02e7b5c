import type { AdminOrder, AdminOrderListResponse, OrderStateCounts } from '@thaiyal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { allRows, mapPages, type Pages } from '../../../lib/paged';
import { adminKeys } from './keys';

type OrderPages = Pages<AdminOrderListResponse>;

/** `counts` with one order moved from `from` to `to` (or only taken from `from` when `to` is null), never below 0. */
function moveCount(counts: OrderStateCounts, from: AdminOrder['status'], to: AdminOrder['status'] | null): OrderStateCounts {
  const moved = { ...counts, [from]: Math.max(0, counts[from] - 1) };
  if (to !== null) moved[to] += 1;
  return moved;
}

/** `data` with `order` in place of the listed order of the same number, the counts moved when its state changed. */
function withOrder(data: OrderPages | undefined, order: AdminOrder): OrderPages | undefined {
  const listed = allRows(data, (page) => page.orders).find((one) => one.orderId === order.orderId);
  if (!listed) return data;
  return mapPages(data, (page) => ({
    ...page,
    orders: page.orders.map((one) => (one.orderId === order.orderId ? order : one)),
    counts: listed.status === order.status ? page.counts : moveCount(page.counts, listed.status, order.status),
  }));
}

/** `data` without the order `orderId`, its state's count one less. */
function withoutOrder(data: OrderPages | undefined, orderId: string): OrderPages | undefined {
  const listed = allRows(data, (page) => page.orders).find((one) => one.orderId === orderId);
  if (!listed) return data;
  return mapPages(data, (page) => ({
    ...page,
    orders: page.orders.filter((one) => one.orderId !== orderId),
    counts: moveCount(page.counts, listed.status, null),
  }));
}

/**
 * Puts the order the server answered (a status change, designed photos, final prices:
 * docs/product.md#lists-by-page) in place of the listed one in every loaded page of the
 * OrderStatus tab, and moves the chips' counts with its state: nothing else is fetched. The
 * counts are adjusted here rather than asked for again, and are exact for the list on screen: an
 * order listed there matches its search, before and after, whatever its state. An order that no
 * longer matches the status filter stays where it is until the list is loaded again, so the card
 * the owner just changed does not vanish under her finger.
 */
export function putAdminOrder(queryClient: QueryClient, order: AdminOrder): void {
  queryClient.setQueriesData<OrderPages>({ queryKey: adminKeys.orders }, (data) => withOrder(data, order));
}

/** Takes a deleted order out of its page in every loaded list of the OrderStatus tab, its state's count with it, without fetching the other pages. */
export function dropAdminOrder(queryClient: QueryClient, orderId: string): void {
  queryClient.setQueriesData<OrderPages>({ queryKey: adminKeys.orders }, (data) => withoutOrder(data, orderId));
}
