import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { makeProduct } from '../../../test/render';
import { uploadMultipart } from '../api/upload';
import { renderForAdmin } from '../test/admin-fixtures';
import { CreateProductForm } from './create-product-form';

vi.mock('../api/upload', () => ({ uploadMultipart: vi.fn() }));
const upload = vi.mocked(uploadMultipart);

function picture(name: string, type = 'image/png', bytes = 10): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function fill() {
  fireEvent.input(screen.getByLabelText('Product Name'), { target: { value: 'Peacock Aari Blouse' } });
  fireEvent.input(screen.getByLabelText('Description'), { target: { value: 'Aari work with peacock motifs.' } });
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'aariwork-blouse' } });
  fireEvent.input(screen.getByLabelText('Price (₹)'), { target: { value: '1450.50' } });
}

function choose(files: File[]) {
  fireEvent.change(screen.getByLabelText('Product Image'), { target: { files } });
}

// Every test of the file starts with no upload made, and with URL.createObjectURL (the previews need it; jsdom lacks it) stubbed.
beforeEach(() => {
  upload.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The describes of CreateProductForm, by topic: each title starts with this. */
const CREATE_PRODUCT_FORM =
  'CreateProductForm (docs/product.md#admin-dashboard Create product, docs/product.md#validation Product form, docs/product.md#messages)';

describe(`${CREATE_PRODUCT_FORM}: categories`, () => {
  it('offers the docs/product.md#limits categories with their labels', () => {
    renderForAdmin(<CreateProductForm />);
    const options = within(screen.getByLabelText('Category')).getAllByRole('option');
    expect(options).toHaveLength(29);
    expect(options.map((option) => option.textContent)).toContain('gather-chudithar');
    expect(options.find((option) => option.textContent === 'gather-chudithar')?.getAttribute('value')).toBe('party-wear-chudithar');
  });

  it('names the categories in Tamil on a Tamil page', async () => {
    await act(async () => setLanguage('ta'));
    try {
      renderForAdmin(<CreateProductForm />);
      const select = screen.getByLabelText('வகை');
      const option = within(select)
        .getAllByRole('option')
        .find((one) => one.getAttribute('value') === 'aariwork-blouse');
      expect(option?.textContent).toBe('ஆரி வேலை பிளவுஸ்');
    } finally {
      await act(async () => setLanguage('en'));
    }
  });
});

describe(`${CREATE_PRODUCT_FORM}: checking the fields`, () => {
  it('requires every field and at least one image, and sends nothing', async () => {
    renderForAdmin(<CreateProductForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    for (const message of [
      'Enter the product name',
      'Enter a description',
      'Choose a category',
      'Enter a price in rupees above 0, with at most 2 decimals',
      'Add at least one image',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(upload).not.toHaveBeenCalled();
  });

  it.each([['0'], ['-5'], ['12.345']])('refuses the price %s', async (price) => {
    renderForAdmin(<CreateProductForm />);
    fill();
    fireEvent.input(screen.getByLabelText('Price (₹)'), { target: { value: price } });
    choose([picture('a.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Enter a price in rupees above 0, with at most 2 decimals')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends the Tamil name, the Tamil description and the MRP when given', async () => {
    upload.mockResolvedValue({ product: makeProduct({ name: 'Peacock Aari Blouse' }) });
    renderForAdmin(<CreateProductForm />);
    fill();
    fireEvent.input(screen.getByLabelText('Product name in Tamil (optional)'), { target: { value: 'மயில் ஆரி பிளவுஸ்' } });
    fireEvent.input(screen.getByLabelText('Description in Tamil (optional)'), { target: { value: 'மயில் டிசைன் ஆரி வேலை.' } });
    fireEvent.input(screen.getByLabelText('MRP (optional)'), { target: { value: '1800' } });
    choose([picture('a.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(upload).toHaveBeenCalled());
    const [, form] = upload.mock.calls[0]!;
    expect(form.get('nameTa')).toBe('மயில் ஆரி பிளவுஸ்');
    expect(form.get('descriptionTa')).toBe('மயில் டிசைன் ஆரி வேலை.');
    expect(form.get('compareAtPrice')).toBe('1800');
    expect(form.get('price')).toBe('1450.5');
  });

  it.each([
    ['an MRP equal to the price', '1450.50', 'The MRP must be above the price'],
    ['an MRP below the price', '1000', 'The MRP must be above the price'],
    ['an MRP with 3 decimals', '1800.555', 'Enter a price in rupees above 0, with at most 2 decimals'],
  ])('refuses %s, as the edit dialog does, and sends nothing', async (_case, mrp, message) => {
    renderForAdmin(<CreateProductForm />);
    fill();
    fireEvent.input(screen.getByLabelText('MRP (optional)'), { target: { value: mrp } });
    choose([picture('a.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a Tamil name longer than the limit', async () => {
    renderForAdmin(<CreateProductForm />);
    fill();
    const field = screen.getByLabelText('Product name in Tamil (optional)');
    field.removeAttribute('maxlength');
    fireEvent.input(field, { target: { value: 'அ'.repeat(81) } });
    choose([picture('a.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('This is too long')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    renderForAdmin(<CreateProductForm />);
    fill();
    choose([picture('notes.pdf', 'application/pdf')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Only image files can be uploaded')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });
});

describe(`${CREATE_PRODUCT_FORM}: choosing images and uploading`, () => {
  it('keeps only the first 6 of 7 chosen images, says so, and previews them', () => {
    renderForAdmin(<CreateProductForm />);
    choose(Array.from({ length: 7 }, (_, index) => picture(`p${index + 1}.png`)));
    expect(screen.getByText('You chose 7 images; only the first 6 are kept.')).toBeTruthy();
    const previews = within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('img');
    expect(previews).toHaveLength(6);
    expect(previews[5]!.getAttribute('alt')).toBe('Chosen image 6: p6.png');
  });

  it("uploads the fields and 6 images, shows 'Creating...' and progress, then toasts and resets", async () => {
    let finish: (value: unknown) => void = () => {};
    upload.mockImplementation((_path, _form, options) => {
      options?.onProgress?.(0.4);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    renderForAdmin(<CreateProductForm />);
    fill();
    fireEvent.change(screen.getByLabelText('The price is for'), { target: { value: 'true' } });
    choose(Array.from({ length: 7 }, (_, index) => picture(`p${index + 1}.png`)));
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByRole('button', { name: 'Creating...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('40');
    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe('/product');
    expect(form.get('name')).toBe('Peacock Aari Blouse');
    expect(form.get('description')).toBe('Aari work with peacock motifs.');
    expect(form.get('category')).toBe('aariwork-blouse');
    expect(form.get('price')).toBe('1450.5');
    expect(form.get('priceIncludesFabric')).toBe('true');
    // Left empty: no Tamil text and no MRP.
    expect(form.get('nameTa')).toBe('');
    expect(form.get('descriptionTa')).toBe('');
    expect(form.get('compareAtPrice')).toBe('');
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['p1.png', 'p2.png', 'p3.png', 'p4.png', 'p5.png', 'p6.png']);

    finish({ product: makeProduct({ name: 'Peacock Aari Blouse' }) });
    expect(await screen.findByText('Product created: Peacock Aari Blouse')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('The price is for') as HTMLSelectElement).value).toBe('false');
    expect(screen.queryByRole('list', { name: 'Chosen images' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeTruthy();
  });

  it("says 'Failed to create product. Please try again.' followed by the server's reason for a refused upload, alone otherwise", async () => {
    upload.mockRejectedValueOnce(new ApiError(413, { message: 'Each image must be at most 10 MB', code: 'payload_too_large' }, ''));
    renderForAdmin(<CreateProductForm />);
    fill();
    choose([picture('a.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Failed to create product. Please try again. Each image must be at most 10 MB')).toBeTruthy();

    upload.mockRejectedValueOnce(new ApiError(415, { message: 'Only images can be uploaded', code: 'unsupported_media_type' }, ''));
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Failed to create product. Please try again. Only images can be uploaded')).toBeTruthy();

    upload.mockRejectedValueOnce(new ApiError(0, {}, 'Network error'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Failed to create product. Please try again.')).toBeTruthy();
    // The form keeps what was typed, to try again.
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe('Peacock Aari Blouse');
  });
});
