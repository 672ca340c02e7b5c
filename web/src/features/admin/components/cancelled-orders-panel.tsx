import type { CancelledOrder } from '@thaiyal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ListSearch } from '../../../components/ui/list-search';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { allRows } from '../../../lib/paged';
import { useSearchParam } from '../../../lib/search-param';
import { useCancelledOrders } from '../api/cancelled-orders';
import { useDeleteCancelledOrder } from '../api/delete-cancelled-order';
import { TrashIcon } from '../../../components/ui/icons';
import { formatDateTime } from './admin-text';
import { ConfirmDelete } from './confirm-delete';
import { Thumb } from './thumb';

/**
 * The CancelOrders tab (docs/product.md#admin-dashboard): a card per cancelled order with the
 * username, the products' pictures and names, phone, reason, cancelled-on date and Delete
 * (success 'Order deleted successfully', failure 'Failed to delete order': docs/product.md#messages).
 * 'No Cancelled Orders' when there are none. The records come a page at a time, newest first,
 * the next as the owner scrolls to the end or presses `Load more`; the search box (kept in the
 * address as `?q=`) finds a record by order number, name or phone (docs/product.md#lists-by-page).
 */
export function CancelledOrdersPanel() {
  const { t } = useTranslation();
  const [q, setQ] = useSearchParam('q');
  const search = q ?? '';
  const records = useCancelledOrders(search);
  // The mutation lives here, not in the card: a deleted card unmounts before its toast.
  const remove = useDeleteCancelledOrder();
  const [deleting, setDeleting] = useState<CancelledOrder | null>(null);

  return (
    <section aria-labelledby="admin-cancelled-heading" className="space-y-4">
      <h2 id="admin-cancelled-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.cancelled.heading')}
      </h2>
      <ListSearch
        label={t('admin.cancelled.searchLabel')}
        hint={t('admin.cancelled.searchHint')}
        value={search}
        onSearch={(text) => setQ(text === '' ? null : text)}
      />
      <QueryState
        query={records}
        failed={t('admin.loadFailed')}
        retry={t('admin.retry')}
        empty={search === '' ? t('admin.cancelled.empty') : t('paging.noMatch', { q: search })}
        isEmpty={(data) => data.pages.every((page) => page.cancelledOrders.length === 0)}
      >
        {(data) => {
          const list = allRows(data, (page) => page.cancelledOrders);
          return (
            <>
              <ul
                className={`grid gap-4 md:grid-cols-2 ${records.isPlaceholderData ? 'opacity-60' : ''}`}
                aria-busy={records.isPlaceholderData || undefined}
              >
                {list.map((record) => (
                  <li key={record._id}>
                    <CancelledCard record={record} onDelete={() => setDeleting(record)} />
                  </li>
                ))}
              </ul>
              {!records.isPlaceholderData && <LoadMore query={records} shown={list.length} />}
            </>
          );
        }}
      </QueryState>
      <ConfirmDelete
        item={deleting}
        mutation={remove}
        idOf={(record) => record._id}
        describe={(record) => t('admin.cancelled.deleteBody', { id: record.orderId })}
        deleted={() => t('admin.cancelled.deleted')}
        failed={() => t('admin.cancelled.deleteFailed')}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/** One cancelled order's card; Delete asks the panel to confirm. */
function CancelledCard({ record, onDelete }: { record: CancelledOrder; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();

  return (
    <article
      aria-labelledby={headingId}
      className="user-text flex h-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10"
    >
      <div>
        <h3 id={headingId} className="font-semibold text-rose-950">
          {record.username}
        </h3>
        <p className="text-sm text-stone-600">{t('admin.cancelled.order', { id: record.orderId })}</p>
      </div>
      <ul className="flex flex-wrap gap-3">
        {record.productInfo.map((product, index) => (
          <li key={`${product.name}-${index}`} className="w-20 text-center text-xs text-stone-700">
            <Thumb url={product.image} alt="" className="mb-1 w-full" />
            {product.name}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('admin.cancelled.phone')}</dt>
        <dd className="text-stone-900">{record.phoneNumber}</dd>
        <dt className="text-stone-600">{t('admin.cancelled.reason')}</dt>
        <dd className="text-stone-900 whitespace-pre-line">{record.reason}</dd>
        <dt className="text-stone-600">{t('admin.cancelled.cancelledOn')}</dt>
        <dd className="text-stone-900">{formatDateTime(record.createdAt, i18n.resolvedLanguage)}</dd>
      </dl>
      <div className="mt-auto">
        <Button
          variant="secondary"
          onClick={onDelete}
          aria-label={t('admin.cancelled.deleteNamed', { id: record.orderId, name: record.username })}
          className="px-4! py-2!"
        >
          <TrashIcon width={18} height={18} />
          {t('admin.cancelled.delete')}
        </Button>
      </div>
    </article>
  );
}
