import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../../test/render';
import { CatalogSyncContext } from '../api/catalog-sync';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { renderForAdmin } from '../test/admin-fixtures';
import { ProductsTable } from './products-table';

const product = makeProduct({ name: 'Kanchi Silk Saree Blouse', price: 1250, hidden: false });
const [FIRST, SECOND] = product.images as [string, string];

function picture(name: string): File {
  return new File([new Uint8Array(10)], name, { type: 'image/png' });
}

/** The Products tab with the product listed and its editor opened. */
async function openEditor(routes: Parameters<typeof mockApi>[0] = {}, listed: () => unknown = () => product) {
  const catalogChanged = vi.fn();
  const calls = mockApi({ 'GET /product/admin': () => ({ status: 200, body: { products: [listed()], nextCursor: null } }), ...routes });
  renderForAdmin(
    <CatalogSyncContext value={catalogChanged}>
      <ProductsTable />
    </CatalogSyncContext>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Kanchi Silk Saree Blouse' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Kanchi Silk Saree Blouse' });
  return { dialog, calls, catalogChanged };
}

function patchCall(calls: ApiCall[]): ApiCall {
  const call = calls.find((sent) => sent.method === 'PATCH');
  expect(call?.path).toBe(`/product/${product._id}`);
  return call!;
}

describe('EditProductDialog (docs/product.md#editing-a-product)', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the product in both languages and saves a new price as JSON, then the shop reloads', async () => {
    const saved = { ...product, price: 999, compareAtPrice: 1500, hidden: true };
    let stored = product;
    const { dialog, calls, catalogChanged } = await openEditor(
      {
        [`PATCH /product/${product._id}`]: () => {
          stored = saved;
          return { status: 200, body: { product: saved } };
        },
      },
      () => stored,
    );
    expect((within(dialog).getByLabelText('Product Name') as HTMLInputElement).value).toBe('Kanchi Silk Saree Blouse');
    expect((within(dialog).getByLabelText('Product name in Tamil (optional)') as HTMLInputElement).value).toBe(product.nameTa);
    expect((within(dialog).getByLabelText('Description in Tamil (optional)') as HTMLTextAreaElement).value).toBe(product.descriptionTa);
    fireEvent.input(within(dialog).getByLabelText('Price (₹)'), { target: { value: '999' } });
    fireEvent.input(within(dialog).getByLabelText('MRP (optional)'), { target: { value: '1500' } });
    fireEvent.click(within(dialog).getByLabelText(/Hidden from the shop/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(catalogChanged).toHaveBeenCalledWith('products'));
    expect(patchCall(calls).body).toMatchObject({
      price: 999,
      compareAtPrice: 1500,
      hidden: true,
      isFeatured: false,
      name: product.name,
    });
    expect(await screen.findByText('Saved: Kanchi Silk Saree Blouse')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Hidden')).toBeTruthy();
  });

  it('refuses an MRP not above the price before sending anything', async () => {
    const { dialog, calls } = await openEditor();
    fireEvent.input(within(dialog).getByLabelText('MRP (optional)'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The MRP must be above the price')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('adds, moves and removes pictures and sends them as multipart with their order', async () => {
    const { dialog, calls } = await openEditor({
      [`PATCH /product/${product._id}`]: () => ({ status: 200, body: { product } }),
    });
    const pictures = within(dialog).getByRole('heading', { name: 'Pictures (2 of 6)' });
    expect(pictures).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Add pictures'), { target: { files: [picture('new.png')] } });
    expect(within(dialog).getByRole('heading', { name: 'Pictures (3 of 6)' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Move picture 1 left' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move picture 3 left' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove picture 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const form = patchCall(calls).body as FormData;
    expect(form.getAll('imageOrder')).toEqual(['new:0', SECOND]);
    expect((form.getAll('images') as File[]).map((file) => file.name)).toEqual(['new.png']);
    expect(form.get('price')).toBe('1250');
    expect(form.get('hidden')).toBe('false');
    expect(form.getAll('imageOrder')).not.toContain(FIRST);
  });

  it('keeps at most 6 pictures and needs at least one', async () => {
    const { dialog, calls } = await openEditor();
    fireEvent.change(within(dialog).getByLabelText('Add pictures'), {
      target: { files: ['a', 'b', 'c', 'd', 'e'].map((name) => picture(`${name}.png`)) },
    });
    expect(within(dialog).getByRole('heading', { name: 'Pictures (6 of 6)' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('at most 6 pictures');
    expect(within(dialog).queryByLabelText('Add pictures')).toBeNull();
    for (let left = 6; left > 0; left--) fireEvent.click(within(dialog).getByRole('button', { name: 'Remove picture 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('A product needs at least one picture')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("shows the server's message and stays open when the edit is refused", async () => {
    const { dialog } = await openEditor({
      [`PATCH /product/${product._id}`]: () => ({
        status: 400,
        body: {
          message: 'The compare-at price (MRP) must be above the price',
          code: 'bad_request',
          reason: 'catalog.compareAtNotAbovePrice',
        },
      }),
    });
    fireEvent.input(within(dialog).getByLabelText('Price (₹)'), { target: { value: '900' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Failed to save the product\. .*above the price/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
