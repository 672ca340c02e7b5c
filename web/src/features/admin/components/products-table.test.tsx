import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { makeProduct } from '../../../test/render';
import { CatalogSyncContext } from '../api/catalog-sync';
import { mockApi } from '../../../test/mock-api';
import { renderForAdmin } from '../test/admin-fixtures';
import { ProductsTable } from './products-table';

const product = makeProduct({ name: 'Kanchi Silk Saree Blouse', price: 1250, isFeatured: false });

describe('ProductsTable (docs/product.md#admin-dashboard Products tab, docs/product.md#states-and-transitions Featured toggle, docs/product.md#messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each product as a card with its first picture, name, ₹ price, category, featured switch, edit and delete, and no table to scroll sideways', async () => {
    mockApi({ 'GET /product/admin': () => ({ status: 200, body: { products: [product], nextCursor: null } }) });
    renderForAdmin(<ProductsTable />);
    const row = await screen.findByRole('article', { name: 'Kanchi Silk Saree Blouse' });
    expect(within(row).getByRole('heading', { level: 3 }).textContent).toBe('Kanchi Silk Saree Blouse');
    expect(screen.getByRole('list', { name: 'All products (1)' }).contains(row)).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Edit Kanchi Silk Saree Blouse' }).textContent).toBe('Edit');
    expect(within(row).getByText('₹1,250')).toBeTruthy();
    expect(within(row).getAllByText('Saree Blouse').length).toBeGreaterThan(0);
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/uploads/p/ab12-320.webp');
    expect(within(row).getByRole('switch', { name: 'Featured: Kanchi Silk Saree Blouse' }).getAttribute('aria-checked')).toBe('false');
    expect(within(row).getByRole('button', { name: 'Delete Kanchi Silk Saree Blouse' })).toBeTruthy();
  });

  it("shows 'Failed to fetch products' when the list does not load", async () => {
    mockApi({ 'GET /product/admin': () => ({ status: 500, body: { message: 'Internal Server Error', code: 'internal' } }) });
    renderForAdmin(<ProductsTable />);
    expect((await screen.findAllByText('Failed to fetch products')).length).toBeGreaterThan(0);
  });

  it('flips featured with PUT /api/product/:id and reports the change so the featured list reloads', async () => {
    const calls = mockApi({
      'GET /product/admin': () => ({ status: 200, body: { products: [product], nextCursor: null } }),
      [`PUT /product/${product._id}`]: () => ({ status: 200, body: { product: { ...product, isFeatured: true } } }),
    });
    const catalogChanged = vi.fn();
    renderForAdmin(
      <CatalogSyncContext value={catalogChanged}>
        <ProductsTable />
      </CatalogSyncContext>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Featured: Kanchi Silk Saree Blouse' });
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(catalogChanged).toHaveBeenCalledWith('products'));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'PUT', path: `/product/${product._id}` }));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it("flips back and shows the server's message, or 'Failed to update product', when the toggle fails", async () => {
    let answer: { status: number; body: unknown } = { status: 404, body: { message: 'Product not found', code: 'not_found' } };
    mockApi({
      'GET /product/admin': () => ({ status: 200, body: { products: [product], nextCursor: null } }),
      [`PUT /product/${product._id}`]: () => answer,
    });
    renderForAdmin(<ProductsTable />);
    const toggle = await screen.findByRole('switch', { name: 'Featured: Kanchi Silk Saree Blouse' });
    fireEvent.click(toggle);
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    answer = { status: 502, body: {} };
    fireEvent.click(toggle);
    expect(await screen.findByText('Failed to update product')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('deletes only after Yes in the confirmation, and says so when deleting fails', async () => {
    let answer: { status: number; body: unknown } = { status: 500, body: { message: 'Internal Server Error', code: 'internal' } };
    const calls = mockApi({
      'GET /product/admin': () => ({ status: 200, body: { products: [product], nextCursor: null } }),
      [`DELETE /product/${product._id}`]: () => answer,
    });
    renderForAdmin(<ProductsTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Kanchi Silk Saree Blouse' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Deletion?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).not.toContainEqual(expect.objectContaining({ method: 'DELETE' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Kanchi Silk Saree Blouse' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to delete product')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Kanchi Silk Saree Blouse' })).toBeTruthy();

    answer = { status: 200, body: { message: 'Product deleted' } };
    fireEvent.click(screen.getByRole('button', { name: 'Delete Kanchi Silk Saree Blouse' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Product deleted: Kanchi Silk Saree Blouse')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Kanchi Silk Saree Blouse' })).toBeNull());
    expect(screen.getByText('No products found')).toBeTruthy();
  });

  it('loads the next page with Load more, flips Featured on page 2 alone, and finds a product by its Tamil name (docs/product.md#lists-by-page)', async () => {
    const older = makeProduct({ _id: '0b7c6a52-3f0e-4a8e-9a53-2f4f3c1d9e11', name: 'Cotton Nighty', isFeatured: false });
    const calls = mockApi({
      'GET /product/admin': () => ({ status: 200, body: { products: [product], nextCursor: 'p2' } }),
      'GET /product/admin?cursor=p2': () => ({ status: 200, body: { products: [older], nextCursor: null } }),
      [`PUT /product/${older._id}`]: () => ({ status: 200, body: { product: { ...older, isFeatured: true } } }),
      'GET /product/admin?q=%E0%AE%95%E0%AE%BE%E0%AE%9E%E0%AF%8D%E0%AE%9A%E0%AE%BF': () => ({
        status: 200,
        body: { products: [product], nextCursor: null },
      }),
    });
    renderForAdmin(<ProductsTable />);
    await screen.findByRole('article', { name: 'Kanchi Silk Saree Blouse' });
    expect(screen.getByTestId('admin-products-count').textContent).toBe('The newest 1 products');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const toggle = await screen.findByRole('switch', { name: 'Featured: Cotton Nighty' });
    expect(screen.getByTestId('admin-products-count').textContent).toBe('All products (2)');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByRole('switch', { name: 'Featured: Kanchi Silk Saree Blouse' }).getAttribute('aria-checked')).toBe('false');

    const search = screen.getByRole('search', { name: 'Find a product' });
    fireEvent.change(within(search).getByRole('searchbox'), { target: { value: 'காஞ்சி' } });
    fireEvent.submit(search);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cotton Nighty' })).toBeNull());
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(3);
  });
});

describe('ProductsTable in Tamil (docs/product.md#languages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names each card by its Tamil name on a Tamil dashboard, and by the English one where the shop wrote no Tamil', async () => {
    const untranslated = makeProduct({ _id: 'p-2', name: 'Cotton Night Gown', nameTa: '' });
    mockApi({
      'GET /product/admin': () => ({
        status: 200,
        body: { products: [{ ...product, nameTa: 'காஞ்சி பட்டு ரவிக்கை' }, untranslated], nextCursor: null },
      }),
    });
    await initI18n('ta');
    try {
      renderForAdmin(<ProductsTable />);
      const card = await screen.findByRole('article', { name: 'காஞ்சி பட்டு ரவிக்கை' });
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('காஞ்சி பட்டு ரவிக்கை');
      expect(screen.getByRole('article', { name: 'Cotton Night Gown' })).toBeTruthy();
    } finally {
      await initI18n('en');
    }
  });
});
