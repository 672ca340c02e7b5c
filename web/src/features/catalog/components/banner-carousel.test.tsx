import type { Banner } from '@thaiyal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { makeBanner, renderWithApp } from '../../../test/render';
import { BannerCarousel } from './banner-carousel';

// docs/product.md#home: a banner's headline and line are page text over its picture, in the
// page's language, the English where the shop wrote no Tamil, and nothing without text.

/** A banner with its text in both languages. */
function textedBanner(overrides: Partial<Banner> = {}): Banner {
  return makeBanner({
    _id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    image: '/uploads/banners/demo-banner-2-aari-640.webp',
    headline: 'Bridal aari work',
    headlineTa: 'மணப்பெண்ணுக்கு ஆரி வேலை',
    line: 'Zardosi, stones and mirror work for the big day',
    lineTa: 'முகூர்த்த நாளுக்கு ஜர்தோசி, கல், கண்ணாடி வேலைப்பாடு',
    ...overrides,
  });
}

/** The first banner's link, which holds its picture and its text. */
function firstSlideLink(): HTMLElement {
  return within(screen.getAllByRole('group')[0]!).getByRole('link');
}

async function inTamil(run: () => void): Promise<void> {
  await initI18n('ta');
  try {
    run();
  } finally {
    await initI18n('en');
  }
}

describe('BannerCarousel text over the picture (docs/product.md#home)', () => {
  it('shows the English headline and line over the picture on an English page, inside the banner link', () => {
    renderWithApp(<BannerCarousel banners={[textedBanner()]} isLoading={false} />);
    const link = firstSlideLink();
    expect(link.getAttribute('href')).toBe('/category/aariwork-blouse');
    expect(within(link).getByText('Bridal aari work')).toBeTruthy();
    expect(within(link).getByText('Zardosi, stones and mirror work for the big day')).toBeTruthy();
    expect(screen.queryByText('மணப்பெண்ணுக்கு ஆரி வேலை')).toBeNull();
    // The picture stays the first paint's: eager and high priority.
    const picture = within(link).getByRole('img');
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
  });

  it('leads to a product category or the featured page where the shop chose one (docs/product.md#home)', () => {
    renderWithApp(
      <BannerCarousel
        banners={[
          textedBanner({ category: 'kids-dress-pattupavadai' }),
          textedBanner({ _id: '7f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', category: 'featured' }),
          textedBanner({ _id: '8f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', category: 'custom' }),
        ]}
        isLoading={false}
      />,
    );
    const links = screen.getAllByRole('group').map((slide) => within(slide).getByRole('link'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/category/kids-dress-pattupavadai',
      '/featured',
      '/category/designer-blouse',
    ]);
  });

  it('shows the Tamil headline and line on a Tamil page', async () => {
    await inTamil(() => {
      renderWithApp(<BannerCarousel banners={[textedBanner()]} isLoading={false} />);
      const link = firstSlideLink();
      expect(within(link).getByText('மணப்பெண்ணுக்கு ஆரி வேலை')).toBeTruthy();
      expect(within(link).getByText('முகூர்த்த நாளுக்கு ஜர்தோசி, கல், கண்ணாடி வேலைப்பாடு')).toBeTruthy();
      expect(screen.queryByText('Bridal aari work')).toBeNull();
    });
  });

  it('on a Tamil page falls back to the English text the shop wrote when the Tamil is empty', async () => {
    await inTamil(() => {
      renderWithApp(<BannerCarousel banners={[textedBanner({ headlineTa: '', lineTa: '' })]} isLoading={false} />);
      const link = firstSlideLink();
      expect(within(link).getByText('Bridal aari work')).toBeTruthy();
      expect(within(link).getByText('Zardosi, stones and mirror work for the big day')).toBeTruthy();
    });
  });

  it('shows only the picture, without a scrim, when the banner has no text in either language', async () => {
    const bare = textedBanner({ headline: '', headlineTa: '', line: '', lineTa: '' });
    const { unmount } = renderWithApp(<BannerCarousel banners={[bare]} isLoading={false} />);
    let link = firstSlideLink();
    expect(link.textContent).toBe('');
    expect(link.children).toHaveLength(1);
    unmount();
    await inTamil(() => {
      renderWithApp(<BannerCarousel banners={[bare]} isLoading={false} />);
      link = firstSlideLink();
      expect(link.textContent).toBe('');
      expect(link.children).toHaveLength(1);
    });
  });

  it('shows a headline alone when the banner has no line', () => {
    renderWithApp(<BannerCarousel banners={[textedBanner({ line: '', lineTa: '' })]} isLoading={false} />);
    const link = firstSlideLink();
    expect(link.textContent).toBe('Bridal aari work');
  });
});
