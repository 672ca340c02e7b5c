/** Class names of the dashboard's tables: header and body cells. */
export const tableClass = {
  wrap: 'overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-rose-900/10 focus-visible:outline-3 focus-visible:outline-rose-700',
  table: 'w-full text-left text-sm',
  th: 'border-b border-rose-900/10 bg-rose-50 px-2 py-2.5 text-xs font-semibold text-rose-950 sm:px-3 sm:text-sm',
  td: 'border-b border-stone-100 px-2 py-2 align-middle text-stone-800 sm:px-3',
  /** A column that phones do without (its value is shown in the first cell instead). */
  wide: 'hidden sm:table-cell',
  iconButton:
    'inline-grid size-10 place-items-center rounded-full text-red-800 hover:bg-red-50 focus-visible:outline-3 focus-visible:outline-rose-700 disabled:opacity-50',
} as const;
