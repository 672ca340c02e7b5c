import type { Product } from '@thaiyal/contract';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ui/list-search';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { allRows } from '../../../lib/paged';
import { useSearchParam } from '../../../lib/search-param';
import { formatRupees } from '../../../lib/text';
import { productName } from '../../../lib/product-text';
import { useAdminProducts } from '../api/admin-products';
import { useDeleteProduct } from '../api/delete-product';
import { useToggleFeatured } from '../api/toggle-featured';
import { PencilIcon, TrashIcon } from '../../../components/ui/icons';
import { serverMessageOr } from './admin-text';
import { ConfirmDelete } from './confirm-delete';
import { EditProductDialog } from './edit-product-dialog';
import { Thumb } from './thumb';

/**
 * The Products tab (docs/product.md#admin-dashboard): a card per product with its first
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
  const { t, i18n } = useTranslation();
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
        describe={(product) => t('admin.products.deleteBody', { name: productName(product, i18n.language) })}
        deleted={(product) => t('admin.products.deleted', { name: productName(product, i18n.language) })}
        failed={(error) => serverMessageOr(error, t('admin.products.deleteFailed'), t)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/**
 * The loaded products as a list of cards (one column on a phone, more on wider screens: no
 * table to scroll sideways), under a count the owner reads: `All products (92)` once every page
 * is loaded, else `The newest 30 products`; the count names the list for screen readers too.
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
  const countId = useId();
  return (
    <div className={`space-y-3 ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
      <p id={countId} className="text-sm font-semibold text-stone-700" data-testid="admin-products-count">
        {complete ? t('admin.products.caption', { count: list.length }) : t('admin.products.captionNewest', { count: list.length })}
      </p>
      <ul aria-labelledby={countId} className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {list.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} onToggle={onToggle} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One product's card: its picture, name (its heading, marked `Hidden` when hidden), ₹ price and
 * category, then a bar with the Featured switch and Edit and Delete, each at least 44 px.
 */
function ProductCard({
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
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const name = productName(product, i18n.language);
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-rose-900/10"
      data-testid="admin-product"
    >
      <div className="flex min-w-0 gap-3">
        <Thumb url={product.images[0]} alt="" className="w-20 shrink-0" />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={headingId} className="font-semibold wrap-break-word text-rose-950">
            {name}
          </h3>
          {product.hidden && (
            <span className="inline-block rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
              {t('admin.edit.hiddenBadge')}
            </span>
          )}
          <p className="font-semibold text-rose-900">{formatRupees(product.price)}</p>
          <p className="text-sm wrap-break-word text-stone-600">{t(`categories.${product.category}`)}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-2">
        {/* A label, so a tap on the word flips the switch too. */}
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-700">
          <FeaturedSwitch
            checked={product.isFeatured}
            label={t('admin.products.featuredToggle', { name })}
            onToggle={() => onToggle(product)}
          />
          <span aria-hidden="true">{t('admin.products.featured')}</span>
        </label>
        <span className="flex gap-1">
          <button type="button" className={cardAction} aria-label={t('admin.edit.open', { name })} onClick={() => onEdit(product)}>
            <PencilIcon />
            <span aria-hidden="true">{t('admin.products.edit')}</span>
          </button>
          <button
            type="button"
            className={`${cardAction} text-red-800 hover:bg-red-50`}
            aria-label={t('admin.products.delete', { name })}
            onClick={() => onDelete(product)}
          >
            <TrashIcon />
            <span aria-hidden="true">{t('admin.products.deleteShort')}</span>
          </button>
        </span>
      </div>
    </article>
  );
}

/** A card's Edit or Delete: an icon and a word, 44 px high. */
const cardAction =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-rose-900 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700 disabled:opacity-50';

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
