import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { OfferLine, offerOf } from './offer-line';

describe('the Special offer line (docs/product.md#product-detail)', () => {
  afterEach(async () => {
    await initI18n('en');
  });

  it.each([
    ['no compare-at price', 1250, null, null],
    ['an MRP equal to the price', 1250, 1250, null],
    ['an MRP below the price', 1250, 1000, null],
    ['an MRP above the price', 1250, 1500, { mrp: 1500, price: 1250, percentOff: 16 }],
    ['a tiny cut rounds down, never up', 999.5, 1000, { mrp: 1000, price: 999.5, percentOff: 0 }],
  ])('with %s: %o', (_case, price, compareAtPrice, offer) => {
    expect(offerOf(price, compareAtPrice)).toEqual(offer);
  });

  it('shows nothing without an MRP above the price', () => {
    const { container } = render(
      <ul>
        <OfferLine price={1250} compareAtPrice={1250} icon={null} />
      </ul>,
    );
    expect(container.textContent).toBe('');
  });

  it('shows the MRP struck through, the price and the percent off', () => {
    render(
      <ul>
        <OfferLine price={1250} compareAtPrice={1500} icon={null} />
      </ul>,
    );
    const line = screen.getByTestId('offer-line');
    expect(line.textContent).toBe('Special offerMRP ₹1,500₹1,25016% off');
    expect(line.querySelector('s')?.textContent).toBe('₹1,500');
  });

  it('in Tamil says சிறப்புச் சலுகை விலை', async () => {
    await initI18n('ta');
    render(
      <ul>
        <OfferLine price={1250} compareAtPrice={1500} icon={null} />
      </ul>,
    );
    expect(screen.getByTestId('offer-line').textContent).toBe('சிறப்புச் சலுகை விலைஅதிகபட்ச விலை ₹1,500₹1,25016% தள்ளுபடி');
  });
});
