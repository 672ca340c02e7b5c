import type { AdminOrderSort, OrderState, OrderStateCounts } from '@thaiyal/contract';
import { ORDER_STATES, ORDER_STATUSES } from '@thaiyal/contract/limits';
import { ADMIN_ORDER_SORTS } from '@thaiyal/contract/paging';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { useSearchParam } from '../../../lib/search-param';
import type { AdminOrderFilters } from '../api/admin-orders';

/** The states the OrderStatus tab shows unless told otherwise: the server's default, every state but cancelled. */
const DEFAULT_STATES: readonly OrderState[] = ORDER_STATUSES;

function sameStates(a: readonly OrderState[], b: readonly OrderState[]): boolean {
  return a.length === b.length && a.every((state, index) => state === b[index]);
}

/**
 * The states named by `?status=` (comma-separated, docs/product.md#lists-by-page), in the
 * contract's order: null when absent, unreadable or the default (the server's default is asked
 * by asking for none), an empty list for `?status=` (every chip released).
 */
function statesFromParam(param: string | null): readonly OrderState[] | null {
  if (param === null) return null;
  if (param === '') return [];
  const named = new Set(param.split(','));
  const states = ORDER_STATES.filter((state) => named.has(state));
  return states.length === 0 || sameStates(states, DEFAULT_STATES) ? null : states;
}

/** The sort named by `?sort=`: null when absent, unknown or the default (newest placed first). */
function sortFromParam(param: string | null): AdminOrderSort | null {
  const sort = ADMIN_ORDER_SORTS.find((one) => one === param);
  return sort === undefined || sort === 'placed' ? null : sort;
}

/** `?status=` for the chosen states: absent for the default, '' for none. */
function paramFromStates(states: readonly OrderState[]): string | null {
  return sameStates(states, DEFAULT_STATES) ? null : states.join(',');
}

/** The OrderStatus tab's filter and search as the address keeps them, and their setters. */
export interface OrderFilterState {
  /** What the list asks the server for. */
  filters: AdminOrderFilters;
  /** The states whose chips are pressed (the default's when `filters.status` is null); may be empty. */
  chosen: readonly OrderState[];
  /** Presses or releases one state's chip. */
  toggle: (state: OrderState) => void;
  /** Presses every chip, cancelled too. */
  chooseAll: () => void;
  /** Sends a search ('' clears it). */
  search: (q: string) => void;
  /** Sorts the list (the default, newest placed first, leaves `?sort=` out). */
  sortBy: (sort: AdminOrderSort) => void;
}

/**
 * The OrderStatus tab's filter, search and sort, kept in the address beside the tab
 * (`?tab=orderStatus&status=call,visited&q=98765&sort=readyBy`, docs/product.md#admin-dashboard) so a reload
 * or a shared link keeps them.
 */
export function useOrderFilters(): OrderFilterState {
  const [statusParam, setStatusParam] = useSearchParam('status');
  const [qParam, setQParam] = useSearchParam('q');
  const [sortParam, setSortParam] = useSearchParam('sort');
  const status = statesFromParam(statusParam);
  const chosen = status ?? DEFAULT_STATES;
  return {
    filters: { status, q: qParam ?? '', sort: sortFromParam(sortParam) },
    chosen,
    toggle: (state) => {
      const pressed = chosen.includes(state);
      setStatusParam(paramFromStates(ORDER_STATES.filter((one) => (one === state ? !pressed : chosen.includes(one)))));
    },
    chooseAll: () => setStatusParam(ORDER_STATES.join(',')),
    search: (q) => setQParam(q === '' ? null : q),
    sortBy: (sort) => setSortParam(sort === 'placed' ? null : sort),
  };
}

/**
 * The list's `Sort` select (docs/product.md#lists-by-page), with the filters: newest placed first
 * (the default), by ready-by date or by function date, soonest first.
 */
export function OrderSortSelect({ sort, onSort }: { sort: AdminOrderSort | null; onSort: (sort: AdminOrderSort) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="max-w-xs space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t('admin.orders.sortLabel')}
      </label>
      <Select id={id} value={sort ?? 'placed'} onChange={(event) => onSort(event.target.value as AdminOrderSort)}>
        {ADMIN_ORDER_SORTS.map((one) => (
          <option key={one} value={one}>
            {t(`admin.orders.sort.${one}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * The status chips (docs/product.md#lists-by-page): one per state, Call, Visited, Designed,
 * Delivered and Cancelled, each a toggle showing how many orders it holds under the search
 * (`Call (12)`, `…` until the first answer); pressed ones are listed. By default every state but
 * cancelled is pressed, as the server lists them.
 */
export function OrderStatusChips({
  chosen,
  counts,
  onToggle,
}: {
  chosen: readonly OrderState[];
  counts: OrderStateCounts | undefined;
  onToggle: (state: OrderState) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('admin.orders.filterLabel')} className="flex flex-wrap gap-2">
      {ORDER_STATES.map((state) => {
        const pressed = chosen.includes(state);
        return (
          <button
            key={state}
            type="button"
            aria-pressed={pressed}
            onClick={() => onToggle(state)}
            className={`min-h-10 rounded-full px-4 py-1.5 text-sm font-medium ring-1 focus-visible:outline-3 focus-visible:outline-rose-700/40 ${
              pressed ? 'bg-rose-800 text-white ring-rose-800' : 'bg-white text-stone-800 ring-stone-300 hover:bg-rose-50'
            }`}
          >
            {t(`admin.orders.filter.${state}`, { n: counts?.[state] ?? '…' })}
          </button>
        );
      })}
    </div>
  );
}
