import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { RatingText } from './rating';

describe('RatingText (docs/product.md#reviews)', () => {
  afterEach(async () => {
    await initI18n('en');
  });

  it.each([
    ['no review', { average: null, count: 0 }],
    ['a count of 0 with an average', { average: 4, count: 0 }],
  ])('shows nothing with %s', (_case, rating) => {
    const { container } = render(<RatingText rating={rating} />);
    expect(container.textContent).toBe('');
  });

  it.each([
    [{ average: 4.3, count: 12 }, '★ 4.3 out of 5 (12 reviews)'],
    [{ average: 5, count: 1 }, '★ 5.0 out of 5 (1 review)'],
  ])('shows the real average and count: %o', (rating, text) => {
    const { container } = render(<RatingText rating={rating} />);
    expect(container.textContent).toBe(text);
  });

  it('on a card shows ★ 4.3 (12) and reads out the whole sentence', () => {
    const { container } = render(<RatingText rating={{ average: 4.3, count: 12 }} compact />);
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('★ 4.3 (12)');
    expect(screen.getByText('4.3 out of 5 (12 reviews)').className).toContain('sr-only');
  });

  it('speaks Tamil on a Tamil page', async () => {
    await initI18n('ta');
    const { container } = render(<RatingText rating={{ average: 4.3, count: 12 }} />);
    expect(container.textContent).toBe('★ 5-க்கு 4.3 மதிப்பீடு (12 மதிப்புரைகள்)');
  });
});
