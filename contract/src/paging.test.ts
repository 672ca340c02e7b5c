import { describe, expect, it } from 'vitest';
import { ORDER_STATES } from './limits.js';
import {
  ADMIN_ORDER_SORTS,
  AdminOrderListQuerySchema,
  MyOrderListQuerySchema,
  PAGE_LIMITS,
  PAGING_MESSAGES,
  SearchPageQuerySchema,
} from './paging.js';

/** The first issue's message of a refused query. */
function refusal(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error!.issues[0]!.message;
}

describe('list queries by page (docs/product.md#lists-by-page)', () => {
  it('without parameters asks for the first page of the default size', () => {
    expect(AdminOrderListQuerySchema.parse({})).toEqual({ limit: PAGE_LIMITS.defaultPageSize });
    expect(SearchPageQuerySchema.parse({})).toEqual({ limit: PAGE_LIMITS.defaultPageSize });
  });

  it('reads the query string as the server receives it', () => {
    expect(
      AdminOrderListQuerySchema.parse({
        limit: '50',
        cursor: 'abc_-9',
        status: 'call, visited,call',
        from: '2026-11-01',
        to: '2026-11-30',
        q: '  98430 ',
      }),
    ).toEqual({ limit: 50, cursor: 'abc_-9', status: ['call', 'visited'], from: '2026-11-01', to: '2026-11-30', q: '98430' });
    expect(MyOrderListQuerySchema.parse({ status: 'cancelled' })).toEqual({ limit: PAGE_LIMITS.defaultPageSize, status: ['cancelled'] });
    expect(SearchPageQuerySchema.parse({ q: '   ' })).toEqual({ limit: PAGE_LIMITS.defaultPageSize, q: undefined });
  });

  it('sorts by placing time unless asked for a date sort', () => {
    expect(AdminOrderListQuerySchema.parse({}).sort).toBeUndefined();
    for (const sort of ADMIN_ORDER_SORTS) expect(AdminOrderListQuerySchema.parse({ sort }).sort).toBe(sort);
  });

  it('takes every order state as a filter', () => {
    expect(AdminOrderListQuerySchema.parse({ status: ORDER_STATES.join(',') }).status).toEqual([...ORDER_STATES]);
  });

  it.each([
    [{ limit: '0' }, PAGING_MESSAGES.badLimit],
    [{ limit: '101' }, PAGING_MESSAGES.badLimit],
    [{ limit: '2.5' }, PAGING_MESSAGES.badLimit],
    [{ limit: 'ten' }, PAGING_MESSAGES.badLimit],
    [{ cursor: 'not a cursor' }, PAGING_MESSAGES.badCursor],
    [{ cursor: '' }, PAGING_MESSAGES.badCursor],
    [{ cursor: 'a'.repeat(PAGE_LIMITS.maxCursorLength + 1) }, PAGING_MESSAGES.badCursor],
    [{ status: 'shipped' }, PAGING_MESSAGES.badStatus],
    [{ status: 'call,' }, PAGING_MESSAGES.badStatus],
    [{ from: '2026-02-30' }, PAGING_MESSAGES.badDate],
    [{ to: '30/11/2026' }, PAGING_MESSAGES.badDate],
    [{ from: '2026-11-30', to: '2026-11-01' }, PAGING_MESSAGES.badRange],
    [{ q: 'x'.repeat(PAGE_LIMITS.maxSearchLength + 1) }, PAGING_MESSAGES.searchTooLong],
    [{ sort: 'price' }, PAGING_MESSAGES.badSort],
    [{ sort: '' }, PAGING_MESSAGES.badSort],
  ])('refuses %o with its message', (query, message) => {
    const result = AdminOrderListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(refusal(result)).toBe(message);
  });

  it('refuses a parameter it does not know', () => {
    expect(SearchPageQuerySchema.safeParse({ page: '2' }).success).toBe(false);
    expect(MyOrderListQuerySchema.safeParse({ q: 'x' }).success).toBe(false);
  });
});
