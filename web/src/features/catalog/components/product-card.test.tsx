import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { makeProduct, renderWithApp } from '../../../test/render';
import { ProductActionsProvider } from './product-actions';
import { ProductCard } from './product-card';

describe('ProductCard (docs/product.md#product-card)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the name and the price with a rupee sign, and links to /view/{id}/{category}', () => {
    const product = makeProduct();
    renderWithApp(<ProductCard product={product} />);
    expect(screen.getByRole('heading', { name: 'Kanchi Silk Saree Blouse' })).toBeTruthy();
    expect(screen.getByText('₹1,250')).toBeTruthy();
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`/view/${product._id}/saree-blouse`);
  });

  it('on a Tamil page shows the Tamil name, and the English one when the shop wrote none', async () => {
    await initI18n('ta');
    try {
      const { unmount } = renderWithApp(<ProductCard product={makeProduct()} />);
      expect(screen.getByRole('heading', { name: 'காஞ்சி பட்டு புடவை பிளவுஸ்' })).toBeTruthy();
      expect(screen.getByRole('img', { name: 'காஞ்சி பட்டு புடவை பிளவுஸ்' })).toBeTruthy();
      unmount();
      renderWithApp(<ProductCard product={makeProduct({ nameTa: '' })} />);
      expect(screen.getByRole('heading', { name: 'Kanchi Silk Saree Blouse' })).toBeTruthy();
    } finally {
      await initI18n('en');
    }
  });

  it('shows the real rating when there are reviews, and none without', () => {
    const { unmount } = renderWithApp(<ProductCard product={makeProduct()} />);
    expect(screen.queryByText(/out of 5/)).toBeNull();
    expect(screen.queryByText(/★/)).toBeNull();
    unmount();
    renderWithApp(<ProductCard product={makeProduct({ rating: { average: 4.3, count: 12 } })} />);
    expect(screen.getByText('4.3 out of 5 (12 reviews)')).toBeTruthy();
  });

  it('says what the price pays for: the stitching alone, or with the fabric', () => {
    const { unmount } = renderWithApp(<ProductCard product={makeProduct()} />);
    expect(screen.getByText('Stitching only')).toBeTruthy();
    unmount();
    renderWithApp(<ProductCard product={makeProduct({ priceIncludesFabric: true })} />);
    expect(screen.getByText('With fabric')).toBeTruthy();
    expect(screen.queryByText('Stitching only')).toBeNull();
  });

  it('draws the first picture at 320 px with a srcset of every stored width and a fixed size', () => {
    renderWithApp(<ProductCard product={makeProduct()} />);
    const image = screen.getByRole('img', { name: 'Kanchi Silk Saree Blouse' });
    expect(image.getAttribute('src')).toBe('/uploads/p/ab12-320.webp');
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/p/ab12-320.webp 320w, /uploads/p/ab12-640.webp 640w, /uploads/p/ab12-1280.webp 1280w',
    );
    expect(image.getAttribute('width')).toBe('320');
    expect(image.getAttribute('height')).toBe('427');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('hands the heart to the app and shows the wishlisted state', () => {
    const product = makeProduct();
    const toggleWishlist = vi.fn();
    renderWithApp(
      <ProductActionsProvider value={{ isWishlisted: (id) => id === product._id, toggleWishlist }}>
        <ProductCard product={product} />
      </ProductActionsProvider>,
    );
    const heart = screen.getByRole('button', { name: 'Remove Kanchi Silk Saree Blouse from wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    expect(toggleWishlist).toHaveBeenCalledWith(product);
  });

  it('shares name, text and the absolute product link, or only logs an error without navigator.share', async () => {
    const product = makeProduct();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderWithApp(<ProductCard product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share Kanchi Silk Saree Blouse' }));
    await vi.waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: product.name,
        text: product.description,
        url: `${window.location.origin}/view/${product._id}/saree-blouse`,
      }),
    );

    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Share Kanchi Silk Saree Blouse' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledOnce());
  });

  it('shares the first picture as a file where the browser can share files (docs/product.md#screens: image, name and link)', async () => {
    const product = makeProduct();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => Boolean(data.files?.length), configurable: true });
    const fetched = vi.fn(
      async (_input: RequestInfo | URL) => new Response('webp bytes', { status: 200, headers: { 'Content-Type': 'image/webp' } }),
    );
    vi.stubGlobal('fetch', fetched);
    try {
      renderWithApp(<ProductCard product={product} />);
      fireEvent.click(screen.getByRole('button', { name: 'Share Kanchi Silk Saree Blouse' }));
      await vi.waitFor(() => expect(share).toHaveBeenCalledOnce());
      expect(String(fetched.mock.calls[0]?.[0])).toBe(product.images[0]);
      const shared = share.mock.calls[0]![0] as ShareData;
      expect(shared).toMatchObject({ title: product.name, url: `${window.location.origin}/view/${product._id}/saree-blouse` });
      expect(shared.files).toHaveLength(1);
      expect(shared.files![0]).toMatchObject({ name: 'ab12-640.webp', type: 'image/webp' });
    } finally {
      vi.unstubAllGlobals();
      Object.defineProperty(navigator, 'canShare', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    }
  });
});
