import type { Banner } from '@thaiyal/contract';
import { PRODUCT_CATEGORIES } from '@thaiyal/contract/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { CatalogSyncContext } from '../api/catalog-sync';
import { uploadMultipart } from '../api/upload';
import { makeBanner } from '../../../test/render';
import { mockApi } from '../../../test/mock-api';
import { renderForAdmin } from '../test/admin-fixtures';
import { BannersPanel } from './banners-panel';

vi.mock('../api/upload', () => ({ uploadMultipart: vi.fn() }));
const upload = vi.mocked(uploadMultipart);

const banner = makeBanner({ _id: '3a1f2e4d-5b6c-4d7e-8f90-1a2b3c4d5e6f', image: '/uploads/b/ff00-640.webp', headline: 'Bridal aari work' });

function fillForm() {
  fireEvent.change(screen.getByLabelText('Banner category'), { target: { value: 'embroidery' } });
  fireEvent.change(screen.getByLabelText('Banner image'), {
    target: { files: [new File([new Uint8Array(8)], 'offer.png', { type: 'image/png' })] },
  });
}

describe('BannersPanel (docs/product.md#admin-dashboard Banners tab, docs/product.md#validation Banner form, docs/product.md#messages)', () => {
  beforeEach(() => {
    upload.mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the banners in a grid and a table whose Price says 'Banner'", async () => {
    mockApi({ 'GET /banner': () => ({ status: 200, body: { banners: [banner] } }) });
    renderForAdmin(<BannersPanel />);
    const grid = await screen.findByRole('list', { name: 'Banner pictures' });
    expect(within(grid).getByRole('img', { name: 'Banner: aari' }).getAttribute('src')).toBe('/uploads/b/ff00-320.webp');
    const row = screen.getByRole('table').querySelector('tbody tr')!;
    expect(within(row as HTMLElement).getByText('Banner')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('aari')).toBeTruthy();
  });

  it('offers the docs/product.md#limits banner categories and needs a category and an image', async () => {
    mockApi({ 'GET /banner': () => ({ status: 200, body: { banners: [] } }) });
    renderForAdmin(<BannersPanel />);
    const options = within(screen.getByLabelText('Banner category')).getAllByRole('option');
    const values = options.map((option) => (option as HTMLOptionElement).value);
    expect(values.slice(0, 5)).toEqual(['', 'blowse', 'embroidery', 'aari', 'custom']);
    // docs/product.md#home: every product category and the featured page too.
    expect(values.slice(5)).toEqual([...PRODUCT_CATEGORIES, 'featured']);
    expect(screen.getByRole('option', { name: 'Kids Dress Pattupavadai' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Featured page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Banner Upload' }));
    expect(await screen.findByText('Choose a banner category')).toBeTruthy();
    expect(screen.getByText('Add the banner image')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads category and image, then reloads the list and the home carousel', async () => {
    let banners: Banner[] = [];
    mockApi({ 'GET /banner': () => ({ status: 200, body: { banners } }) });
    upload.mockImplementation(async (path, form) => {
      expect(path).toBe('/banner');
      expect(form.get('category')).toBe('embroidery');
      expect((form.get('image') as File).name).toBe('offer.png');
      // The text over the picture is optional: empty fields are not sent.
      expect(['headline', 'headlineTa', 'line', 'lineTa'].map((name) => form.get(name))).toEqual([null, null, null, null]);
      banners = [{ ...banner, category: 'embroidery' }];
      return { banner: banners[0] };
    });
    const catalogChanged = vi.fn();
    renderForAdmin(
      <CatalogSyncContext value={catalogChanged}>
        <BannersPanel />
      </CatalogSyncContext>,
    );
    expect(await screen.findByText('No banners yet')).toBeTruthy();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Banner Upload' }));
    expect(await screen.findByText('Banner uploaded')).toBeTruthy();
    expect(catalogChanged).toHaveBeenCalledWith('banners');
    expect(await screen.findAllByRole('img', { name: 'Banner: embroidery' })).toHaveLength(2);
  });

  it('sends the headline and line in English and Tamil that the admin writes (docs/product.md#home)', async () => {
    mockApi({ 'GET /banner': () => ({ status: 200, body: { banners: [] } }) });
    upload.mockResolvedValueOnce({ banner });
    renderForAdmin(<BannersPanel />);
    fillForm();
    fireEvent.change(screen.getByLabelText('Headline (English)'), { target: { value: 'Embroidery in every thread' } });
    fireEvent.change(screen.getByLabelText('Headline (Tamil)'), { target: { value: 'ஒவ்வொரு நூலிலும் எம்ப்ராய்டரி' } });
    fireEvent.change(screen.getByLabelText('Line below the headline (English)'), { target: { value: 'Thread work blouses' } });
    expect(screen.getByLabelText('Line below the headline (Tamil)').getAttribute('lang')).toBe('ta');
    expect(screen.getByLabelText('Headline (English)').getAttribute('maxlength')).toBe('60');
    fireEvent.click(screen.getByRole('button', { name: 'Banner Upload' }));
    expect(await screen.findByText('Banner uploaded')).toBeTruthy();
    const form = upload.mock.calls[0]![1];
    expect(form.get('headline')).toBe('Embroidery in every thread');
    expect(form.get('headlineTa')).toBe('ஒவ்வொரு நூலிலும் எம்ப்ராய்டரி');
    expect(form.get('line')).toBe('Thread work blouses');
    expect(form.get('lineTa')).toBeNull();
    // The form is empty again for the next banner.
    await waitFor(() => expect((screen.getByLabelText('Headline (English)') as HTMLInputElement).value).toBe(''));
  });

  it("says 'Failed to create banner…' for an answer without a banner and 'Failed to upload banner…' (with the server's reason) for a failed upload", async () => {
    mockApi({ 'GET /banner': () => ({ status: 200, body: { banners: [] } }) });
    upload.mockResolvedValueOnce({});
    renderForAdmin(<BannersPanel />);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Banner Upload' }));
    expect(await screen.findByText('Failed to create banner. Please try again.')).toBeTruthy();

    upload.mockRejectedValueOnce(new ApiError(0, {}, 'Network error'));
    fireEvent.click(screen.getByRole('button', { name: 'Banner Upload' }));
    expect(await screen.findByText('Failed to upload banner. Please try again.')).toBeTruthy();

    // A refusal with a reason names it after the product's text (decision 011).
    upload.mockRejectedValueOnce(new ApiError(413, { message: 'Each image must be at most 10 MB', code: 'payload_too_large' }, ''));
    fireEvent.click(screen.getByRole('button', { name: 'Banner Upload' }));
    expect(await screen.findByText('Failed to upload banner. Please try again. Each image must be at most 10 MB')).toBeTruthy();
  });

  it("asks 'Confirm Deletion?' when a banner is clicked; No keeps it, a failed Yes says 'Failed to delete banners.' and 'banner not delete'", async () => {
    const calls = mockApi({
      'GET /banner': () => ({ status: 200, body: { banners: [banner] } }),
      [`DELETE /banner/${banner._id}`]: () => ({ status: 500, body: { message: 'Internal Server Error', code: 'internal' } }),
    });
    renderForAdmin(<BannersPanel />);
    const grid = await screen.findByRole('list', { name: 'Banner pictures' });
    fireEvent.click(within(grid).getByRole('button', { name: 'Delete banner aari' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm Deletion?' })).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).not.toContainEqual(expect.objectContaining({ method: 'DELETE' }));

    const row = screen.getByRole('table').querySelector('tbody tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete banner aari' }));
    expect(screen.queryByText('banner not delete')).toBeNull();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to delete banners.')).toBeTruthy();
    // docs/product.md#messages lists both texts: the toast above and this status line, which stays.
    expect((await screen.findByText('banner not delete')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('img', { name: 'Banner: aari' })).toHaveLength(2);
  });
});
