import type { Product } from '@thaiyal/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ui/list-search';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { allRows } from '../../../lib/paged';
import { useSearchParam } from '../../../lib/search-param';
import { formatRupees } from '../../../lib/text';
import { useAdminProducts } from '../api/admin-products';
import { useDeleteProduct } from '../api/delete-product';
import { useToggleFeatured } from '../api/toggle-featured';
import { PencilIcon, TrashIcon } from '../../../components/ui/icons';
import { serverMessageOr } from './admin-text';
import { ConfirmDelete } from './confirm-delete';
import { EditProductDialog } from './edit-product-dialog';
import { tableClass } from './table-class';
import { Thumb } from './thumb';

/**
 * The Products tab (docs/product.md#admin-dashboard): a table of every product with its first
 * picture and name, price in rupees (docs/architecture.md#http-api: the rupee sign everywhere), category, a
 * Featured switch (`PUT /api/product/:id`; flips at once, then the featured list reloads;
 * failure: the server's message or 'Failed to update product') and delete after a
 * confirmation (failure: the server's message or 'Failed to delete product'), and Edit, which
 * opens the product editor ({@link EditProductDialog}). Hidden products are listed, marked
 * 'Hidden' (docs/product.md#hidden-products). A failed load
 * shows 'Failed to fetch products' (docs/product.md#messages). The products come a page at a
 * time, newest first, the next as the owner scrolls to the end or presses `Load more`; the
 * search box (`?q=` in the address) finds one by its name in English or Tamil
 * (docs/product.md#lists-by-page).
 */
export function ProductsTable() {
  const { t } = useTranslation();
  const [q, setQ] = useSearchParam('q');
  const search = q ?? '';
  const products = useAdminProducts(search);
  const toggle = useToggleFeatured();
  const remove = useDeleteProduct();
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [editing, setEditing] = useState<Product | null>(null);

  useEffect(() => {
    // A next page's failure is said by Load more, under the rows already shown.
    if (products.isError && !products.isFetchNextPageError) toast.error(t('admin.products.fetchFailed'), { id: 'admin-products-fetch' });
  }, [products.isError, products.isFetchNextPageError, t]);

  const onToggle = (product: Product) =>
    toggle.mutate(product._id, {
      onError: (error) => toast.error(serverMessageOr(error, t('admin.products.updateFailed'), t)),
    });

  return (
    <section aria-labelledby="admin-products-heading" className="space-y-4">
      <h2 id="admin-products-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.products.heading')}
      </h2>
      <ListSearch
        label={t('admin.products.searchLabel')}
        hint={t('admin.products.searchHint')}
        value={search}
        onSearch={(text) => setQ(text === '' ? null : text)}
      />
      <QueryState
        query={products}
        failed={t('admin.products.fetchFailed')}
        retry={t('admin.retry')}
        empty={search === '' ? t('common.noProducts') : t('paging.noMatch', { q: search })}
        isEmpty={(data) => data.pages.every((page) => page.products.length === 0)}
      >
        {(data) => {
          const list = allRows(data, (page) => page.products);
          return (
            <>
              <ProductRows
                list={list}
                complete={!products.hasNextPage}
                busy={products.isPlaceholderData}
                onToggle={onToggle}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
              {!products.isPlaceholderData && <LoadMore query={products} shown={list.length} />}
            </>
          );
        }}
      </QueryState>
      {editing && <EditProductDialog product={editing} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        item={deleting}
        mutation={remove}
        idOf={(product) => product._id}
        describe={(product) => t('admin.products.deleteBody', { name: product.name })}
        deleted={(product) => t('admin.products.deleted', { name: product.name })}
        failed={(error) => serverMessageOr(error, t('admin.products.deleteFailed'), t)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/**
 * The table of the loaded products: `All products (92)` once every page is loaded, else
 * `The newest 30 products` as its caption (read by screen readers).
 */
function ProductRows({
  list,
  complete,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  list: Product[];
  complete: boolean;
  busy: boolean;
  onToggle: (product: Product) => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`${tableClass.wrap} ${busy ? 'opacity-60' : ''}`}
      aria-busy={busy || undefined}
      tabIndex={0}
      role="region"
      aria-label={t('admin.products.heading')}
    >
      <table className={tableClass.table}>
        <caption className="sr-only">
          {complete ? t('admin.products.caption', { count: list.length }) : t('admin.products.captionNewest', { count: list.length })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={tableClass.th}>
              {t('admin.products.product')}
            </th>
            <th scope="col" className={tableClass.th}>
              {t('admin.products.price')}
            </th>
            <th scope="col" className={`${tableClass.th} ${tableClass.wide}`}>
              {t('admin.products.category')}
            </th>
            <th scope="col" className={tableClass.th}>
              {t('admin.products.featured')}
            </th>
            <th scope="col" className={tableClass.th}>
              {t('admin.products.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((product) => (
            <ProductRow key={product._id} product={product} onToggle={onToggle} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One product's row: picture and name (marked `Hidden` when hidden), price, category, the Featured switch, Edit and Delete. */
function ProductRow({
  product,
  onToggle,
  onEdit,
  onDelete,
}: {
  product: Product;
  onToggle: (product: Product) => void;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" className={`${tableClass.td} font-medium`}>
        <span className="flex items-center gap-2 sm:gap-3">
          <Thumb url={product.images[0]} alt="" className="w-10 shrink-0 sm:w-12" />
          <span>
            {product.name}
            {product.hidden && (
              <span className="ml-2 inline-block rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
                {t('admin.edit.hiddenBadge')}
              </span>
            )}
            <span className="block text-xs font-normal text-stone-600 sm:hidden">{t(`categories.${product.category}`)}</span>
          </span>
        </span>
      </th>
      <td className={`${tableClass.td} whitespace-nowrap`}>{formatRupees(product.price)}</td>
      <td className={`${tableClass.td} ${tableClass.wide}`}>{t(`categories.${product.category}`)}</td>
      <td className={tableClass.td}>
        <FeaturedSwitch
          checked={product.isFeatured}
          label={t('admin.products.featuredToggle', { name: product.name })}
          onToggle={() => onToggle(product)}
        />
      </td>
      <td className={`${tableClass.td} whitespace-nowrap`}>
        <button
          type="button"
          className={tableClass.iconButton}
          aria-label={t('admin.edit.open', { name: product.name })}
          onClick={() => onEdit(product)}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          className={tableClass.iconButton}
          aria-label={t('admin.products.delete', { name: product.name })}
          onClick={() => onDelete(product)}
        >
          <TrashIcon />
        </button>
      </td>
    </tr>
  );
}

/** An on/off switch (`role="switch"`) for a product's featured flag. */
function FeaturedSwitch({ checked, label, onToggle }: { checked: boolean; label: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      onClick={onToggle}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700 ${
        checked ? 'bg-rose-800' : 'bg-stone-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
      />
    </button>
  );
}
