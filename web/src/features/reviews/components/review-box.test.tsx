import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { ReviewBox } from './review-box';
import { ReviewsList } from './reviews-list';

describe('ReviewBox (docs/product.md#reviews)', () => {
  it('sends the trimmed comment with the stars chosen', () => {
    const onSubmit = vi.fn();
    render(<ReviewBox onSubmit={onSubmit} pending={false} blocked={false} />);
    fireEvent.input(screen.getByLabelText('Write a review'), { target: { value: '  Lovely stitching  ' } });
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith('Lovely stitching', 4);
  });

  it.each([
    ['no comment', '', '5 stars', 'Must be filled'],
    ['no stars', 'Lovely stitching', null, 'Choose from 1 to 5 stars'],
  ])('with %s says so and sends nothing', (_name, comment, star, message) => {
    const onSubmit = vi.fn();
    render(<ReviewBox onSubmit={onSubmit} pending={false} blocked={false} />);
    fireEvent.input(screen.getByLabelText('Write a review'), { target: { value: comment } });
    if (star) fireEvent.click(screen.getByLabelText(star));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers 1 star to 5 stars as one named radio group, and none of them once a review was refused', () => {
    render(<ReviewBox onSubmit={() => {}} pending={false} blocked />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    const choices = screen.getAllByRole('radio');
    expect(choices.map((choice) => choice.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    for (const choice of choices) {
      expect(group.contains(choice)).toBe(true);
      expect(choice.getAttribute('name')).toBe(choices[0]!.getAttribute('name'));
      expect(choice.matches(':disabled')).toBe(true);
    }
  });

  it('fills the stars up to the one chosen', () => {
    render(<ReviewBox onSubmit={() => {}} pending={false} blocked={false} />);
    fireEvent.click(screen.getByLabelText('3 stars'));
    const drawn = screen.getAllByRole('radio').map((choice) => choice.nextElementSibling?.className);
    expect(drawn.map((className) => className?.includes('amber'))).toEqual([true, true, true, false, false]);
    expect((screen.getByLabelText('3 stars') as HTMLInputElement).checked).toBe(true);
  });

  it('names its stars in Tamil on a Tamil page', async () => {
    await initI18n('ta');
    try {
      render(<ReviewBox onSubmit={() => {}} pending={false} blocked={false} />);
      expect(screen.getByRole('group', { name: 'உங்கள் மதிப்பீடு' })).toBeTruthy();
      expect(screen.getByLabelText('4 நட்சத்திரங்கள்')).toBeTruthy();
    } finally {
      await initI18n('en');
    }
  });

  it("the list shows each review's stars, read out as a count, and none for a review from before stars", () => {
    render(
      <ReviewsList
        reviews={[
          { username: 'Meena', comment: 'Lovely', stars: 4, createdAt: '2026-01-02T00:00:00.000Z' },
          { username: 'Kala', comment: 'Old review', stars: null, createdAt: '2025-01-02T00:00:00.000Z' },
        ]}
      />,
    );
    const stars = screen.getAllByRole('img');
    expect(stars).toHaveLength(1);
    expect(stars[0]!.getAttribute('aria-label')).toBe('4 stars');
    expect(stars[0]!.textContent).toBe('★★★★★');
    expect(stars[0]!.querySelector('.text-amber-600')?.textContent).toBe('★★★★');
  });
});
